// A request to an operation as data (path and query parameters, JSON body), built from the
// contract's examples or generated from its schemas, then anchored to what the target workspace
// really has (an agent, a template setting, a member's email, the QA team's own destinations for
// real sends) and checked against the contract: a "valid" request always validates.
import fc from 'fast-check';
import type { SuiteContract } from '../contract/load.ts';
import type { SuiteOperation, SuiteParameter } from '../contract/operation.ts';
import type { Target } from '../target/target.ts';
import { schemaArbitrary } from './schema-arbitrary.ts';

export interface RequestPlan {
  pathParams: Record<string, string>;
  query: Record<string, string | string[]>;
  body?: unknown;
}

/** Parameters the time rules own (seed "Time handling" rule 3); generated data leaves them out. */
export const ZONE_PARAMETERS = new Set(['timezone', 'X-Timezone']);

export function generatedParameters(op: SuiteOperation): SuiteParameter[] {
  return op.parameters.filter((p) => (p.in === 'path' || p.in === 'query') && !ZONE_PARAMETERS.has(p.name));
}

export function queryValue(value: unknown): string | string[] {
  if (Array.isArray(value)) return value.map((v) => String(v));
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
}

function parameterValid(p: SuiteParameter, value: string | string[]): boolean {
  return p.validate({ v: p.isArray ? (Array.isArray(value) ? [...value] : [value]) : value });
}

let keyCounter = 0;
const runTag = Math.random().toString(36).slice(2, 8);

/** A request_key no earlier request used (idempotency keys must not collide between runs). */
export function freshRequestKey(label = 'conformance'): string {
  keyCounter++;
  return `${label}-${runTag}-${Date.now().toString(36)}-${keyCounter}`;
}

/** Where a send operation's body names its destination: a property, or a property of one. */
const DESTINATION: Record<string, [string, string?]> = {
  startCall: ['participant', 'number'],
  sendSms: ['phoneNumber'],
  sendWhatsappTemplate: ['phoneNumber'],
  sendEmailMessage: ['to'],
};

export interface AnchorResult {
  plan: RequestPlan;
  /** Set when the request must not be sent: a cost-incurring request with nowhere safe to go. */
  unsafe?: string;
}

/**
 * Puts the workspace's real identifiers into a request where its schema has room for them, and
 * for cost-incurring operations against a real deployment sends only to the QA team's own phone
 * and inbox. Every change is kept only if the request still validates.
 */
export function anchor(op: SuiteOperation, plan: RequestPlan, target: Target): AnchorResult {
  const out: RequestPlan = { pathParams: { ...plan.pathParams }, query: { ...plan.query } };
  if (plan.body !== undefined) out.body = structuredClone(plan.body);
  const body = out.body as Record<string, unknown> | undefined;
  const validateBody = op.body?.validate();
  const tryBody = (key: string, value: unknown) => {
    if (!isObject(body)) return;
    const obj = body;
    const before = obj[key];
    const had = key in obj;
    obj[key] = value;
    const candidate: unknown = obj;
    if (validateBody && !validateBody(candidate)) {
      if (had) obj[key] = before;
      else delete obj[key];
    }
  };
  const data = target.data;
  if (body && typeof body === 'object') {
    if (data.agent_uuid && 'agent_uuid' in body) tryBody('agent_uuid', data.agent_uuid);
    if (data.agent_uuid && 'agentId' in body) tryBody('agentId', data.agent_uuid);
    if (data.whatsapp_template_uuid && 'templateId' in body) tryBody('templateId', data.whatsapp_template_uuid);
    if (data.whatsapp_template_setting_uuid && 'contact_template_setting_id' in body) tryBody('contact_template_setting_id', data.whatsapp_template_setting_uuid);
    if (op.actsForPerson && data.member_email) tryBody('user_email', data.member_email);
    if (op.sendLimited && 'request_key' in body) tryBody('request_key', freshRequestKey());
  }
  const userEmail = op.parameters.find((p) => p.in === 'query' && p.name === 'user_email');
  if (op.actsForPerson && userEmail && data.member_email) out.query.user_email = data.member_email;

  if (op.sendLimited && !target.isMock && body && typeof body === 'object') {
    const wantsEmail = op.operationId === 'sendEmailMessage';
    const destination = wantsEmail ? data.send_to?.email : data.send_to?.phone;
    if (!destination) return { plan: out, unsafe: `no ${wantsEmail ? 'send_to.email' : 'send_to.phone'} in the target data, so nothing is sent` };
    const [key, inner] = DESTINATION[op.operationId] ?? ['to'];
    const current = body[key];
    tryBody(key, inner === undefined ? destination : { ...(isObject(current) ? current : {}), [inner]: destination });
    const placed = inner === undefined ? body[key] : (body[key] as Record<string, unknown> | undefined)?.[inner];
    if (placed !== destination) return { plan: out, unsafe: `the request cannot be pointed at ${destination}` };
  }
  return { plan: out };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The request the contract's examples describe (the n-th body example). */
export function examplePlan(op: SuiteOperation, n = 0): RequestPlan {
  const plan: RequestPlan = { pathParams: {}, query: {} };
  for (const p of generatedParameters(op)) {
    const example = p.examples[0];
    if (p.in === 'path') plan.pathParams[p.name] = String(example ?? '');
    else if (p.required && example !== undefined) plan.query[p.name] = queryValue(example);
  }
  if (op.body) {
    const examples = op.body.examples;
    if (examples.length > 0) plan.body = structuredClone(examples[n % examples.length]);
  }
  return plan;
}

/** Requests generated from the operation's schemas; a generated value that does not validate falls back to the example. */
export function validPlanArbitrary(contract: SuiteContract, op: SuiteOperation): fc.Arbitrary<RequestPlan> {
  const fallback = examplePlan(op);
  const params = generatedParameters(op).map((p) => {
    const values = schemaArbitrary(contract.doc, p.schema).map((v) => queryValue(v));
    const checked = values.map((v) => (parameterValid(p, v) ? v : undefined));
    const arb = p.required || p.in === 'path' ? checked : fc.option(checked, { nil: undefined, freq: 2 });
    return arb.map((value) => ({ p, value }));
  });
  const validateBody = op.body?.validate();
  const bodyArb: fc.Arbitrary<unknown> = op.body
    ? fc.oneof(
        { arbitrary: schemaArbitrary(contract.doc, { $ref: op.body.schemaPointer }), weight: 3 },
        { arbitrary: fc.constantFrom(...(op.body.examples.length > 0 ? op.body.examples : [fallback.body])), weight: 1 },
      )
    : fc.constant(undefined);
  return fc.tuple(fc.tuple(...params), bodyArb).map(([values, body]) => {
    const plan: RequestPlan = { pathParams: {}, query: {} };
    for (const { p, value } of values) {
      const v = value ?? (p.in === 'path' || p.required ? (fallback.pathParams[p.name] ?? fallback.query[p.name]) : undefined);
      if (v === undefined) continue;
      if (p.in === 'path') plan.pathParams[p.name] = Array.isArray(v) ? String(v[0]) : v;
      else plan.query[p.name] = v;
    }
    if (op.body) plan.body = body !== undefined && validateBody?.(body) ? structuredClone(body) : structuredClone(fallback.body);
    return plan;
  });
}
