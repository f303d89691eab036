// The body matches the schema the contract gives the operation for that status (seed "Resources
// and their fields", "Response envelope", "Errors"). Each mismatch is judged by the label of the
// part it is about (contract/labels.ts: the nearest labelled node on the way from the operation
// to the value; a broken keyword with its own label in `x-contract-constraints` takes that one).
import type { Part } from '../contract/operation.ts';
import { instanceSegments } from '../contract/instance-path.ts';
import type { ExchangeCheck, Violation } from './check.ts';

const MAX_LISTED = 6;

export const responseSchema: ExchangeCheck = {
  name: 'response-schema',
  rule: 'seed "Resources and their fields" / "Response envelope": the body matches the schema of its status',
  run(ex, ctx) {
    const validate = ctx.op.responseValidator(ex.response.status);
    if (!validate) return 'skip';
    if (ctx.json === undefined) return [{ message: 'the body is not JSON, so it cannot match its schema', part: ctx.partAt([]) }];
    if (validate(ctx.json)) return 'pass';
    const byPart = new Map<Part, string[]>();
    for (const error of validate.errors ?? []) {
      if (['oneOf', 'anyOf', 'if', 'allOf'].includes(error.keyword) && (validate.errors?.length ?? 0) > 1) continue;
      const segments = instanceSegments(error.instancePath);
      if (error.keyword === 'required') segments.push(String(error.params.missingProperty));
      if (error.keyword === 'additionalProperties') segments.push(String(error.params.additionalProperty));
      const presence = error.keyword === 'required' || error.keyword === 'additionalProperties';
      const at = ctx.partAt(segments, presence ? undefined : error.keyword);
      const list = byPart.get(at) ?? [];
      list.push(`${error.instancePath || '/'} ${error.message ?? error.keyword}${error.keyword === 'additionalProperties' ? ` (${String(error.params.additionalProperty)})` : ''}`);
      byPart.set(at, list);
    }
    const out: Violation[] = [];
    for (const [at, list] of byPart) {
      const unique = [...new Set(list)];
      const more = unique.length > MAX_LISTED ? ` (+${unique.length - MAX_LISTED} more)` : '';
      out.push({ message: `the ${ex.response.status} body does not match its schema: ${unique.slice(0, MAX_LISTED).join('; ')}${more}`, part: at });
    }
    return out.length > 0 ? out : 'pass';
  },
};
