// Property: whatever a client sends, the mock never answers 5xx for it, and every error body is
// exactly Shape A or Shape B (seed "Errors"), with X-Timezone on every response (seed "Time
// handling" rule 5). Requests go straight to the mock core in-process, with response validation
// on (a response that breaks the contract throws and fails the property), in short sequences on
// fresh state:
// - "plausible" requests: a real operation with its own method, a tenant and a token of that
//   tenant, path segments from the fixtures or from earlier responses of the sequence, example
//   query values and example bodies whose references point at the tenant's own records, then
//   mutated (a key dropped or replaced by junk);
// - "chaos" requests: random methods, junk paths, random hosts and auth headers, random X-Timezone,
//   random query strings and bodies (random JSON, random objects, junk text and bytes).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MockRequest } from '../../mock/core/types.ts';
import { reviveInstants } from '../../mock/state/instant-json.ts';
import type { WorkspaceState } from '../../mock/state/workspace.ts';
import { contractOperations, errorShapeOf } from '../support/contract.ts';
import { demoFixtures, demoTenant, memberWhere } from '../support/demo-tenants.ts';
import { T0, testMock } from '../support/harness.ts';
import { signMemberJwt } from '../support/jwt.ts';
import { parameterExample, requestBodyExamples, requestBodyKeys } from '../support/samples.ts';

// At least RUNS × MIN_PER_RUN requests (the total is checked at the end). FUZZ_RUNS sets a longer
// run by hand (`FUZZ_RUNS=26000 npx vitest run test/mock/fuzz.test.ts`: over 100,000 requests).
const RUNS = Math.max(2_600, Number(process.env.FUZZ_RUNS ?? 0) || 0);
const MIN_PER_RUN = 4;

const fixtures = demoFixtures();
const tenants = { acme: demoTenant('acme', fixtures), globex: demoTenant('globex', fixtures) };
type Slug = keyof typeof tenants;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
function uuidsIn(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string' && UUID.test(value)) out.push(value);
  else if (Array.isArray(value)) for (const v of value) uuidsIn(v, out);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) uuidsIn(v, out);
  return out;
}
const knownUuids = [...new Set(uuidsIn(fixtures))];

// ---- values -------------------------------------------------------------------------------

const junk = fc.oneof(fc.string({ maxLength: 12 }), fc.string({ unit: 'binary', maxLength: 8 }));
const timestamps = fc
  .date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true })
  .chain((d) => fc.constantFrom(d.toISOString(), d.toISOString().slice(0, 19), d.toISOString().slice(0, 10), `${d.toISOString().slice(0, 19)}+05:45`));
const anyValue = fc.oneof(
  { weight: 3, arbitrary: junk },
  { weight: 2, arbitrary: fc.constantFrom(...knownUuids) },
  { weight: 1, arbitrary: fc.uuid() },
  { weight: 1, arbitrary: timestamps },
  { weight: 1, arbitrary: fc.constantFrom('+4915112345678', '12-345', '+1234567890123456', 'maria.schneider@acme.example', '0', '-1', '1e9', 'true') },
  { weight: 1, arbitrary: fc.integer().map(String) },
);
const anyJson = fc.oneof(anyValue, fc.jsonValue({ maxDepth: 2 }));

// ---- paths --------------------------------------------------------------------------------

/** A path segment: a uuid seen earlier in the sequence (by index), or a literal. */
type Segment = { recent: number } | { literal: string };
const plausibleSegment: fc.Arbitrary<Segment> = fc.oneof(
  { weight: 4, arbitrary: fc.nat(50).map((recent) => ({ recent })) },
  { weight: 3, arbitrary: fc.constantFrom(...knownUuids).map((literal) => ({ literal })) },
  { weight: 1, arbitrary: fc.uuid().map((literal) => ({ literal })) },
  { weight: 1, arbitrary: junk.map((j) => ({ literal: encodeURIComponent(j) })) },
);
const chaosSegment: fc.Arbitrary<Segment> = fc.oneof(
  plausibleSegment,
  junk.map((literal) => ({ literal })),
  fc.constantFrom('email', 'whatsapp', 'sms', 'available-endpoints', '%', '%E0%A4%A', '..', '').map((literal) => ({ literal })),
);

interface Template {
  parts: Array<string | { param: string }>;
}
function templateOf(path: string): Template {
  return { parts: path.split(/(\{[^}]+\})/).filter((p) => p !== '').map((p) => (p.startsWith('{') ? { param: p.slice(1, -1) } : p)) };
}
function fill(template: Template, segments: Segment[], recent: string[]): string {
  let i = 0;
  return template.parts
    .map((part) => {
      if (typeof part === 'string') return part;
      const seg = segments[i++] ?? { recent: 0 };
      if ('literal' in seg) return seg.literal;
      return recent.length > 0 ? (recent[recent.length - 1 - (seg.recent % recent.length)] as string) : (knownUuids[seg.recent % knownUuids.length] as string);
    })
    .join('');
}

const junkPath = fc
  .array(fc.oneof(junk.map(encodeURIComponent), fc.constantFrom('api', 'v1', 'calls', 'tokens', 'call', 'sms')), { maxLength: 5 })
  .chain((parts) => fc.constantFrom(`/api/v1/${parts.join('/')}`, `/${parts.join('/')}`, `/api/v2/${parts.join('/')}`));

// ---- bodies -------------------------------------------------------------------------------

/** Example values pointing at the spec's invented records are swapped for the tenant's own. */
function candidates(ws: WorkspaceState, key: string, value: unknown): string[] | undefined {
  const uuids = (list: Array<{ uuid: string }>) => list.map((x) => x.uuid);
  switch (key) {
    case 'agent_uuid':
    case 'agentId':
      return uuids(ws.agents);
    case 'phone_number_uuid':
      return uuids(ws.phone_numbers);
    case 'email_address_uuid':
      return uuids(ws.email_addresses);
    case 'template_setting_uuid':
      return uuids(ws.template_settings);
    case 'template_uuid':
    case 'templateId':
      return uuids(ws.whatsapp_templates);
    case 'user_email':
      return ws.members.map((m) => m.email);
    case 'from':
      return typeof value === 'string' && value.includes('@') ? ws.email_addresses.map((a) => a.address) : ws.phone_numbers.map((p) => p.number);
    default:
      return undefined;
  }
}
function adapt(value: unknown, ws: WorkspaceState, picks: number[], key = ''): unknown {
  if (Array.isArray(value)) return value.map((v) => adapt(v, ws, picks, key));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, adapt(v, ws, picks, k)]));
  const options = candidates(ws, key, value);
  if (!options || options.length === 0) return value;
  const pick = picks.shift() ?? 0;
  picks.push(pick);
  return options[pick % options.length];
}

type BodyPlan =
  | { example: unknown; picks: number[]; change?: { key: string; drop: boolean; value: unknown } }
  | { raw: string | Uint8Array | undefined };

function bodyPlans(examples: unknown[], keys: string[], chaos: boolean): fc.Arbitrary<BodyPlan> {
  const example = examples.length > 0 ? fc.constantFrom(...examples) : fc.constant({});
  const key = keys.length > 0 ? fc.constantFrom(...keys) : fc.string({ maxLength: 8 });
  const picks = fc.array(fc.nat(), { minLength: 1, maxLength: 6 });
  const asIs = fc.record({ example, picks });
  const changed = fc.record({ example, picks, change: fc.record({ key, drop: fc.boolean(), value: anyJson }) });
  const json = (v: unknown) => ({ raw: JSON.stringify(v) });
  const randomObject = fc.dictionary(key, anyJson, { maxKeys: 6 }).map(json);
  if (!chaos) return fc.oneof({ weight: 5, arbitrary: asIs }, { weight: 4, arbitrary: changed }, { weight: 1, arbitrary: randomObject });
  return fc.oneof(
    { weight: 2, arbitrary: changed },
    { weight: 2, arbitrary: randomObject },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map(json) },
    { weight: 1, arbitrary: fc.string({ maxLength: 40 }).map((raw) => ({ raw })) },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 40 }).map((raw) => ({ raw })) },
    { weight: 1, arbitrary: fc.constant({ raw: undefined }) },
  );
}
function bodyBytes(plan: BodyPlan, ws: WorkspaceState | undefined): Uint8Array {
  let raw: string | Uint8Array | undefined;
  if ('raw' in plan) raw = plan.raw;
  else {
    const body = { ...((ws ? adapt(plan.example, ws, [...plan.picks]) : plan.example) as Record<string, unknown>) };
    if (plan.change?.drop) delete body[plan.change.key];
    else if (plan.change) body[plan.change.key] = plan.change.value;
    raw = JSON.stringify(body);
  }
  if (raw === undefined) return new Uint8Array();
  return typeof raw === 'string' ? new TextEncoder().encode(raw) : raw;
}

// ---- queries, headers ---------------------------------------------------------------------

function queries(params: Array<{ name: string; example: string | undefined }>, chaos: boolean): fc.Arbitrary<string> {
  const names = [...params.map((p) => p.name), 'timezone'];
  const examples = params.flatMap((p) => (p.example === undefined ? [] : [[p.name, p.example] as [string, string]]));
  const entries = [
    ...(examples.length > 0 ? [{ weight: chaos ? 1 : 4, arbitrary: fc.constantFrom(...examples) }] : []),
    { weight: 2, arbitrary: fc.tuple(fc.constantFrom(...names), anyValue) },
    { weight: chaos ? 2 : 0, arbitrary: fc.tuple(fc.string({ maxLength: 6 }), fc.string({ maxLength: 6 })) },
  ].filter((e) => e.weight > 0);
  return fc.array(fc.oneof(...entries), { maxLength: chaos ? 5 : 3 }).map((list) => new URLSearchParams(list).toString());
}

const zones = fc.oneof(
  fc.constantFrom('Europe/Berlin', 'W. Europe Standard Time', 'Pacific/Kiritimati', 'Pacific/Pago_Pago', 'Asia/Kathmandu', 'America/St_Johns', 'UTC', 'utc', 'Etc/GMT+12', 'Mars/Olympus', ''),
  fc.constantFrom(...Intl.supportedValuesOf('timeZone')),
  junk,
);
const methods = fc.oneof(fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS', 'TRACE'), fc.stringMatching(/^[A-Z]{1,8}$/));
const chaosHosts = fc.constantFrom('acme.localhost', 'ACME.localhost:4010', 'globex.localhost', 'nobody.localhost', 'localhost', '127.0.0.1:4010', undefined, '[::1]:80');

// ---- the property -------------------------------------------------------------------------

interface Planned {
  method: string;
  template: Template | string;
  segments: Segment[];
  query: string;
  body: BodyPlan;
  tenant: Slug | undefined;
  host: string | undefined;
  authorization: string | undefined;
  zone: string | undefined;
  advance: number;
}

/** A deep copy of plain JSON-like state with `Date` instants (what fixtures revive to). */
function deepCopy<T>(value: T): T {
  if (Array.isArray(value)) return value.map(deepCopy) as T;
  if (value instanceof Date) return new Date(value.getTime()) as T;
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) out[key] = deepCopy((value as Record<string, unknown>)[key]);
    return out as T;
  }
  return value;
}

describe('fuzz: the mock under random requests', () => {
  it('answers no client mistake with a 5xx and every error in exactly Shape A or B', async () => {
    const mock = testMock({ rateLimits: { sendPerSecond: 5, generalPerMinute: 1_000_000_000 } });
    const exp = Math.floor(T0 / 1000) + 365 * 86_400;
    const auth: Record<Slug, string[]> = { acme: [], globex: [] };
    for (const slug of ['acme', 'globex'] as const) {
      const t = tenants[slug];
      const member = memberWhere(t, 'an email', () => true);
      auth[slug] = [
        `Bearer ${t.fullToken}`,
        `Bearer ${t.fullToken}`,
        `Bearer ${t.fullToken}`,
        `Bearer ${await signMemberJwt(t.state, member, { exp })}`,
        `Bearer ${await signMemberJwt(t.state, member, { exp, permissions: ['calls:*', 'messaging:write', 'conversations:write', 'tokens:read'] })}`,
        `Bearer ${t.readOnlyToken}`,
      ];
    }
    const chaosAuth = fc.oneof(
      fc.constant(undefined),
      fc.constantFrom(...auth.acme, ...auth.globex, `Bearer ${tenants.acme.revokedToken}`, 'Bearer a.b.c', 'Bearer', 'Basic dXNlcjpwYXNz'),
      fc.constantFrom(`Bearer ${await signMemberJwt(tenants.acme.state, memberWhere(tenants.acme, 'an email', () => true), { exp: Math.floor(T0 / 1000) - 60 })}`),
      junk.map((j) => `Bearer ${j}`),
    );

    const plans = contractOperations.map((op) => ({
      method: op.method.toUpperCase(),
      template: templateOf(op.path),
      params: op.parameters.filter((p) => p.value.in === 'query').map((p) => ({ name: p.value.name, example: parameterExample(p.value) })),
      examples: requestBodyExamples(op),
      keys: requestBodyKeys(op),
      arity: (op.path.match(/\{/g) ?? []).length,
    }));

    const plausible = fc.constantFrom(...plans).chain((p) =>
      fc.record<Planned>({
        method: fc.constant(p.method),
        template: fc.constant(p.template),
        segments: fc.array(plausibleSegment, { minLength: p.arity, maxLength: p.arity }),
        query: queries(p.params, false),
        body: bodyPlans(p.examples, p.keys, false),
        tenant: fc.constantFrom<Slug>('acme', 'acme', 'acme', 'globex'),
        host: fc.constant(undefined),
        authorization: fc.constant(undefined),
        zone: fc.option(zones, { nil: undefined, freq: 2 }),
        advance: fc.oneof(fc.constant(0), fc.nat(1500)),
      }),
    );
    const chaos = fc.constantFrom(...plans).chain((p) =>
      fc.record<Planned>({
        method: fc.oneof(fc.constant(p.method), methods),
        template: fc.oneof({ weight: 3, arbitrary: fc.constant(p.template) }, { weight: 1, arbitrary: junkPath }),
        segments: fc.array(chaosSegment, { minLength: p.arity, maxLength: p.arity }),
        query: queries(p.params, true),
        body: bodyPlans(p.examples, p.keys, true),
        tenant: fc.constant(undefined),
        host: chaosHosts,
        authorization: chaosAuth,
        zone: fc.option(zones, { nil: undefined }),
        advance: fc.nat(1500),
      }),
    );
    const tokenPick = fc.nat();
    const request = fc.tuple(fc.oneof({ weight: 7, arbitrary: plausible }, { weight: 3, arbitrary: chaos }), tokenPick);

    // Every sequence starts from the fixtures' state. store.load(fixtures) clones them and reads
    // every timestamp again each time; here they are read once and each sequence loads its own deep
    // copy of the result: the same state (checked here), for a fifth of the work over thousands of sequences.
    const fresh = mock.fixtures.map((ws) => reviveInstants(structuredClone(ws)));
    mock.store.load(mock.fixtures);
    const loaded = mock.store.all().map((w) => w.state);
    mock.store.load(deepCopy(fresh), new Map(), false);
    expect(mock.store.all().map((w) => w.state)).toEqual(loaded);
    let sent = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(request, { minLength: MIN_PER_RUN, maxLength: 8 }), async (sequence) => {
        mock.store.load(deepCopy(fresh), new Map(), false);
        const recent: string[] = [];
        for (const [r, pick] of sequence) {
          mock.clock.advance(r.advance);
          const host = r.tenant === undefined ? r.host : `${r.tenant}.localhost`;
          const tokens = r.tenant === undefined ? undefined : auth[r.tenant];
          const authorization = tokens === undefined ? r.authorization : tokens[pick % tokens.length];
          const ws = mock.store.get(r.tenant ?? 'acme')?.state;
          const path = typeof r.template === 'string' ? r.template : fill(r.template, r.segments, recent);
          if (path.startsWith(mock.config.controlPrefix)) continue;
          const req: MockRequest = {
            method: r.method,
            path,
            query: r.query,
            headers: { host, authorization, 'x-timezone': r.zone, 'content-type': 'application/json' },
            body: bodyBytes(r.body, ws),
          };
          const res = await mock.handle(req);
          sent++;
          const label = `${req.method} ${req.path}?${req.query} → ${res.status} ${res.body.slice(0, 300)}`;
          expect(res.status, label).toBeLessThan(500);
          expect(res.headers['x-timezone'], label).toBeTruthy();
          if (res.status >= 400) expect(errorShapeOf(JSON.parse(res.body)), label).toMatch(/^[AB]$/);
          if (res.status < 300 && res.body !== '') recent.push(...uuidsIn(JSON.parse(res.body)));
        }
      }),
      { numRuns: RUNS },
    );
    // Control-API paths are drawn but not sent: at least 25/26 of the minimum (10,000 by default) go out.
    expect(sent).toBeGreaterThanOrEqual(Math.floor((RUNS * MIN_PER_RUN * 25) / 26));
    if (process.env.FUZZ_RUNS) console.log(`fuzz: ${sent} requests, none 5xx, every error in Shape A or B`);
  });
});
