// Forced responses without a body (POST /__mock/force) carry the document's code for their status
// (seed "Errors": 503 SERVICE_UNAVAILABLE, 500 INTERNAL_SERVER_ERROR; 502 BAD_GATEWAY, the
// contract's inferred code; 429 RATE_LIMIT_EXCEEDED with retryAfter), in Shape B, and 503 and 429
// say when to retry (Retry-After).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { errors } from '../../mock/pipeline/api-error.ts';
import type { ErrorB } from '../support/contract.ts';
import { type Harness, startHarness, T0 } from '../support/harness.ts';

describe('forced error responses', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness('fetch');
  });
  afterAll(() => h.close());
  beforeEach(async () => {
    h.clock.freeze(T0);
    await h.control('DELETE', '/force');
  });

  it.each([
    [503, 'SERVICE_UNAVAILABLE', 'Service unavailable', '1'],
    [502, 'BAD_GATEWAY', 'Bad gateway', undefined],
    [500, 'INTERNAL_SERVER_ERROR', 'Unexpected error', undefined],
    [429, 'RATE_LIMIT_EXCEEDED', 'Too many requests', '1'],
    [404, 'RESOURCE_NOT_FOUND', 'Not found', undefined],
  ])('a forced %i answers code %s', async (status, code, message, retryAfter) => {
    expect((await h.control('POST', '/force', { operation_id: 'listCalls', status })).status).toBe(201);
    const res = await h.call('GET', '/api/v1/calls');
    expect(res.status).toBe(status);
    const body = res.json<ErrorB>();
    expect(body).toMatchObject({ success: false, message, error: { code } });
    expect(res.headers['retry-after']).toBe(retryAfter);
    expect((await h.call('GET', '/api/v1/calls')).status).toBe(200);
  });

  it('gives every error status of the document its code', () => {
    expect(errors.forStatus(503, 'x').code).toBe('SERVICE_UNAVAILABLE');
    expect(errors.forStatus(502, 'x').code).toBe('BAD_GATEWAY');
    expect(errors.forStatus(504, 'x').code).toBe('INTERNAL_SERVER_ERROR');
    expect(errors.forStatus(418, 'x').code).toBe('BAD_REQUEST');
  });
});
