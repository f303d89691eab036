// Example fallback: an operation without a stateful handler (FROM_EXAMPLE in a registry)
// answers a valid request with its contract example, marked `X-Mock-Source: example`, with a body
// valid against the operation's response schema (checked here with the test's own validator);
// stateful operations are marked `X-Mock-Source: state`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FROM_EXAMPLE, type HandlerRegistry } from '../../mock/core/handler.ts';
import { handlers } from '../../mock/resources/registry.ts';
import { operation, responseValidator, schemaErrors } from '../support/contract.ts';
import { demoTenant, memberWhere } from '../support/demo-tenants.ts';
import { type Harness, startHarness, T0, TRANSPORTS } from '../support/harness.ts';
import { offsetMismatches } from '../support/instants.ts';
import { signMemberJwt } from '../support/jwt.ts';
import { sampleRequest } from '../support/samples.ts';

const acme = demoTenant('acme');
// Every operation is served from state now (test/mock/no-example-replay.test.ts); the fallback is
// checked on a registry where every operation but listCalls answers its example.
const exampleBacked = Object.keys(handlers)
  .filter((id) => id !== 'listCalls')
  .sort();
const registry = { ...handlers, ...Object.fromEntries(exampleBacked.map((id) => [id, FROM_EXAMPLE])) } as HandlerRegistry;

describe.each(TRANSPORTS)('example fallback over %s', (transport) => {
  let h: Harness;
  let jwt: string;
  beforeAll(async () => {
    h = await startHarness(transport, { handlers: registry });
    jwt = await signMemberJwt(acme.state, memberWhere(acme, 'an email', () => true), { exp: Math.floor(T0 / 1000) + 3600 });
  });
  afterAll(() => h.close());

  it('has example-backed operations to check', () => {
    expect(exampleBacked.length).toBeGreaterThan(0);
  });

  it.each(exampleBacked)('%s answers its example, marked and schema-valid', async (operationId) => {
    const sample = sampleRequest(operation(operationId));
    const zone = 'America/St_Johns';
    const res = await h.call(sample.method, sample.path, {
      token: jwt,
      query: sample.query,
      headers: { 'x-timezone': zone },
      ...(sample.body === undefined ? {} : { json: sample.body }),
    });
    expect(res.status, res.text).toBeGreaterThanOrEqual(200);
    expect(res.status, res.text).toBeLessThan(300);
    expect(res.headers['x-mock-source']).toBe('example');
    const validate = responseValidator(operationId, res.status);
    expect(validate(res.body), schemaErrors(validate)).toBe(true);
    expect(res.headers['x-timezone']).toBe(zone);
    expect(offsetMismatches(res.body, zone)).toEqual([]);
  });

  it('marks a stateful answer as X-Mock-Source: state', async () => {
    const res = await h.call('GET', '/api/v1/calls');
    expect(res.status).toBe(200);
    expect(res.headers['x-mock-source']).toBe('state');
  });
});
