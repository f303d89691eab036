// Runs the `run:` steps of a GitHub Actions job on this machine, for the CI recipes' tests
// (examples/ci/*.yml). It is not a workflow engine: `uses:` steps are listed, not run; `${{ … }}`
// expressions may only be `a || b || 'literal'` over the contexts given (anything else throws, so
// the recipes stay simple); each `run:` goes to `bash --noprofile --norc -eo pipefail -c`, as the
// runner does, with the job's and step's env, RUNNER_TEMP, GITHUB_ENV (read back between steps),
// GITHUB_OUTPUT and GITHUB_STEP_SUMMARY. After a failure only steps whose `if:` holds `always()`
// run, as on GitHub.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';

export interface WorkflowStep {
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  id?: string;
  with?: Record<string, string | number | boolean>;
  env?: Record<string, string | number | boolean>;
  'working-directory'?: string;
}

export interface WorkflowJob {
  'runs-on': string;
  env?: Record<string, string | number | boolean>;
  steps: WorkflowStep[];
}

export interface Workflow {
  name: string;
  on: unknown;
  jobs: Record<string, WorkflowJob>;
}

/** Expression contexts: `inputs`, `vars`, `secrets` (and `env`, filled in by the runner). */
export type Contexts = Record<string, Record<string, string | boolean | undefined>>;

export function loadWorkflow(path: string): Workflow {
  return parse(readFileSync(path, 'utf8')) as Workflow;
}

/** One `a || b || 'literal'` expression: the first non-empty term, as GitHub's `||` gives it. */
function evaluateExpression(expression: string, contexts: Contexts): string {
  for (const raw of expression.split('||')) {
    const term = raw.trim();
    const literal = /^'([^']*)'$/.exec(term);
    let value: string | boolean | undefined;
    if (literal) value = literal[1];
    else {
      const path = /^([a-z]+)\.([A-Za-z_][A-Za-z0-9_-]*)$/.exec(term);
      const context = path ? contexts[path[1] as string] : undefined;
      if (!path || context === undefined) throw new Error(`unsupported expression term "${term}" in \${{ ${expression} }}`);
      value = context[path[2] as string];
    }
    if (value !== undefined && value !== '' && value !== false) return String(value);
  }
  return '';
}

/** The text with every `${{ … }}` replaced. */
export function substitute(text: string, contexts: Contexts): string {
  return text.replace(/\$\{\{([^}]*)\}\}/g, (_, expression: string) => evaluateExpression(expression, contexts));
}

function substituteAll(values: Record<string, string | number | boolean> | undefined, contexts: Contexts): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(values ?? {})) out[key] = substitute(String(value), contexts);
  return out;
}

/** KEY=VALUE lines a step appended to GITHUB_ENV or GITHUB_OUTPUT (the `<<EOF` form is refused). */
function readKeyValues(path: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (line === '') continue;
    const eq = line.indexOf('=');
    if (eq <= 0) throw new Error(`unsupported line in ${path}: ${line}`);
    out[line.slice(0, eq)] = line.slice(eq + 1);
  }
  return out;
}

export interface StepResult {
  name: string;
  /** `uses` steps are listed with code null; skipped steps too. */
  code: number | null;
  skipped?: string;
  uses?: string;
  /** The `with:` values of a `uses` step, expressions substituted. */
  with?: Record<string, string>;
  output: string;
}

export interface RunJobOptions {
  /** The checkout: the working directory of steps without their own. */
  cwd: string;
  contexts: Contexts;
  /** Job env values replaced after substitution (a free port instead of 4010, …). */
  envOverrides?: Record<string, string>;
  /** A reason not to run this step here (e.g. `npm ci` in a shared checkout), or undefined. */
  skip?: (step: WorkflowStep) => string | undefined;
  /** Per step (default 5 minutes). */
  timeoutMs?: number;
}

export interface JobRun {
  steps: StepResult[];
  /** RUNNER_TEMP of the run; GITHUB_STEP_SUMMARY is `summary.md` in it. */
  temp: string;
  /** GITHUB_ENV as read after the last step. */
  githubEnv: Record<string, string>;
  summary: string;
}

function runShell(script: string, cwd: string, env: NodeJS.ProcessEnv, timeoutMs: number): Promise<{ code: number; output: string }> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', script], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    // 'close': the step's own output is complete (a background service redirects its own).
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolvePromise({ code: code ?? (signal ? 128 : 1), output });
    });
  });
}

export async function runJob(workflow: Workflow, jobId: string, options: RunJobOptions): Promise<JobRun> {
  const job = workflow.jobs[jobId];
  if (!job) throw new Error(`no job ${jobId}`);
  const temp = mkdtempSync(join(tmpdir(), 'workflow-'));
  const files = { env: join(temp, 'github-env'), output: join(temp, 'github-output'), summary: join(temp, 'summary.md') };
  for (const file of Object.values(files)) writeFileSync(file, '');
  const jobEnv = { ...substituteAll(job.env, options.contexts), ...options.envOverrides };
  const steps: StepResult[] = [];
  let failed = false;
  for (const [index, step] of job.steps.entries()) {
    const name = step.name ?? step.uses ?? `step ${index + 1}`;
    const githubEnv = readKeyValues(files.env);
    const contexts: Contexts = { ...options.contexts, env: { ...jobEnv, ...githubEnv } };
    if (step.uses !== undefined) {
      steps.push({ name, code: null, uses: step.uses, with: substituteAll(step.with, contexts), output: '' });
      continue;
    }
    if (step.run === undefined) throw new Error(`step ${name} has neither run nor uses`);
    const reason = failed && !(step.if ?? '').includes('always()') ? 'an earlier step failed' : options.skip?.(step);
    if (reason !== undefined) {
      steps.push({ name, code: null, skipped: reason, output: '' });
      continue;
    }
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      ...jobEnv,
      ...githubEnv,
      ...substituteAll(step.env, contexts),
      CI: 'true',
      RUNNER_TEMP: temp,
      GITHUB_ENV: files.env,
      GITHUB_OUTPUT: files.output,
      GITHUB_STEP_SUMMARY: files.summary,
    };
    const cwd = resolve(options.cwd, step['working-directory'] ?? '.');
    const result = await runShell(substitute(step.run, contexts), cwd, env, options.timeoutMs ?? 300_000);
    steps.push({ name, code: result.code, output: result.output });
    if (result.code !== 0) failed = true;
  }
  return { steps, temp, githubEnv: readKeyValues(files.env), summary: readFileSync(files.summary, 'utf8') };
}
