// The CI recipes (examples/ci/*.yml, README "CI recipes") parse, use only known actions, and their
// `run:` steps work when run here against this checkout (test/support/workflow.ts runs them with
// bash, not a workflow engine). `npm ci` steps are not run: this checkout is installed already and
// shared. Runs are kept short: the quick profile and one part of the suite.
import { accessSync, chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type StartedMock } from '../../conformance/target/start-mock.ts';
import { demoTenant } from '../support/demo-tenants.ts';
import { freePort } from '../support/ports.ts';
import { type JobRun, loadWorkflow, runJob, type WorkflowStep } from '../support/workflow.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const QA = loadWorkflow(join(ROOT, 'examples/ci/github-qa.yml'));
const FRONTEND = loadWorkflow(join(ROOT, 'examples/ci/github-frontend.yml'));
const KNOWN_ACTIONS = ['actions/checkout@v4', 'actions/setup-node@v4', 'actions/upload-artifact@v4', 'github/codeql-action/upload-sarif@v3'];

/** `npm ci` would reinstall the shared checkout's node_modules under the other tests. */
const skipInstall = (step: WorkflowStep) => (/^npm ci\b/.test(step.run?.trim() ?? '') ? 'installed already' : undefined);

function ranOk(run: JobRun): void {
  for (const step of run.steps) if (step.code !== null) expect(step.code, `${step.name}:\n${step.output}`).toBe(0);
}

function step(run: JobRun, name: string) {
  const found = run.steps.find((s) => s.name === name);
  if (!found) throw new Error(`no step "${name}"`);
  return found;
}

/** A bin directory whose `npm` only exits with `code`: the suite step's exit handling, alone. */
function fakeNpm(code: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'fake-npm-'));
  writeFileSync(join(dir, 'npm'), `#!/bin/sh\necho "fake npm $*"\nexit ${code}\n`);
  chmodSync(join(dir, 'npm'), 0o755);
  return dir;
}

describe('the recipes as documents', () => {
  it('parse, name a runner and use only known actions', () => {
    for (const workflow of [QA, FRONTEND]) {
      for (const job of Object.values(workflow.jobs)) {
        expect(job['runs-on']).toBe('ubuntu-latest');
        for (const s of job.steps) if (s.uses) expect(KNOWN_ACTIONS).toContain(s.uses);
      }
    }
  });

  it('QA: the token comes from the CONFORMANCE_TOKEN secret, the target from an input or a variable', () => {
    const env = QA.jobs['conformance']?.env ?? {};
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a GitHub expression, not a template
    expect(env['CONFORMANCE_TOKEN']).toBe('${{ secrets.CONFORMANCE_TOKEN }}');
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a GitHub expression, not a template
    expect(env['CONFORMANCE_BASE_URL']).toBe('${{ inputs.base_url || vars.CONFORMANCE_BASE_URL }}');
  });

  it("frontend: the token is the demo fixture's acme workspace token", () => {
    expect(FRONTEND.jobs['test']?.env?.['API_TOKEN']).toBe(demoTenant('acme').fullToken);
  });
});

describe('github-qa.yml run here', () => {
  let mock: StartedMock;
  const temps: string[] = [];
  beforeAll(async () => {
    mock = await startMock();
  });
  afterAll(async () => {
    await mock?.stop();
    for (const dir of temps) rmSync(dir, { recursive: true, force: true });
  });

  it('certifies a running mock and leaves the JUnit, HTML and JSON reports where the artifacts are taken from', async () => {
    const acme = mock.description.tenants.find((t) => t.slug === 'acme');
    const token = acme?.tokens.find((t) => [t.permissions].flat().includes('*'))?.token ?? '';
    const reportDir = mkdtempSync(join(tmpdir(), 'qa-reports-'));
    temps.push(reportDir);
    const run = await runJob(QA, 'conformance', {
      cwd: ROOT,
      contexts: {
        inputs: { base_url: acme?.url, mode: 'readonly', profile: 'quick', parts: 'time', allow_incomplete: true },
        vars: {},
        secrets: { CONFORMANCE_TOKEN: token },
      },
      envOverrides: { CONFORMANCE_REPORT_DIR: reportDir },
      skip: skipInstall,
    });
    temps.push(run.temp);
    ranOk(run);
    expect(step(run, 'Install').skipped).toBe('installed already');
    expect(run.summary).toMatch(/^(PASS|INCOMPLETE): /m);
    const paths = run.steps.filter((s) => s.uses === 'actions/upload-artifact@v4').flatMap((s) => (s.with?.['path'] ?? '').split('\n'));
    const files = paths.map((p) => p.trim()).filter(Boolean);
    expect(files.map((f) => f.slice(reportDir.length + 1)).sort()).toEqual(['latest/conformance.html', 'latest/conformance.json', 'latest/conformance.junit.xml', 'latest/conformance.txt']);
    for (const file of files) expect(() => accessSync(file)).not.toThrow();
    // The SARIF report code scanning takes is there too.
    const sarif = run.steps.find((s) => s.uses === 'github/codeql-action/upload-sarif@v3')?.with?.['sarif_file'] ?? '';
    expect(sarif.slice(reportDir.length + 1)).toBe('latest/conformance.sarif');
    expect(() => accessSync(sarif)).not.toThrow();
    // The token never reaches the step output or the summary.
    for (const s of run.steps) expect(s.output).not.toContain(token);
    expect(run.summary).not.toContain(token);
  }, 180_000);

  it.each([
    [0, false, 0],
    [1, true, 1],
    [3, false, 3],
    [3, true, 0],
  ])('the suite step: exit %i with allow_incomplete=%s ends the step with %i', async (suiteExit, allow, expected) => {
    const bin = fakeNpm(suiteExit);
    temps.push(bin);
    const run = await runJob(QA, 'conformance', {
      cwd: ROOT,
      contexts: { inputs: { base_url: 'https://acme.example.com', allow_incomplete: allow }, vars: {}, secrets: { CONFORMANCE_TOKEN: 'x' } },
      envOverrides: { PATH: `${bin}:${process.env['PATH']}`, CONFORMANCE_REPORT_DIR: join(bin, 'reports') },
      skip: (s) => skipInstall(s) ?? (s.name === 'Summary' ? 'no report' : undefined),
    });
    temps.push(run.temp);
    expect(step(run, 'Run the conformance suite').code).toBe(expected);
  });

  it('stops with exit 2 before the suite when no base URL is given', async () => {
    const bin = fakeNpm(0);
    temps.push(bin);
    const run = await runJob(QA, 'conformance', {
      cwd: ROOT,
      contexts: { inputs: {}, vars: {}, secrets: { CONFORMANCE_TOKEN: 'x' } },
      envOverrides: { PATH: `${bin}:${process.env['PATH']}`, CONFORMANCE_REPORT_DIR: join(bin, 'reports') },
      skip: skipInstall,
    });
    temps.push(run.temp);
    expect(step(run, 'Check the target is set').code).toBe(2);
    expect(step(run, 'Run the conformance suite').skipped).toBe('an earlier step failed');
    expect(step(run, 'Summary').code).toBe(0);
  });
});

describe('github-frontend.yml run here', () => {
  let workspace: string;
  let pid: number | undefined;

  beforeAll(() => {
    // The job's workspace: the frontend's checkout, with this repository checked out in api-contract/.
    workspace = mkdtempSync(join(tmpdir(), 'frontend-'));
    symlinkSync(ROOT, join(workspace, 'api-contract'));
    mkdirSync(join(workspace, 'test'));
    writeFileSync(join(workspace, 'package.json'), JSON.stringify({ name: 'frontend', private: true, scripts: { test: 'node test/api.mjs' } }));
    writeFileSync(
      join(workspace, 'test/api.mjs'),
      `const response = await fetch(process.env.API_BASE_URL + '/api/v1/calls?per_page=1', { headers: { Authorization: 'Bearer ' + process.env.API_TOKEN } });
const body = await response.json();
if (response.status !== 200 || body.success !== true) { console.error('frontend test failed', response.status, body); process.exit(1); }
console.log('frontend test: ' + response.status + ' ' + response.headers.get('x-timezone') + ' ' + body.data.total + ' calls');
`,
    );
  });

  afterAll(() => {
    // The mock the recipe started, if its stop step did not end it.
    if (pid !== undefined) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    rmSync(workspace, { recursive: true, force: true });
  });

  it('starts the mock in the background, waits for it, runs the tests against it and stops it', async () => {
    const port = await freePort();
    const run = await runJob(FRONTEND, 'test', {
      cwd: workspace,
      contexts: { inputs: {}, vars: { API_CONTRACT_REPO: 'example/api-contract' }, secrets: {} },
      envOverrides: { MOCK_PORT: String(port), API_BASE_URL: `http://127.0.0.1:${port}` },
      skip: skipInstall,
    });
    pid = Number(run.githubEnv['MOCK_PID']);
    expect(pid).toBeGreaterThan(0);
    rmSync(run.temp, { recursive: true, force: true });
    ranOk(run);
    expect(run.steps.filter((s) => s.skipped === 'installed already').map((s) => s.name)).toEqual(['Install the mock', 'Install the frontend']);
    expect(step(run, "Run the frontend's tests against the mock").output).toMatch(/frontend test: 200 Europe\/Berlin \d+ calls/);
    // The stop step waited for the process: it is gone, and the mock printed its last line.
    expect(() => process.kill(pid as number, 0)).toThrow();
    expect(step(run, 'Stop the mock').output).toContain('{"event":"stopped"');
  }, 120_000);
});
