// Prism, an independent OpenAPI tool, accepts the bundled spec: `prism mock` starts on it and
// answers an operation from its example.
import { join, resolve } from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRISM_HOOK_MS, type StartedPrism, startPrism } from '../support/prism.ts';

const root = resolve(import.meta.dirname, '../..');
let prism: StartedPrism | undefined;
let base = '';

beforeAll(async () => {
  // Ready when Prism says it listens (test/support/prism.ts), not after a poll.
  prism = await startPrism(['mock', join(root, 'generated', 'openapi.json')]);
  base = prism.url;
}, PRISM_HOOK_MS);

afterAll(async () => {
  await prism?.stop();
});

describe('prism mock on generated/openapi.json', () => {
  it('answers GET /api/v1/campaigns/{uuid} from the spec example', async () => {
    const res = await request(`${base}/api/v1/campaigns/6b1f7a2e-2c41-4a8e-9f3b-5d6c7e8f9a01`, {
      headers: { authorization: 'Bearer demo', accept: 'application/json' },
    });
    const body = (await res.body.json()) as { success: boolean; data: { uuid: string; status: string } };
    expect(res.statusCode).toBe(200);
    expect(body.success).toBe(true);
    expect(body.data.uuid).toBe('6b1f7a2e-2c41-4a8e-9f3b-5d6c7e8f9a01');
    expect(res.headers['x-timezone']).toBeDefined();
  });

  it('enforces the bearer security scheme (401 without a token)', async () => {
    const res = await request(`${base}/api/v1/campaigns/6b1f7a2e-2c41-4a8e-9f3b-5d6c7e8f9a01`);
    await res.body.dump();
    expect(res.statusCode).toBe(401);
  });
});
