// Builder app files over real HTTP (seed "Endpoints", GET /api/v1/builders/{uuid}/files: `path`
// is a "directory relative to the app root, default `.`", returning `{name, type}`; the contract's
// file read and write): listing, nested paths, read, create and replace, and paths that name the
// wrong kind of entry or leave the app root (422 on path).
import { beforeEach, describe, expect, it } from 'vitest';
import { type Reply, useBuilderApi } from '../support/builder-api.ts';

const setup = useBuilderApi(Date.parse('2026-03-10T08:00:00Z'));
const { send, api, advance } = setup;

const FILES = {
  'package.json': '{"name":"shop","scripts":{"start":"node server.js"}}',
  'server.js': "console.log('up');\n",
  'src/routes/orders.js': 'export const orders = [];\n',
  'src/app.js': '// Grüße\n',
  'README.md': '# Shop\n',
};

let app: string;

beforeEach(async () => {
  const res = await api('POST', '/builders', { name: 'shop', entrypoint: 'npm start', files: FILES });
  expect(res.status).toBe(201);
  app = res.body.data.uuid;
});

function list(path?: string): Promise<Reply> {
  return api('GET', `/builders/${app}/files${path === undefined ? '' : `?path=${encodeURIComponent(path)}`}`);
}

function read(path: string): Promise<Reply> {
  return api('GET', `/builders/${app}/files/content?path=${encodeURIComponent(path)}`);
}

function write(path: string, content: string): Promise<Reply> {
  return api('PUT', `/builders/${app}/files/content`, { path, content });
}

function expectBadPath(res: Reply, code = 'VALIDATION_ERROR'): void {
  expect(res.status).toBe(422);
  expect(res.body).toMatchObject({ success: false, error: { code, field: 'path' } });
}

describe('listing', () => {
  it('lists the app root by default, directories and files sorted by name, as {success, data}', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      data: [
        { name: 'README.md', type: 'file' },
        { name: 'package.json', type: 'file' },
        { name: 'server.js', type: 'file' },
        { name: 'src', type: 'directory' },
      ],
    });
    expect((await list('.')).body).toEqual(res.body);
  });

  it('lists nested directories, with or without ./ and a trailing slash', async () => {
    const src = [
      { name: 'app.js', type: 'file' },
      { name: 'routes', type: 'directory' },
    ];
    expect((await list('src')).body.data).toEqual(src);
    expect((await list('./src/')).body.data).toEqual(src);
    expect((await list('src/routes')).body.data).toEqual([{ name: 'orders.js', type: 'file' }]);
  });

  it('404 for a missing directory, 422 for a file or a path leaving the root', async () => {
    const missing = await list('lib');
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('RESOURCE_NOT_FOUND');
    expectBadPath(await list('server.js'));
    expectBadPath(await list('../etc'), 'INVALID_FORMAT');
    expectBadPath(await list('/etc'), 'INVALID_FORMAT');
    expectBadPath(await list('src/../..'), 'INVALID_FORMAT');
  });
});

describe('reading', () => {
  it('returns the content with its UTF-8 size', async () => {
    const res = await read('src/app.js');
    expect(res.status).toBe(200);
    // 9 characters, 11 bytes: ü and ß take two bytes each in UTF-8.
    expect(res.body.data).toEqual({ path: 'src/app.js', content: '// Grüße\n', size_bytes: 11 });
  });

  it('404 for a missing file, 422 for a directory or a path leaving the root', async () => {
    const missing = await read('src/missing.js');
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('RESOURCE_NOT_FOUND');
    expectBadPath(await read('src/routes'));
    expectBadPath(await read('../secrets.txt'), 'INVALID_FORMAT');
    expectBadPath(await read('/etc/passwd'), 'INVALID_FORMAT');
    expectBadPath(await read('src/'), 'INVALID_FORMAT');
    const none = await api('GET', `/builders/${app}/files/content`);
    expectBadPath(none);
  });
});

describe('writing', () => {
  it('creates a file and its parent directories (201), then replaces it (200)', async () => {
    const created = await write('config/prod/settings.json', '{"cache":60}');
    expect(created.status).toBe(201);
    expect(created.body.data).toEqual({ path: 'config/prod/settings.json', content: '{"cache":60}', size_bytes: 12 });
    expect((await list()).body.data).toContainEqual({ name: 'config', type: 'directory' });
    expect((await list('config')).body.data).toEqual([{ name: 'prod', type: 'directory' }]);
    expect((await list('config/prod')).body.data).toEqual([{ name: 'settings.json', type: 'file' }]);

    const replaced = await write('config/prod/settings.json', '{"cache":120}');
    expect(replaced.status).toBe(200);
    expect((await read('config/prod/settings.json')).body.data.content).toBe('{"cache":120}');
    expect((await list('config/prod')).body.data).toHaveLength(1);
  });

  it('refuses a path that names a directory, goes through a file or leaves the root (422), changing nothing', async () => {
    const before = (await list()).body;
    expectBadPath(await write('src', 'x'));
    expectBadPath(await write('server.js/inner.js', 'x'));
    expectBadPath(await write('../outside.js', 'x'), 'INVALID_FORMAT');
    expectBadPath(await write('/abs.js', 'x'), 'INVALID_FORMAT');
    expectBadPath(await write('a/./b.js', 'x'), 'INVALID_FORMAT');
    expect((await list()).body).toEqual(before);
  });

  it('is allowed in every status and does not restart the app', async () => {
    advance(8_000);
    expect((await api('GET', `/builders/${app}`)).body.data.status).toBe('running');
    expect((await write('notes.txt', 'hello')).status).toBe(201);
    expect((await api('GET', `/builders/${app}`)).body.data.status).toBe('running');
    await api('POST', `/builders/${app}/stop`);
    expect((await write('notes.txt', 'bye')).status).toBe(200);
    expect((await read('notes.txt')).body.data.content).toBe('bye');
  });

  it('the exec terminal sees written files', async () => {
    advance(8_000);
    await write('docs/guide.md', '# Guide\n');
    const res = await api('POST', `/builders/${app}/exec`, { command: 'cat docs/guide.md' });
    expect(res.body.data.output).toBe('# Guide\n');
  });
});

describe('files across a snapshot export and import', () => {
  it('stay text, even a file that holds only a timestamp', async () => {
    await write('stamp.txt', '2026-03-10T08:00:00Z');
    const snapshot = await send('GET', '/__mock/snapshot', undefined, null);
    expect(snapshot.status).toBe(200);
    expect((await send('PUT', '/__mock/snapshot', snapshot.body, null)).status).toBe(200);
    const res = await read('stamp.txt');
    expect(res.status).toBe(200);
    expect(typeof res.body.data.content).toBe('string');
    expect(Date.parse(res.body.data.content)).toBe(Date.parse('2026-03-10T08:00:00Z'));
    expect((await read('src/app.js')).body.data.content).toBe('// Grüße\n');
  });
});

describe('files of an app in another workspace', () => {
  it('are not found from this one', async () => {
    const globexToken = setup.mock.store.get('globex')?.state.tokens.find((t) => t.permissions.includes('*') && t.revoked_at === null)?.secret;
    const port = new URL(setup.base).port;
    const res = await send('GET', `/api/v1/builders/${app}/files`, undefined, globexToken, `globex.localhost:${port}`);
    expect(res.status).toBe(404);
  });
});
