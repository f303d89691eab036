// Spectral's built-in OpenAPI rules plus the project ruleset (spec/spectral.yaml).
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Problem, SpecCheckContext } from './problem.ts';

const run = promisify(execFile);

interface SpectralResult {
  code: string | number;
  message: string;
  path: string[];
  severity: number;
}

export async function checkLint(ctx: SpecCheckContext): Promise<Problem[]> {
  const bin = join(ctx.root, 'node_modules', '.bin', 'spectral');
  const args = ['lint', ctx.bundleFile, '--ruleset', join(ctx.root, 'spec', 'spectral.yaml'), '--format', 'json', '--quiet'];
  let stdout: string;
  try {
    ({ stdout } = await run(bin, args, { maxBuffer: 64 * 1024 * 1024 }));
  } catch (error) {
    // Spectral exits non-zero when it finds errors; its JSON report is still on stdout.
    stdout = (error as { stdout?: string }).stdout ?? '';
    if (!stdout.trim().startsWith('[')) {
      return [{ check: 'lint', where: 'spectral', message: (error as Error).message, severity: 'error' }];
    }
  }
  const results = JSON.parse(stdout.trim() || '[]') as SpectralResult[];
  return results
    .filter((r) => r.severity <= 1)
    .map((r) => ({
      check: `lint:${r.code}`,
      where: r.path.join('.'),
      message: r.message,
      severity: r.severity === 0 ? 'error' : 'warning',
    }));
}
