// Builder apps over real HTTP on a frozen mock clock: upload (the published body: files as a map of
// path to contents, env, resources, job_type, backup_interval_hours, and its defaults), deploy, start, stop and auto-stop on the clock, the preview URL
// (200 while running, 503 while deploying, 404 when stopped), cost that accrues only while running,
// the service token masked in every answer, live logs and the command terminal (seed "What the
// service does" > Builders; published `{command, timeout}` → `{success, data {exit_code, output}}`).
import { describe, expect, it } from 'vitest';
import { type Reply, useBuilderApi } from '../support/builder-api.ts';

const setup = useBuilderApi(Date.parse('2026-03-10T08:00:00Z'));
const { send, api, control, advance } = setup;

const SERVER_JS = "import { createServer } from 'node:http';\ncreateServer((req, res) => res.end('ok')).listen(8080);\n";

const UPLOAD = {
  name: 'order-status-lookup',
  entrypoint: 'node server.js',
  files: {
    'package.json': '{"name":"order-status-lookup","scripts":{"start":"node server.js"}}',
    'server.js': SERVER_JS,
    'public/index.html': '<h1>Order status</h1>',
  },
};

async function upload(overrides: Record<string, unknown> = {}): Promise<Reply> {
  const res = await api('POST', '/builders', { ...UPLOAD, ...overrides });
  expect(res.status).toBe(201);
  return res;
}

async function get(uuid: string): Promise<Reply> {
  const res = await api('GET', `/builders/${uuid}`);
  expect(res.status).toBe(200);
  return res;
}

async function status(uuid: string): Promise<string> {
  return (await get(uuid)).body.data.status;
}

async function running(overrides: Record<string, unknown> = {}, autoStop?: number): Promise<Reply['body']> {
  const app = (await upload(overrides)).body.data;
  advance(8_000);
  expect(await status(app.uuid)).toBe('running');
  if (autoStop !== undefined) expect((await api('PUT', `/builders/${app.uuid}/auto-stop`, { auto_stop_interval: autoStop })).status).toBe(200);
  return (await get(app.uuid)).body.data;
}

/** The preview URL an answer handed out, requested as it is. */
function previewOf(url: string, method = 'GET'): Promise<Reply> {
  return setup.fetchUrl(url, method);
}

async function logLines(uuid: string, since?: string): Promise<{ lines: Array<{ stream: string; line: string; timestamp: string }>; next_cursor: string; has_more: boolean }> {
  const res = await api('GET', `/builders/${uuid}/logs${since === undefined ? '' : `?since=${since}`}`);
  expect(res.status).toBe(200);
  return res.body.data;
}

/** The demo workspace acme's uploaded app, running (fixtures). */
const LEAD_WATCHER = '7e3b9c52-1f4d-4a8e-9b6c-2d5e8f0a1c3b';

/** The demo workspace's apps (the fixtures). */
function demoApps(): string[] {
  return (setup.mock.store.get('acme')?.state.builders ?? []).map((b) => b.uuid);
}

/** The app's service token as the mock keeps it (the API never returns it). */
function storedToken(uuid: string): string {
  const app = setup.mock.store.get('acme')?.state.builders.find((b) => b.uuid === uuid);
  if (!app) throw new Error(`no app ${uuid} in acme`);
  return app.service_token;
}

function exec(uuid: string, command: string, timeout?: number): Promise<Reply> {
  return api('POST', `/builders/${uuid}/exec`, timeout === undefined ? { command } : { command, timeout });
}

describe('upload and deploy', () => {
  it('creates the app deploying with the defaults, then running on the clock', async () => {
    const res = await upload();
    expect(res.body.message).toBe('Builder created successfully');
    const app = res.body.data;
    expect(app).toMatchObject({
      name: 'order-status-lookup',
      kind: 'codebase',
      status: 'deploying',
      entrypoint: 'node server.js',
      port: 8000,
      job_type: 'always_on',
      resources: { cpu: 1, memory: 1, disk: 3 },
      auto_stop_interval: 0,
      backup_interval_hours: 0,
      review_passed: false,
      qa_passed: false,
      cost: { currency: 'EUR', hourly_rate: 0.1965, runtime_hours: 0, cost: 0, billing: 'accruing' },
    });
    // HTTPS on the host and port the request reached the mock at, which answers it.
    expect(app.preview_url).toBe(`${setup.base.replace('http:', 'https:')}/__preview/${app.uuid}/`);
    advance(7_999);
    expect(await status(app.uuid)).toBe('deploying');
    advance(1);
    expect(await status(app.uuid)).toBe('running');
    const listed = await api('GET', '/builders?status=running');
    expect(listed.body.data).toMatchObject({ current_page: 1, last_page: 1, per_page: 15, total: 2 });
    expect(listed.body.data.data.map((b: { uuid: string }) => b.uuid)).toEqual([app.uuid, LEAD_WATCHER]);
  });

  it('keeps the published fields sent: resources (each omitted one at its default), job_type, backup interval', async () => {
    const app = (await upload({ resources: { cpu: 2, memory: 4 }, job_type: 'one_time', backup_interval_hours: 6, port: 3000 })).body.data;
    expect(app).toMatchObject({ resources: { cpu: 2, memory: 4, disk: 3 }, job_type: 'one_time', backup_interval_hours: 6, port: 3000 });
    expect((await get(app.uuid)).body.data).toMatchObject({ resources: { cpu: 2, memory: 4, disk: 3 }, job_type: 'one_time' });
    const halfGb = (await upload({ resources: { memory: 0.5 } })).body.data;
    expect(halfGb.resources).toEqual({ cpu: 1, memory: 0.5, disk: 3 });
  });

  it('takes the published example body as it is', async () => {
    const res = await api('POST', '/builders', {
      name: 'my-api',
      entrypoint: 'python3 main.py',
      files: { 'main.py': 'print("ok")', 'requirements.txt': 'flask' },
      port: 8000,
      env: { MY_FLAG: '1' },
      resources: { cpu: 1, memory: 1, disk: 3 },
      job_type: 'always_on',
      backup_interval_hours: 0,
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ name: 'my-api', entrypoint: 'python3 main.py', port: 8000, backup_interval_hours: 0 });
    const listed = await api('GET', `/builders/${res.body.data.uuid}/files`);
    expect(listed.body.data).toEqual([
      { name: 'main.py', type: 'file' },
      { name: 'requirements.txt', type: 'file' },
    ]);
  });

  it('gives the app its env on top of PORT and SERVICE_TOKEN, which an upload cannot set', async () => {
    const app = await running({ env: { ORDERS_TABLE: 'Orders', NODE_ENV: 'staging' } });
    expect((await exec(app.uuid, 'printenv ORDERS_TABLE')).body.data.output).toBe('Orders\n');
    expect((await exec(app.uuid, 'echo $NODE_ENV on $PORT')).body.data.output).toBe('staging on 8000\n');
    expect(app).not.toHaveProperty('env');
    for (const name of ['PORT', 'SERVICE_TOKEN']) {
      const res = await api('POST', '/builders', { ...UPLOAD, env: { [name]: 'x' } });
      expect(res.status).toBe(422);
      expect(res.body.error).toMatchObject({ code: 'VALIDATION_ERROR', field: 'env' });
    }
    const badName = await api('POST', '/builders', { ...UPLOAD, env: { 'NOT-A-NAME': 'x' } });
    expect(badName.status).toBe(422);
    expect(badName.body.error.field).toBe('env');
  });

  it('refuses what the published body does not have or bounds it refuses (422 naming the field)', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ job_type: 'cron' }, 'job_type'],
      [{ resources: { cpu: 0.1 } }, 'resources.cpu'],
      [{ resources: { memory: 512 } }, 'resources.memory'],
      [{ name: 'Order status lookup' }, 'name'],
      [{ files: [{ path: 'server.js', content: SERVER_JS }] }, 'files'],
      [{ files: {} }, 'files'],
      [{ resources: { gpu: 1 } }, 'resources.gpu'],
      [{ auto_stop_interval: 30 }, 'auto_stop_interval'],
      [{ backup_interval_hours: 169 }, 'backup_interval_hours'],
    ];
    for (const [overrides, field] of cases) {
      const res = await api('POST', '/builders', { ...UPLOAD, ...overrides });
      expect(res.status, field).toBe(422);
      expect(res.body.error.field).toBe(field);
    }
    expect((await api('GET', '/builders')).body.data.total).toBe(demoApps().length);
  });

  it('fails the deploy when the entrypoint\'s script is not among the files', async () => {
    const app = (await upload({ entrypoint: 'node src/main.js' })).body.data;
    advance(8_000);
    expect(await status(app.uuid)).toBe('failed');
    const { lines } = await logLines(app.uuid);
    expect(lines.at(-2)).toMatchObject({ stream: 'stderr', line: "Error: Cannot find module '/app/src/main.js'" });
  });

  it('refuses two keys naming one file, a file inside a file and paths leaving the root (422 on files)', async () => {
    const bodies = [
      { 'server.js': SERVER_JS, './server.js': SERVER_JS },
      { 'server.js': SERVER_JS, 'server.js/index.js': SERVER_JS },
      { 'server.js': SERVER_JS, '../outside.js': 'x' },
      { 'server.js': SERVER_JS, '.': 'x' },
    ];
    for (const files of bodies) {
      const res = await api('POST', '/builders', { ...UPLOAD, files });
      expect(res.status, JSON.stringify(files)).toBe(422);
      expect(res.body.error.field).toBe('files');
    }
    expect((await api('GET', '/builders')).body.data.total).toBe(demoApps().length);
  });

  it('lists the demo workspace\'s apps, newest first: an upload running, and one its builder agent built, stopped', async () => {
    const [built] = demoApps();
    expect(built).toBeDefined();
    const listed = (await api('GET', '/builders')).body.data;
    expect(listed).toMatchObject({ current_page: 1, last_page: 1, per_page: 15, total: 2 });
    expect(listed.data[0]).toMatchObject({ uuid: LEAD_WATCHER, name: 'lead-watcher', status: 'running', entrypoint: 'python3 main.py', port: 8000, auto_stop_interval: 0 });
    expect(listed.data[1]).toMatchObject({ uuid: built, name: 'appointment-reminder-dashboard', status: 'stopped', kind: 'codebase', resources: { cpu: 1, memory: 1, disk: 3 } });
    expect(listed.data[1].cost).toMatchObject({ currency: 'EUR', hourly_rate: 0.1965 });
    expect(listed.data[1].service_token).toBe(`***${storedToken(built as string).slice(-4)}`);
    expect((await api('GET', '/builder-agents')).body.data.data[0].builder.uuid).toBe(built);
    expect((await exec(LEAD_WATCHER, 'ls; printenv MY_FLAG')).body.data).toEqual({ exit_code: 0, output: 'main.py\nrequirements.txt\n1\n' });
  });
});

describe('the service token', () => {
  it('is masked in every answer that carries the app: create, read, list, start, stop, auto-stop, builder agent reads', async () => {
    const created = (await upload()).body.data;
    const token = storedToken(created.uuid);
    expect(token).toMatch(/^svc_[A-Za-z0-9]{30}$/);
    const masked = `***${token.slice(-4)}`;
    advance(8_000);
    const answers = [
      created,
      (await get(created.uuid)).body.data,
      (await api('GET', '/builders')).body.data.data[0],
      (await api('PUT', `/builders/${created.uuid}/auto-stop`, { auto_stop_interval: 10 })).body.data,
      (await api('POST', `/builders/${created.uuid}/stop`)).body.data,
      (await api('POST', `/builders/${created.uuid}/start`)).body.data,
    ];
    for (const app of answers) expect(app.service_token).toBe(masked);

    const agent = (await api('POST', '/builder-agents', { prompt: 'A quiz page [outcome:deployed] [delay:10]' })).body.data;
    advance(10);
    const conversation = (await api('GET', `/builder-agents/${agent.uuid}`)).body.data;
    const listed = (await api('GET', '/builder-agents')).body.data.data[0];
    const agentToken = storedToken(conversation.builder.uuid);
    expect(conversation.builder.service_token).toBe(`***${agentToken.slice(-4)}`);
    expect(listed.builder.service_token).toBe(`***${agentToken.slice(-4)}`);
    const everything = JSON.stringify([answers, conversation, listed]);
    expect(everything).not.toContain(token);
    expect(everything).not.toContain(agentToken);
  });
});

describe('start, stop and the preview URL', () => {
  it('serves the preview only while running: 503 deploying, 200 running, 404 stopped', async () => {
    const app = (await upload()).body.data;
    const deploying = await previewOf(app.preview_url);
    expect(deploying.status).toBe(503);
    expect(deploying.headers['retry-after']).toBe('8');
    advance(8_000);
    const up = await previewOf(app.preview_url);
    expect(up.status).toBe(200);
    expect(up.body).toBe('<h1>Order status</h1>');
    expect(up.headers['content-type']).toBe('text/html; charset=utf-8');

    const stopped = await api('POST', `/builders/${app.uuid}/stop`);
    expect(stopped.status).toBe(200);
    expect(stopped.body.data.status).toBe('stopped');
    expect((await previewOf(app.preview_url)).status).toBe(404);

    const started = await api('POST', `/builders/${app.uuid}/start`);
    expect(started.status).toBe(200);
    expect(started.body.data.status).toBe('deploying');
    advance(2_999);
    expect((await previewOf(app.preview_url)).status).toBe(503);
    advance(1);
    expect(await status(app.uuid)).toBe('running');
    expect((await previewOf(app.preview_url)).status).toBe(200);
  });

  it('refuses start while deploying or running and stop while stopped or failed (409)', async () => {
    const app = (await upload()).body.data;
    const early = await api('POST', `/builders/${app.uuid}/start`);
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe('CONFLICT');
    advance(8_000);
    expect((await api('POST', `/builders/${app.uuid}/start`)).status).toBe(409);
    expect((await api('POST', `/builders/${app.uuid}/stop`)).status).toBe(200);
    const again = await api('POST', `/builders/${app.uuid}/stop`);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('CONFLICT');
    const broken = (await upload({ entrypoint: 'python app.py' })).body.data;
    advance(8_000);
    expect(await status(broken.uuid)).toBe('failed');
    expect((await api('POST', `/builders/${broken.uuid}/stop`)).status).toBe(409);
    expect((await api('POST', `/builders/${broken.uuid}/start`)).status).toBe(200);
  });

  it('stop while deploying stops it for good', async () => {
    const app = (await upload()).body.data;
    expect((await api('POST', `/builders/${app.uuid}/stop`)).body.data.status).toBe('stopped');
    advance(60_000);
    expect(await status(app.uuid)).toBe('stopped');
  });

  it('an unknown app is 404, a preview of an unknown app too', async () => {
    const res = await api('GET', '/builders/3f1d2c4b-0000-4000-8000-000000000000');
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('RESOURCE_NOT_FOUND');
    expect((await send('GET', '/__preview/3f1d2c4b-0000-4000-8000-000000000000/', undefined, null)).status).toBe(404);
  });
});

describe('auto-stop', () => {
  it('stops a running app after auto_stop_interval idle minutes; preview requests keep it up', async () => {
    const app = await running({}, 30);
    advance(20 * 60_000);
    expect((await previewOf(app.preview_url)).status).toBe(200);
    advance(30 * 60_000 - 1);
    expect(await status(app.uuid)).toBe('running');
    advance(1);
    expect(await status(app.uuid)).toBe('stopped');
    expect((await previewOf(app.preview_url)).status).toBe(404);
    const { lines } = await logLines(app.uuid);
    expect(lines.at(-1)).toMatchObject({ stream: 'system', line: 'Auto-stopped after 30 idle minutes' });
  });

  it('0 never stops; a new interval counts from the change', async () => {
    const app = await running();
    advance(7 * 24 * 3_600_000);
    expect(await status(app.uuid)).toBe('running');
    const set = await api('PUT', `/builders/${app.uuid}/auto-stop`, { auto_stop_interval: 5 });
    expect(set.status).toBe(200);
    expect(set.body.data).toMatchObject({ auto_stop_interval: 5, status: 'running' });
    advance(5 * 60_000 - 1);
    expect(await status(app.uuid)).toBe('running');
    advance(1);
    expect(await status(app.uuid)).toBe('stopped');
    const bad = await api('PUT', `/builders/${app.uuid}/auto-stop`, { auto_stop_interval: 10081 });
    expect(bad.status).toBe(422);
    expect(bad.body.error.field).toBe('auto_stop_interval');
  });
});

describe('cost', () => {
  it('accrues only while running', async () => {
    const app = await running();
    advance(3_600_000);
    expect((await get(app.uuid)).body.data.cost).toMatchObject({ runtime_hours: 1, cost: 0.2 });
    await api('POST', `/builders/${app.uuid}/stop`);
    advance(5 * 3_600_000);
    expect((await get(app.uuid)).body.data.cost).toMatchObject({ runtime_hours: 1, cost: 0.2 });
    await api('POST', `/builders/${app.uuid}/start`);
    advance(3_000);
    expect((await get(app.uuid)).body.data.cost.runtime_hours).toBe(1);
    advance(1.5 * 3_600_000);
    expect((await get(app.uuid)).body.data.cost).toMatchObject({ runtime_hours: 2.5, cost: 0.49 });
  });
});

describe('live logs', () => {
  it('grow while the app runs, with the service token masked', async () => {
    const app = await running();
    const first = await logLines(app.uuid);
    const text = first.lines.map((l) => l.line).join('\n');
    expect(first.lines[0]).toMatchObject({ stream: 'system', line: 'Deploying app from 3 files; entrypoint "node server.js" on port 8000' });
    expect(text).toContain('SERVICE_TOKEN=***');
    expect(text).not.toContain(storedToken(app.uuid));
    expect(first.has_more).toBe(false);

    const idle = await logLines(app.uuid, first.next_cursor);
    expect(idle).toEqual({ lines: [], next_cursor: first.next_cursor, has_more: false });

    advance(2 * 60_000);
    const later = await logLines(app.uuid, first.next_cursor);
    expect(later.lines).toHaveLength(4);
    expect(later.lines.every((l) => l.stream === 'stdout' && l.line.startsWith('GET /healthz 200'))).toBe(true);
    expect(later.lines[0]?.timestamp).toBe('2026-03-10T09:00:38+01:00');

    await api('POST', `/builders/${app.uuid}/stop`);
    const atStop = await logLines(app.uuid, later.next_cursor);
    advance(10 * 60_000);
    expect((await logLines(app.uuid, atStop.next_cursor)).lines).toEqual([]);
  });

  it('masks the token in any line the app writes, and pages with limit', async () => {
    const app = await running();
    const written = await control('POST', `/builders/${app.uuid}/logs`, {
      lines: [{ line: `Authorization: Bearer ${storedToken(app.uuid)}`, stream: 'stderr' }, { line: 'plain' }],
    });
    expect(written.status).toBe(200);
    const all = await logLines(app.uuid);
    expect(all.lines.at(-2)).toMatchObject({ stream: 'stderr', line: 'Authorization: Bearer ***' });
    expect(all.lines.at(-1)).toMatchObject({ stream: 'stdout', line: 'plain' });
    const page = await api('GET', `/builders/${app.uuid}/logs?limit=2`);
    expect(page.body.data.lines).toHaveLength(2);
    expect(page.body.data.has_more).toBe(true);
    const rest = await logLines(app.uuid, page.body.data.next_cursor);
    expect(rest.lines).toEqual(all.lines.slice(2));
  });

  it('refuses a cursor it did not give (422 on since)', async () => {
    const app = await running();
    const res = await api('GET', `/builders/${app.uuid}/logs?since=bm90LWEtY3Vyc29y`);
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ code: 'VALIDATION_ERROR', field: 'since' });
  });
});

describe('exec', () => {
  it('runs a command in the app root and answers {success, data {exit_code, output}}', async () => {
    const app = await running();
    const ls = await exec(app.uuid, 'ls');
    expect(ls.status).toBe(200);
    expect(ls.body).toEqual({ success: true, data: { exit_code: 0, output: 'package.json\npublic\nserver.js\n' } });
    expect((await exec(app.uuid, 'cat server.js')).body.data.output).toBe(SERVER_JS);
    expect((await exec(app.uuid, 'echo port $PORT')).body.data.output).toBe('port 8000\n');
    expect((await exec(app.uuid, 'printenv SERVICE_TOKEN')).body.data.output).toBe('***\n');
    expect((await exec(app.uuid, 'ls dist')).body.data).toEqual({ exit_code: 2, output: "ls: cannot access 'dist': No such file or directory\n" });
    expect((await exec(app.uuid, 'rails server')).body.data).toEqual({ exit_code: 127, output: 'sh: 1: rails: not found\n' });
  });

  it('runs a ;-separated sequence in turn, as the published example does', async () => {
    const app = await running();
    const res = await exec(app.uuid, 'ls -la; python3 --version', 60);
    expect(res.status).toBe(200);
    expect(res.body.data.exit_code).toBe(0);
    expect(res.body.data.output).toBe('-rw-r--r-- 1 app app package.json\ndrwxr-xr-x 1 app app public\n-rw-r--r-- 1 app app server.js\nPython 3.12.3\n');
    expect((await exec(app.uuid, 'echo "a;b"')).body.data.output).toBe('a;b\n');
    expect((await exec(app.uuid, 'ls dist; true')).body.data.exit_code).toBe(0);
  });

  it('kills a command after timeout seconds (default 60, at most 600)', async () => {
    const app = await running();
    expect((await exec(app.uuid, 'sleep 5', 2)).body.data).toEqual({ exit_code: 137, output: '' });
    expect((await exec(app.uuid, 'sleep 1', 2)).body.data).toEqual({ exit_code: 0, output: '' });
    expect((await exec(app.uuid, 'echo before; sleep 3', 2)).body.data).toEqual({ exit_code: 137, output: 'before\n' });
    expect((await exec(app.uuid, 'sleep 59')).body.data.exit_code).toBe(0);
    expect((await exec(app.uuid, 'sleep 61')).body.data.exit_code).toBe(137);
    expect((await exec(app.uuid, 'sleep 599', 600)).body.data.exit_code).toBe(0);
    for (const body of [{ command: 'ls', timeout: 601 }, { command: 'ls', timeout: 0 }, { command: 'ls', timeout_seconds: 10 }]) {
      const res = await api('POST', `/builders/${app.uuid}/exec`, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
  });

  it('needs a running app (409)', async () => {
    const app = (await upload()).body.data;
    const res = await exec(app.uuid, 'ls');
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('CONFLICT');
  });
});

describe('the control API for apps', () => {
  it('decides how the current deploy ends', async () => {
    const app = (await upload()).body.data;
    const res = await control('POST', `/builders/${app.uuid}/outcome`, { status: 'failed', reason: 'Out of memory.' });
    expect(res.status).toBe(200);
    expect(await status(app.uuid)).toBe('failed');
    expect((await logLines(app.uuid)).lines.at(-2)).toMatchObject({ stream: 'stderr', line: 'Out of memory.' });
  });

  it('queues the result of the next start', async () => {
    const app = await running();
    await api('POST', `/builders/${app.uuid}/stop`);
    expect((await control('POST', `/builders/${app.uuid}/outcome`, { status: 'failed', after_ms: 500 })).status).toBe(200);
    await api('POST', `/builders/${app.uuid}/start`);
    advance(499);
    expect(await status(app.uuid)).toBe('deploying');
    advance(1);
    expect(await status(app.uuid)).toBe('failed');
  });

  it('refuses bad bodies', async () => {
    const app = (await upload()).body.data;
    expect((await control('POST', `/builders/${app.uuid}/outcome`, { status: 'stopped' })).status).toBe(422);
    expect((await control('POST', `/builders/${app.uuid}/logs`, { lines: [{ line: 1 }] })).status).toBe(422);
    expect((await control('POST', '/builders/3f1d2c4b-0000-4000-8000-000000000000/logs', { lines: [{ line: 'x' }] })).status).toBe(404);
  });
});
