// The bench starts the mock with the Node flags of `npm start` (package.json), so its figures are
// those of the mock as a user starts it.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startFlags } from './servers.ts';

const ROOT = resolve(import.meta.dirname, '../..');

describe('startFlags', () => {
  it("reads the Node flags of package.json's start script", () => {
    const start = (JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start;
    const flags = startFlags(ROOT);
    expect(flags).toEqual(['--min-semi-space-size=64', '--max-semi-space-size=64']);
    expect(start).toBe(`exec node ${flags.join(' ')} mock/cli.ts`);
  });
});
