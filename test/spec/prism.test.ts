// Prism, an independent OpenAPI tool, accepts the bundled spec: `prism mock` starts on it and
// answers an operation from its example.
import { type ChildProcess, spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/ports.ts';

const root = resolve(import.meta.dirname, '../..');
let prism: ChildProcess | undefined;
let base = '';
let output = '';

async function waitForPrism(url: string, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    if (prism?.exitCode !== null) throw new Error(`prism exited:\n${output}`);
    try {
      await request(url, { method: 'GET' });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  throw new Error(`prism did not start:\n${output}`);
}

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  prism = spawn(join(root, 'node_modules', '.bin', 'prism'), ['mock', join(root, 'generated', 'openapi.json'), '--host', '127.0.0.1', '--port', String(port)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  prism.stdout?.on('data', (chunk: Buffer) => { output += chunk.toString(); });
  prism.stderr?.on('data', (chunk: Buffer) => { output += chunk.toString(); });
  await waitForPrism(base, Date.now() + 45_000);
});

afterAll(() => {
  prism?.kill();
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
