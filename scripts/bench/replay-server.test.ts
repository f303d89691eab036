// The replay server answers each scenario with the recorded answer, byte for byte, and 404 otherwise.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { answerKey, type RecordedAnswer } from './replay-answers.ts';

const dir = mkdtempSync(join(tmpdir(), 'replay-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the replay server', () => {
  it('answers the recorded status, headers and body for its key, and 404 for any other request', async () => {
    const recorded: Record<string, RecordedAnswer> = {
      [answerKey('GET', '/api/v1/tokens', true)]: { status: 200, headers: { 'content-type': 'application/json; charset=utf-8', 'x-timezone': 'Europe/Berlin' }, body: '{"success":true}' },
    };
    const file = join(dir, 'answers.json');
    writeFileSync(file, JSON.stringify(recorded));
    const child = spawn(process.execPath, [join(import.meta.dirname, 'replay-server.ts'), '0', file], { stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      const line = await new Promise<string>((resolve) => createInterface({ input: child.stdout }).once('line', resolve));
      const { url } = JSON.parse(line) as { url: string };
      const hit = await fetch(`${url}/api/v1/tokens`, { headers: { authorization: 'Bearer x' } });
      expect(hit.status).toBe(200);
      expect(hit.headers.get('x-timezone')).toBe('Europe/Berlin');
      expect(await hit.text()).toBe('{"success":true}');
      expect((await fetch(`${url}/api/v1/tokens`)).status).toBe(404);
    } finally {
      child.kill();
    }
  });
});
