// GET /api/v1/builders/{uuid}/files on an app a conversation deployed (seed "Endpoints": query
// `path`, "directory relative to the app root, default `.`"): without `path` the answer lists the
// app root, the same entries as `path=.`. Compared as sets of {name, type}; the order is inferred.
import type { RuleCheck } from '../../record/rule.ts';
import { inconclusive, requireRule } from '../../record/rule.ts';
import { describeAnswer, isSuccess } from '../../rules/verdicts.ts';
import type { Real } from '../model-kit.ts';

export const BUILDER_FILES_DEFAULT_ROOT: RuleCheck = {
  name: 'builder-files-default-root',
  rule: 'seed "Endpoints" GET /api/v1/builders/{uuid}/files: query path is a directory relative to the app root, default `.`: without it the root is listed',
};

/** The entries of a file list answer as sorted `type name` strings; undefined when it holds no such array. */
function entriesOf(json: unknown): string[] | undefined {
  const data = (json as { data?: unknown } | undefined)?.data;
  if (!Array.isArray(data)) return undefined;
  return data.map((e) => `${String((e as { type?: unknown }).type)} ${String((e as { name?: unknown }).name)}`).sort();
}

export async function checkFilesDefaultRoot(real: Real, app: string): Promise<void> {
  const op = real.client.op('listBuilderFiles');
  const root = await real.client.send({ op, pathParams: { uuid: app }, query: { path: '.' } });
  const plain = await real.client.send({ op, pathParams: { uuid: app } });
  for (const answer of [root, plain]) {
    if (!isSuccess(answer)) return inconclusive(BUILDER_FILES_DEFAULT_ROOT, op.operationId, `listing the files of app ${app} answered ${describeAnswer(answer)}`, answer);
  }
  const atRoot = entriesOf(root.json);
  const byDefault = entriesOf(plain.json);
  if (!atRoot || !byDefault) return inconclusive(BUILDER_FILES_DEFAULT_ROOT, op.operationId, `the file list of app ${app} has no data array`, atRoot ? plain : root);
  const same = JSON.stringify(atRoot) === JSON.stringify(byDefault);
  requireRule(
    BUILDER_FILES_DEFAULT_ROOT,
    op.operationId,
    same ? true : { message: `without path the files of app ${app} are ${JSON.stringify(byDefault)}; the root (path .) holds ${JSON.stringify(atRoot)}`, part: 'documented' },
    plain,
  );
}
