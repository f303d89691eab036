// Clear failures of the conformance CLI: an unreachable target, or a host that answers but is not
// this API, stops before the suite runs with one message and exit code 4 (run/preflight.ts);
// --mock-control takes the mock's origin or its /__mock URL; a dry run needs no token; --quiet
// still prints a progress line a minute; each run writes its reports to a folder of its own with a
// `latest` link (report/report-folder.ts). "Early" is shown by the connections the CLI opens
// (test/support/trace-connect.ts), never by how long it took.
import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { Recorder } from '../../conformance/record/recorder.ts';
import { LATEST_FILE, LATEST_LINK, latestRunDir, runFolderName } from '../../conformance/report/report-folder.ts';
import { buildReport, EXIT_CODES, type RunReport } from '../../conformance/report/run-report.ts';
import { writeReports } from '../../conformance/report/write-reports.ts';
import { readShardReports } from '../../conformance/run/merge-command.ts';
import { parseOptions } from '../../conformance/run/options.ts';
import { describeTransportError, PREFLIGHT_EXIT_CODE } from '../../conformance/run/preflight.ts';
import { ProgressReporter, QUIET_HEARTBEAT_MS } from '../../conformance/run/progress.ts';
import { type StartedMock, startMock } from '../../conformance/target/start-mock.ts';
import { TRACE_CONNECT, TRACE_LOADED, traceConnectEnv } from '../support/trace-connect.ts';
import { CLI_SAFETY_MS, CLI_TEST_MS, runCli } from './run-cli.ts';

const servers: Server[] = [];
const mocks: StartedMock[] = [];
const dirs: string[] = [];
afterAll(async () => {
  for (const server of servers) server.close();
  for (const mock of mocks) await mock.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A local server answering every request with `status` and `body`; counts what it receives. */
async function server(status: number, type: string, body: string): Promise<{ url: string; requests: () => number }> {
  let requests = 0;
  const s = createServer((_req, res) => {
    requests++;
    res.writeHead(status, { 'content-type': type }).end(body);
  });
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  servers.push(s);
  return { url: `http://127.0.0.1:${(s.address() as AddressInfo).port}`, requests: () => requests };
}

/** A loopback port nothing listens on (a server bound it, then closed). */
async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

/** The CLI's own lines (without the connection tracer's). */
function ownLines(output: string): string[] {
  return output.split('\n').filter((l) => l.trim() !== '' && !l.startsWith('[trace-connect]'));
}

function envWithoutToken(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.CONFORMANCE_TOKEN;
  return env;
}

describe('an unreachable or wrong target', () => {
  it('connection refused: one message and exit code 4, before the suite runs (one connection attempt, no report)', async () => {
    const port = await closedPort();
    const token = 'wst_never_printed_0a1b2c3d';
    const run = await runCli(['--base-url', `http://127.0.0.1:${port}`, '--token', token, '--profile', 'quick'], CLI_SAFETY_MS, traceConnectEnv());
    expect(run.output).toContain(TRACE_LOADED);
    expect(run.code, run.output).toBe(PREFLIGHT_EXIT_CODE);
    expect(run.report).toBeUndefined();
    const lines = ownLines(run.output);
    expect(lines, run.output).toHaveLength(1);
    expect(lines[0]).toBe(`Target check failed, nothing was tested: http://127.0.0.1:${port} cannot be reached: connection refused: nothing listens at http://127.0.0.1:${port}.`);
    // The probe's one connection attempt; the suite never started.
    expect(run.output.split('\n').filter((l) => l === TRACE_CONNECT).length).toBe(1);
    expect(run.output).not.toContain('transport');
    expect(run.output).not.toContain(token);
  }, CLI_TEST_MS);

  it('a host that answers with a web page (404 on every path): one message naming what it answered, exit code 4', async () => {
    const site = await server(404, 'text/html', '<!DOCTYPE html><html><title>Not Found</title><body>No such page</body></html>');
    const run = await runCli(['--base-url', site.url, '--token', 'wst_x_1234', '--profile', 'quick'], CLI_SAFETY_MS);
    expect(run.code, run.output).toBe(PREFLIGHT_EXIT_CODE);
    expect(run.report).toBeUndefined();
    const lines = ownLines(run.output);
    expect(lines, run.output).toHaveLength(1);
    expect(lines[0]).toContain(`${site.url} answers, but not as this API: GET /api/v1/calls answered 404 text/html with the token and 404 text/html ("<!DOCTYPE html>`);
    expect(lines[0]).toContain('Is --base-url the tenant');
    expect(site.requests()).toBe(2);
  }, CLI_TEST_MS);

  it('names DNS and TLS failures in words a QA engineer acts on', () => {
    expect(describeTransportError(Object.assign(new Error('getaddrinfo ENOTFOUND acme.example.invalid'), { code: 'ENOTFOUND' }), 'https://acme.example.invalid/api/v1/calls')).toBe(
      'the host name acme.example.invalid does not resolve (DNS: ENOTFOUND)',
    );
    const tls = describeTransportError(Object.assign(new Error('self-signed certificate'), { code: 'DEPTH_ZERO_SELF_SIGNED_CERT' }), 'https://acme.example.com/api/v1/calls');
    expect(tls).toContain('the TLS handshake with acme.example.com failed: self-signed certificate (DEPTH_ZERO_SELF_SIGNED_CERT)');
    expect(tls).toContain('--ca FILE');
    expect(describeTransportError(Object.assign(new Error('Connect Timeout Error'), { code: 'UND_ERR_CONNECT_TIMEOUT' }), 'https://10.0.0.1/x')).toContain('no answer from 10.0.0.1');
  });

  it('a --mock-control URL that is not a mock: one message, exit code 4', async () => {
    const site = await server(200, 'text/html', '<html>hello</html>');
    const run = await runCli(['--base-url', site.url, '--mock-control', site.url, '--profile', 'quick'], CLI_SAFETY_MS);
    expect(run.code, run.output).toBe(PREFLIGHT_EXIT_CODE);
    expect(ownLines(run.output)).toHaveLength(1);
    expect(run.output).toContain(`--mock-control ${site.url}/__mock is not a mock's control API: GET answered 200 text/html ("<html>hello</html>")`);
    expect(run.output).not.toContain('TypeError');
  }, CLI_TEST_MS);
});

describe('--mock-control', () => {
  it("takes the mock's origin or its /__mock URL", () => {
    expect(parseOptions(['--mock-control', 'http://127.0.0.1:4010'], {}).mockControl).toBe('http://127.0.0.1:4010/__mock');
    expect(parseOptions(['--mock-control', 'http://127.0.0.1:4010/'], {}).mockControl).toBe('http://127.0.0.1:4010/__mock');
    expect(parseOptions(['--mock-control', 'http://127.0.0.1:4010/__mock/'], {}).mockControl).toBe('http://127.0.0.1:4010/__mock');
    expect(parseOptions([], { CONFORMANCE_MOCK_CONTROL: 'http://localhost:9000/proxy/__mock' }).mockControl).toBe('http://localhost:9000/proxy/__mock');
    expect(() => parseOptions(['--mock-control', 'not a url'], {})).toThrow(/--mock-control is not a URL/);
  });

  it('certifies a mock given by its origin (no TypeError)', async () => {
    const mock = await startMock({ generalPerMinute: 1_000_000 });
    mocks.push(mock);
    const tenant = mock.description.tenants[0];
    if (!tenant) throw new Error('the mock has no tenant');
    const origin = new URL(mock.description.control).origin;
    const run = await runCli(['--base-url', tenant.url, '--mock-control', origin, '--parts', 'tls', '--seed', '1'], CLI_SAFETY_MS, envWithoutToken());
    expect(run.output).not.toContain('TypeError');
    expect(run.report, run.output.slice(-3000)).toBeDefined();
    if (!run.report) return;
    expect(run.report.target.baseUrl).toBe(tenant.url);
    expect(run.code).toBe(EXIT_CODES[run.report.verdict]);
  }, CLI_TEST_MS);
});

describe('a dry run', () => {
  it("needs no token: the README's example exits 0, sends nothing and says a run needs one", async () => {
    const run = await runCli(
      ['--base-url', 'https://acme.example.com', '--mode', 'safe', '--exclude-checks', 'tls-version', '--dry-run'],
      CLI_SAFETY_MS,
      traceConnectEnv(envWithoutToken()),
    );
    expect(run.code, run.output).toBe(0);
    expect(run.output).toContain(TRACE_LOADED);
    expect(run.output).not.toContain(TRACE_CONNECT);
    expect(run.output).toContain('Dry run: nothing is started and no request is sent.');
    expect(run.output).toContain('token: none given; a dry run needs none, a run needs --token or CONFORMANCE_TOKEN');
    expect(run.output).not.toContain('dry-run-sends-nothing');
  }, CLI_TEST_MS);
});

describe('--quiet', () => {
  /** A log stream that keeps what is written. */
  function logStream(): NodeJS.WriteStream & { text: string } {
    const stream = { isTTY: false, columns: 200, text: '', write(chunk: string) { stream.text += chunk; return true; } };
    return stream as unknown as NodeJS.WriteStream & { text: string };
  }
  const totals = { parts: ['time' as const], operations: 0, perOperationParts: [], expectedTests: { time: 3 }, ruleIds: ['time.response-zone-header'] };

  it('prints a progress line every minute (a heartbeat), and nothing at the end', () => {
    vi.useFakeTimers();
    try {
      const stream = logStream();
      const reporter = new ProgressReporter({ totals, runDir: join(tmpdir(), 'no-such-run-dir'), operationIds: new Set<string>(), stream, quiet: true });
      reporter.onTestRunStart();
      vi.advanceTimersByTime(QUIET_HEARTBEAT_MS - 1);
      expect(stream.text).toBe('');
      vi.advanceTimersByTime(1);
      expect(stream.text).toMatch(/^conformance: parts 0\/1 · .* requests · .*\n$/);
      vi.advanceTimersByTime(2 * QUIET_HEARTBEAT_MS);
      expect(stream.text.split('\n').filter(Boolean)).toHaveLength(3);
      reporter.stop();
      vi.advanceTimersByTime(5 * QUIET_HEARTBEAT_MS);
      expect(stream.text.split('\n').filter(Boolean)).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('takes another interval', () => {
    vi.useFakeTimers();
    try {
      const stream = logStream();
      const reporter = new ProgressReporter({ totals, runDir: join(tmpdir(), 'no-such-run-dir'), operationIds: new Set<string>(), stream, quiet: true, heartbeatMs: 1000 });
      reporter.onTestRunStart();
      vi.advanceTimersByTime(4000);
      expect(stream.text.split('\n').filter(Boolean)).toHaveLength(4);
      reporter.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('report folders', () => {
  function report(startedAt: string, seed: number): RunReport {
    const recorder = new Recorder();
    recorder.record({ check: 'status-documented', rule: 'r', operationId: 'getFlow', outcome: 'pass' });
    return buildReport(recorder.drain(), { tests: [], fileErrors: [] }, {
      startedAt,
      durationMs: 1000,
      target: { baseUrl: 'http://acme.localhost:8080', mode: 'readonly', profile: 'quick', parts: ['operations'], seed, mock: false, faults: [], failOn: 'published' },
    });
  }

  it('each run writes to a folder of its own (start time and seed) and `latest` links the newest', () => {
    const root = mkdtempSync(join(tmpdir(), 'report-root-'));
    dirs.push(root);
    const first = writeReports(report('2026-03-14T10:00:00.123Z', 7), root);
    const second = writeReports(report('2026-03-14T10:05:00.000Z', 8), root);
    const again = writeReports(report('2026-03-14T10:05:00.000Z', 8), root);
    expect(first.dir).toBe(join(root, '2026-03-14T10-00-00Z-7'));
    expect(second.dir).toBe(join(root, '2026-03-14T10-05-00Z-8'));
    expect(again.dir).toBe(join(root, '2026-03-14T10-05-00Z-8-2'));
    expect(readdirSync(root).sort()).toEqual(['2026-03-14T10-00-00Z-7', '2026-03-14T10-05-00Z-8', '2026-03-14T10-05-00Z-8-2', LATEST_LINK]);
    expect(readdirSync(first.dir).sort()).toEqual(expect.arrayContaining(['conformance.html', 'conformance.json', 'conformance.junit.xml', 'conformance.txt']));
    expect(again.latest).toBe(join(root, LATEST_LINK));
    expect(readlinkSync(join(root, LATEST_LINK))).toBe('2026-03-14T10-05-00Z-8-2');
    expect(latestRunDir(root)).toBe(join(root, LATEST_LINK));
    expect(JSON.parse(readFileSync(join(root, LATEST_LINK, 'conformance.json'), 'utf8')).target.seed).toBe(8);
    // The first run's reports are still there.
    expect(JSON.parse(readFileSync(join(first.dir, 'conformance.json'), 'utf8')).target.seed).toBe(7);
    // `merge` reads a report root as its latest run.
    expect(readShardReports([root])[0]?.startedAt).toBe('2026-03-14T10:05:00.000Z');
  });

  it('names a shard and a merged report apart', () => {
    const shard = { ...report('2026-03-14T10:00:00Z', 3), target: { ...report('2026-03-14T10:00:00Z', 3).target, shard: { index: 1, count: 2 } } };
    expect(runFolderName(shard)).toBe('2026-03-14T10-00-00Z-3-shard-1of2');
    expect(runFolderName({ ...shard, target: { ...shard.target, shard: undefined, mergedShards: 2 } })).toBe('2026-03-14T10-00-00Z-3-merged');
  });

  it('writes latest.txt where symbolic links fail', () => {
    const root = mkdtempSync(join(tmpdir(), 'report-root-'));
    dirs.push(root);
    const refuse = () => {
      throw Object.assign(new Error('operation not permitted'), { code: 'EPERM' });
    };
    const written = writeReports(report('2026-03-14T11:00:00Z', 9), root, refuse);
    expect(written.latest).toBe(join(root, LATEST_FILE));
    expect(readFileSync(join(root, LATEST_FILE), 'utf8')).toBe('2026-03-14T11-00-00Z-9\n');
    expect(readdirSync(root).sort()).toEqual(['2026-03-14T11-00-00Z-9', LATEST_FILE]);
    expect(latestRunDir(root)).toBe(join(root, '2026-03-14T11-00-00Z-9'));
  });
});
