// `Prefer: code=` and `Prefer: example=` (README "Prefer"): a documented answer of the operation,
// in its shape and with the document's code, without the handler and without changing anything;
// authentication, tenant and permission still come first.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadContract } from '../../mock/contract/load.ts';
import { demoFixtures, demoTenant } from '../support/demo-tenants.ts';
import { type Harness, type Reply, startHarness, T0 } from '../support/harness.ts';

const acme = demoTenant('acme');
const prefer = (value: string) => ({ headers: { prefer: value } });

interface ErrorB {
  success: false;
  message: string;
  error: { code: string; details: string; field?: string; retryAfter?: number };
}

function exampleOf(path: string, method: string, status: string, name: string): unknown {
  const doc = loadContract() as unknown as { paths: Record<string, Record<string, { responses: Record<string, { content: { 'application/json': { examples: Record<string, { value: unknown }> } } }> }>> };
  return doc.paths[path]?.[method]?.responses[status]?.content['application/json'].examples[name]?.value;
}

/** Instants compared as instants (the mock renders them in the applied zone). */
function instantsAsMs(value: unknown): unknown {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(value)) return Date.parse(value);
  if (Array.isArray(value)) return value.map(instantsAsMs);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, instantsAsMs(v)]));
  return value;
}

function expectUsualHeaders(reply: Reply): void {
  expect(reply.headers['x-timezone']).toBe('Europe/Berlin');
  expect(Number(reply.headers['x-ratelimit-limit'])).toBeGreaterThan(0);
  expect(reply.headers['x-ratelimit-remaining']).toMatch(/^\d+$/);
}

describe('Prefer over HTTP', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness('http');
  });
  afterAll(() => h.close());
  beforeEach(async () => {
    h.mock.fixtures = demoFixtures();
    h.clock.freeze(T0);
    expect((await h.control('POST', '/reset')).status).toBe(200);
  });

  it('answers a documented error status in the shape the contract gives it, with the document code', async () => {
    // getFlow's 404 is Shape A; listCalls' is Shape B.
    const flow = await h.call('GET', `/api/v1/flow/${randomUUID()}`, prefer('code=404'));
    expect(flow.status).toBe(404);
    expect(flow.body).toEqual({ success: false, message: expect.any(String), data: [] });
    expect(flow.headers['preference-applied']).toBe('code=404');
    expectUsualHeaders(flow);

    const expected: Record<number, string> = { 401: 'MISSING_AUTH_TOKEN', 403: 'FORBIDDEN', 404: 'RESOURCE_NOT_FOUND', 422: 'VALIDATION_ERROR', 429: 'RATE_LIMIT_EXCEEDED', 500: 'INTERNAL_SERVER_ERROR' };
    for (const [status, code] of Object.entries(expected)) {
      const reply = await h.call('GET', '/api/v1/calls', prefer(`code=${status}`));
      expect(reply.status).toBe(Number(status));
      const body = reply.json<ErrorB>();
      expect(body.success).toBe(false);
      expect(body.error.code).toBe(code);
      expectUsualHeaders(reply);
      if (status === '422') expect(body.error.field).toEqual(expect.any(String));
      if (status === '429') {
        expect(reply.headers['retry-after']).toMatch(/^[1-9]\d*$/);
        expect(body.error.retryAfter).toBe(Number(reply.headers['retry-after']));
      } else expect(reply.headers['retry-after']).toBeUndefined();
    }
  });

  it('gives 409, 413 and 400 the contract codes where the operation documents them', async () => {
    const rebuild = await h.call('POST', `/api/v1/builder-agents/${randomUUID()}/rebuild`, { ...prefer('code=409'), json: {} });
    expect(rebuild.status).toBe(409);
    expect(rebuild.json<ErrorB>().error.code).toBe('CONFLICT');
    const hook = `/api/v1/agents/${randomUUID()}/webhooks`;
    const large = await h.call('POST', hook, { ...prefer('code=413'), json: {} });
    expect([large.status, large.json<ErrorB>().error.code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    const bad = await h.call('POST', hook, { ...prefer('code=400'), json: {} });
    expect([bad.status, bad.json<ErrorB>().error.code]).toEqual([400, 'BAD_REQUEST']);
  });

  it('answers the example of a success status, or the named one', async () => {
    const first = await h.call('GET', '/api/v1/coaching-agents', prefer('code=200'));
    expect(first.status).toBe(200);
    expect(first.headers['x-mock-source']).toBe('prefer');
    expect(instantsAsMs(first.body)).toEqual(instantsAsMs(exampleOf('/api/v1/coaching-agents', 'get', '200', 'twoAgents')));

    const empty = await h.call('GET', '/api/v1/coaching-agents', prefer('example=empty'));
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual(exampleOf('/api/v1/coaching-agents', 'get', '200', 'empty'));
    expect(empty.headers['preference-applied']).toBe('example=empty');
    expectUsualHeaders(empty);

    const created = await h.call('PUT', `/api/v1/builders/${randomUUID()}/files/content`, { ...prefer('code=201, example=created'), json: { path: 'a.txt', content: 'x' } });
    expect(created.status).toBe(201);
    expect(instantsAsMs(created.body)).toEqual(instantsAsMs(exampleOf('/api/v1/builders/{uuid}/files/content', 'put', '201', 'created')));
  });

  it('refuses a status the operation does not document, and an unknown example, naming what it has', async () => {
    const undocumented = await h.call('GET', '/api/v1/calls', prefer('code=503'));
    expect(undocumented.status).toBe(422);
    const body = undocumented.json<ErrorB>();
    expect(body.error).toMatchObject({ code: 'VALIDATION_ERROR', field: 'Prefer' });
    expect(body.error.details).toContain('503');
    expect(body.error.details).toContain('200, 401, 403, 404, 422, 429, 500');

    // Shape B even where the operation's own 422 is another shape.
    const unknown = await h.call('GET', '/api/v1/coaching-agents', prefer('example=nope'));
    expect(unknown.status).toBe(422);
    expect(unknown.json<ErrorB>().error.field).toBe('Prefer');
    expect(unknown.json<ErrorB>().error.details).toContain('twoAgents, empty');
  });

  it('changes nothing', async () => {
    const count = async () => (await h.call('GET', '/api/v1/coaching-agents')).json<{ data: { total: number } }>().data.total;
    const before = await count();
    const created = await h.call('POST', '/api/v1/coaching-agents', { ...prefer('code=201'), json: { name: 'Never stored' } });
    expect(created.status).toBe(201);
    expect(created.headers['x-mock-source']).toBe('prefer');
    expect(await count()).toBe(before);
  });

  it('never skips authentication, the tenant or the permission', async () => {
    const noToken = await h.call('GET', '/api/v1/calls', { ...prefer('code=200'), token: null });
    expect([noToken.status, noToken.json<ErrorB>().error.code]).toEqual([401, 'MISSING_AUTH_TOKEN']);
    const wrongToken = await h.call('GET', '/api/v1/calls', { ...prefer('code=200'), token: 'not-a-token' });
    expect([wrongToken.status, wrongToken.json<ErrorB>().error.code]).toEqual([401, 'INVALID_AUTH_TOKEN']);
    const noTenant = await h.call('GET', '/api/v1/calls', { ...prefer('code=200'), tenant: 'nowhere' });
    expect(noTenant.status).toBe(404);
    const readOnly = await h.call('POST', '/api/v1/coaching-agents', { ...prefer('code=201'), token: acme.readOnlyToken, json: { name: 'x' } });
    expect([readOnly.status, readOnly.json<ErrorB>().error.code]).toEqual([403, 'FORBIDDEN']);
  });
});
