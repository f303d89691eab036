// Project conventions that need more than a JSONPath rule (spec/CONVENTIONS.md): every operation
// takes X-Timezone and timezone; path templates match path parameters; bodies bring 400 and 413;
// the outbound-send rate limit marks exactly the four send operations, which take request_key.
import type { JsonObject } from '../../../contract/openapi-types.ts';
import { listOperations } from '../../../contract/operations.ts';
import { getAtPointer } from '../../../contract/pointer.ts';
import type { Problem, SpecCheckContext } from './problem.ts';

export const OUTBOUND_SEND_OPERATIONS = [
  'POST /api/v1/call',
  'POST /api/v1/whatsapp/template',
  'POST /api/v1/sms/send',
  'POST /api/v1/email/messages',
];

export function checkConventions(ctx: SpecCheckContext): Problem[] {
  const problems: Problem[] = [];
  const add = (where: string, message: string) => problems.push({ check: 'conventions', where, message, severity: 'error' });
  const tags = new Set(((ctx.doc.tags as Array<{ name: string }> | undefined) ?? []).map((t) => t.name));

  for (const op of listOperations(ctx.doc)) {
    const where = `${op.operationId} (${op.method.toUpperCase()} ${op.path})`;
    const params = op.parameters.map((p) => p.value);
    if (!params.some((p) => p.in === 'header' && p.name === 'X-Timezone')) add(where, 'missing the X-Timezone request header parameter');
    if (!params.some((p) => p.in === 'query' && p.name === 'timezone')) add(where, 'missing the timezone query parameter');

    const templated = [...op.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
    const declared = params.filter((p) => p.in === 'path').map((p) => p.name);
    for (const name of templated) if (!declared.includes(name as string)) add(where, `path parameter {${name}} is not declared`);
    for (const name of declared) if (!templated.includes(name)) add(where, `path parameter ${name} is not in the path`);

    for (const tag of (op.operation.tags as string[] | undefined) ?? []) {
      if (!tags.has(tag)) add(where, `tag "${tag}" is not declared in spec/openapi.yaml`);
    }

    if (op.requestBody) {
      for (const status of ['400', '413']) if (!op.responses.has(status)) add(where, `has a request body but no ${status} response`);
      if (!op.requestBody.value.content?.['application/json']) add(where, 'request body is not application/json');
    }
    if (![...op.responses.keys()].some((s) => s.startsWith('2'))) add(where, 'has no success response');
    for (const [status, response] of op.responses) {
      if (!response.value.content?.['application/json']?.schema) add(where, `response ${status} has no application/json schema`);
    }

    const route = `${op.method.toUpperCase()} ${op.path}`;
    const limited = op.sendLimited;
    const shouldBe = OUTBOUND_SEND_OPERATIONS.includes(route);
    if (limited !== shouldBe) {
      add(where, shouldBe ? 'a send operation needs x-rate-limit: outbound-send' : 'only the four send operations carry x-rate-limit');
    }
    if (shouldBe) {
      const body = op.requestBody?.value.content?.['application/json']?.schema;
      if (!schemaHasProperty(ctx.doc, body, 'request_key')) add(where, 'a send operation takes request_key in its body');
    }
  }
  return problems;
}

function schemaHasProperty(doc: unknown, schema: unknown, name: string, depth = 0): boolean {
  if (typeof schema !== 'object' || schema === null || depth > 10) return false;
  const s = schema as JsonObject;
  if (typeof s.$ref === 'string') return schemaHasProperty(doc, getAtPointer(doc, s.$ref), name, depth + 1);
  if (typeof s.properties === 'object' && s.properties !== null && name in s.properties) return true;
  return ['allOf', 'oneOf', 'anyOf'].some(
    (k) => Array.isArray(s[k]) && (s[k] as unknown[]).some((sub) => schemaHasProperty(doc, sub, name, depth + 1)),
  );
}
