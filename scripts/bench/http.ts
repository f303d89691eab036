// The HTTP part of `npm run bench`: four scenarios against three servers on the same bundled
// contract (servers.ts), measured with autocannon (in this process) in alternation: round after
// round, each scenario runs against bare, mock, Prism in turn, so drift in the machine's load
// hits all three alike. A short unrecorded warm-up pass comes first. Figures are the median over
// the rounds. Before that, the startup time of the mock and Prism (spawn to first answer), one
// sample per round, alternating. Optionally, the mock under `node --cpu-prof` during the list read.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { type BenchOptions, median, PROFILE_SCENARIOS, ratio, type Sample, type Summary, summarise } from './figures.ts';
import { type SelfTime, topSelfTime } from './profile.ts';
import { answerKey, type RecordedAnswer } from './replay-answers.ts';
import { type ServerName, type Started, startServer, stopServer } from './servers.ts';

interface Scenario {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  auth: boolean;
  body?: string;
  /** The status the mock and Prism answer (the bare server answers 200 to everything). */
  expected: number;
}

interface AcmeFixture {
  tokens: Array<{ secret: string; permissions: string[]; revoked_at: string | null }>;
  agents: Array<{ uuid: string; channels: { sms: string | null } }>;
}

export function scenarios(root: string): { token: string; list: Scenario[] } {
  const acme = JSON.parse(readFileSync(join(root, 'fixtures/demo/acme.json'), 'utf8')) as AcmeFixture;
  const token = acme.tokens.find((t) => t.revoked_at === null && t.permissions.includes('*'))?.secret;
  const agent = acme.agents.find((a) => a.channels.sms !== null)?.uuid;
  if (!token || !agent) throw new Error('fixtures/demo/acme.json has no all-permissions token or no agent with an SMS number');
  const body = JSON.stringify({ agentId: agent, phoneNumber: '+4915112345678', message: 'Your appointment is confirmed for tomorrow at 10:30.' });
  return {
    token,
    list: [
      { name: 'list read (GET /api/v1/tokens)', method: 'GET', path: '/api/v1/tokens', auth: true, expected: 200 },
      { name: 'validated send (POST /api/v1/sms/send)', method: 'POST', path: '/api/v1/sms/send', auth: true, body, expected: 200 },
      { name: '401, no token (GET /api/v1/tokens)', method: 'GET', path: '/api/v1/tokens', auth: false, expected: 401 },
      { name: '404, unknown endpoint (GET /api/v1/nowhere)', method: 'GET', path: '/api/v1/nowhere', auth: true, expected: 404 },
    ],
  };
}

function headersFor(server: Started, scenario: Scenario, token: string): Record<string, string> {
  const headers: Record<string, string> = { host: `acme.localhost:${server.port}`, accept: 'application/json' };
  if (scenario.auth) headers.authorization = `Bearer ${token}`;
  if (scenario.body !== undefined) headers['content-type'] = 'application/json';
  return headers;
}

/** The mock's answer to one request of each scenario, for the replay server (replay-server.ts). */
async function recordAnswers(mock: Started, list: Scenario[], token: string, file: string): Promise<void> {
  const recorded: Record<string, RecordedAnswer> = {};
  for (const scenario of list) {
    recorded[answerKey(scenario.method, scenario.path, scenario.auth)] = await new Promise<RecordedAnswer>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: mock.port, method: scenario.method, path: scenario.path, headers: headersFor(mock, scenario, token) }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () => {
          const headers: Record<string, string> = {};
          for (const [name, value] of Object.entries(res.headers)) if (typeof value === 'string' && name !== 'date' && name !== 'connection' && name !== 'keep-alive') headers[name] = value;
          resolve({ status: res.statusCode ?? 0, headers, body });
        });
      });
      req.on('error', reject);
      req.end(scenario.body);
    });
  }
  writeFileSync(file, JSON.stringify(recorded));
}

async function run(server: Started, scenario: Scenario, token: string, seconds: number, connections: number): Promise<Sample> {
  const headers = headersFor(server, scenario, token);
  const result = await autocannon({
    url: `http://127.0.0.1:${server.port}${scenario.path}`,
    method: scenario.method,
    headers,
    connections,
    duration: seconds,
    ...(scenario.body === undefined ? {} : { body: scenario.body }),
  });
  const expected = server.name === 'bare' ? 200 : scenario.expected;
  let unexpected = result.errors + result.timeouts;
  for (const [code, stats] of Object.entries(result.statusCodeStats ?? {})) {
    if (Number(code) !== expected) unexpected += (stats as { count: number }).count;
  }
  return { rps: result.requests.total / result.duration, p50: result.latency.p50, p99: result.latency.p99, unexpected };
}

export interface ScenarioFigures {
  name: string;
  method: string;
  path: string;
  expected_status: number;
  servers: Partial<Record<ServerName, Summary>>;
  mock_over_bare_rps: number | null;
  /** Against the replay server: bare node:http writing the mock's own answer. */
  mock_over_replay_rps: number | null;
  mock_over_prism_rps: number | null;
  mock_over_bare_p50: number | null;
  mock_over_prism_p50: number | null;
}

export interface StartupFigures {
  first_answer_ms: number;
  listening_line_ms: number | null;
  samples: Array<{ first_answer_ms: number; listening_line_ms: number | null }>;
}

export interface HttpFigures {
  connections: number;
  seconds: number;
  rounds: number;
  startup: Partial<Record<'mock' | 'prism', StartupFigures>>;
  scenarios: ScenarioFigures[];
  profile: { scenario: string; seconds: number; file: string; total_ms: number; top_self_time: SelfTime[] } | null;
}

function fmt(value: number | null | undefined, digits = 0): string {
  return value === null || value === undefined || Number.isNaN(value) ? '-' : value.toFixed(digits);
}

function startupFigures(samples: Started[]): StartupFigures {
  const listening = samples.map((s) => s.listeningMs).filter((v): v is number => v !== null);
  return {
    first_answer_ms: median(samples.map((s) => s.firstAnswerMs)),
    listening_line_ms: listening.length ? median(listening) : null,
    samples: samples.map((s) => ({ first_answer_ms: s.firstAnswerMs, listening_line_ms: s.listeningMs })),
  };
}

async function profileMock(root: string, token: string, scenario: Scenario, seconds: number, connections: number): Promise<HttpFigures['profile']> {
  const dir = join(root, 'bench-results', 'profile');
  const mock = await startServer(root, 'mock', { nodeFlags: ['--cpu-prof', '--cpu-prof-dir', dir] });
  const started = Date.now();
  try {
    await run(mock, scenario, token, seconds, connections);
  } finally {
    await stopServer(mock);
  }
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .map((f) => join(dir, f))
    .filter((f) => statSync(f).mtimeMs >= started);
  const file = files.sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
  if (!file) throw new Error(`no .cpuprofile written in ${dir}`);
  const { totalMs, top } = topSelfTime(file, root, { skipMs: mock.firstAnswerMs });
  return { scenario: scenario.name, seconds, file, total_ms: totalMs, top_self_time: top };
}

export async function benchHttp(root: string, options: BenchOptions): Promise<HttpFigures> {
  const { token, list } = scenarios(root);
  const names: ServerName[] = options.prism ? ['bare', 'replay', 'mock', 'prism'] : ['bare', 'replay', 'mock'];
  const contenders = names.filter((n): n is 'mock' | 'prism' => n === 'mock' || n === 'prism');
  const replayDir = mkdtempSync(join(tmpdir(), 'bench-replay-'));
  console.log(`HTTP: ${names.join(', ')}; ${options.connections} connections, ${options.seconds} s per measurement, ${options.rounds} round(s), alternating\n`);

  // Startup: one sample per round, alternating; the last round's servers stay up for the load.
  const startupSamples: Record<'mock' | 'prism', Started[]> = { mock: [], prism: [] };
  const servers: Partial<Record<ServerName, Started>> = {};
  try {
    for (let r = 0; r < options.rounds; r++) {
      for (const name of contenders) {
        const started = await startServer(root, name);
        startupSamples[name].push(started);
        if (r < options.rounds - 1) await stopServer(started);
        else servers[name] = started;
      }
    }
    servers.bare = await startServer(root, 'bare');
    const replayFile = join(replayDir, 'answers.json');
    await recordAnswers(servers.mock as Started, list, token, replayFile);
    servers.replay = await startServer(root, 'replay', { args: [replayFile] });
    const startup: HttpFigures['startup'] = {};
    for (const name of contenders) {
      const figures = startupFigures(startupSamples[name]);
      startup[name] = figures;
      console.log(`startup ${name.padEnd(6)} first answer ${fmt(figures.first_answer_ms)} ms (median of ${figures.samples.length}), "listening" line ${fmt(figures.listening_line_ms)} ms`);
    }
    console.log('');

    const warmup = Math.min(1, options.seconds);
    for (const scenario of list) for (const name of names) await run(servers[name] as Started, scenario, token, warmup, options.connections);

    const samples = list.map(() => Object.fromEntries(names.map((n) => [n, [] as Sample[]])) as Record<ServerName, Sample[]>);
    for (let r = 0; r < options.rounds; r++) {
      for (const [i, scenario] of list.entries()) {
        for (const name of names) {
          const sample = await run(servers[name] as Started, scenario, token, options.seconds, options.connections);
          samples[i]?.[name].push(sample);
        }
      }
      console.log(`round ${r + 1}/${options.rounds} done`);
    }

    const figures: ScenarioFigures[] = list.map((scenario, i) => {
      const perServer: Partial<Record<ServerName, Summary>> = {};
      for (const name of names) perServer[name] = summarise(samples[i]?.[name] ?? []);
      return {
        name: scenario.name,
        method: scenario.method,
        path: scenario.path,
        expected_status: scenario.expected,
        servers: perServer,
        mock_over_bare_rps: ratio(perServer.mock?.rps, perServer.bare?.rps),
        mock_over_replay_rps: ratio(perServer.mock?.rps, perServer.replay?.rps),
        mock_over_prism_rps: ratio(perServer.mock?.rps, perServer.prism?.rps),
        mock_over_bare_p50: ratio(perServer.mock?.p50, perServer.bare?.p50),
        mock_over_prism_p50: ratio(perServer.mock?.p50, perServer.prism?.p50),
      };
    });
    printTable(figures, names);

    for (const server of Object.values(servers)) await stopServer(server);
    let profile: HttpFigures['profile'] = null;
    if (options.profileSeconds > 0) {
      const scenario = list[PROFILE_SCENARIOS.indexOf(options.profileScenario)] as Scenario;
      profile = await profileMock(root, token, scenario, options.profileSeconds, options.connections);
      console.log(`\nmock CPU profile, ${options.profileSeconds} s of the ${scenario.name}, startup left out (${profile?.file}); top self time:`);
      for (const t of profile?.top_self_time ?? []) console.log(`  ${(t.share * 100).toFixed(1).padStart(5)}%  ${t.function}  ${t.location}`);
    }
    return { connections: options.connections, seconds: options.seconds, rounds: options.rounds, startup, scenarios: figures, profile };
  } finally {
    for (const server of Object.values(servers)) await stopServer(server);
    rmSync(replayDir, { recursive: true, force: true });
  }
}

function printTable(figures: ScenarioFigures[], names: ServerName[]): void {
  const header = `${'scenario'.padEnd(46)} ${'server'.padEnd(6)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)}  unexpected`;
  console.log(`\n${header}\n${'-'.repeat(header.length)}`);
  for (const f of figures) {
    for (const [j, name] of names.entries()) {
      const s = f.servers[name];
      console.log(`${(j === 0 ? f.name : '').padEnd(46)} ${name.padEnd(6)} ${fmt(s?.rps).padStart(8)} ${fmt(s?.p50).padStart(7)} ${fmt(s?.p99).padStart(7)}  ${s?.unexpected ?? '-'}`);
    }
    console.log(`${''.padEnd(46)} mock/bare req/s ${fmt(f.mock_over_bare_rps, 2)}   mock/replay req/s ${fmt(f.mock_over_replay_rps, 2)}   mock/prism req/s ${fmt(f.mock_over_prism_rps, 2)}\n`);
  }
}
