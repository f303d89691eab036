// `npm run checks`: the static checks of `npm test` at once (type check, lint, spec:check and the
// breaking-change gate, spec:gate), each an npm script in its own process, so the two cores share
// them instead of running them one after the other. Each one's output is printed whole, in the order
// below, once it has finished; the exit code is the first failing check's (0 when all pass).
import { spawn } from 'node:child_process';

const CHECKS = ['typecheck', 'lint', 'spec:check', 'spec:gate'];
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

interface Outcome {
  name: string;
  code: number;
  output: string;
  ms: number;
}

function run(name: string): Promise<Outcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', '--silent', name], { stdio: ['ignore', 'pipe', 'pipe'], shell: process.platform === 'win32' });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('error', (error) => resolve({ name, code: 1, output: `${output}${error.message}\n`, ms: performance.now() - started }));
    child.on('close', (code) => resolve({ name, code: code ?? 1, output, ms: performance.now() - started }));
  });
}

const outcomes = await Promise.all(CHECKS.map(run));
for (const o of outcomes) {
  process.stdout.write(`\n> ${o.name} (${(o.ms / 1000).toFixed(1)} s): ${o.code === 0 ? 'passed' : `FAILED, exit ${o.code}`}\n`);
  if (o.output.trim() !== '') process.stdout.write(o.output.endsWith('\n') ? o.output : `${o.output}\n`);
}
process.exitCode = outcomes.find((o) => o.code !== 0)?.code ?? 0;
