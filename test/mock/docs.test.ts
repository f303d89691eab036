// The documentation the mock serves (README "API docs"): the bundled contract as JSON and YAML,
// with the running mock listed first in its servers (the rest byte for byte generated/openapi.json),
// and reference pages for the API and the control API whose scripts and styles come from the mock
// itself. No token, no tenant, any Host the API answers.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { BUNDLED_SPEC_PATH } from '../../mock/contract/bundled-path.ts';
import { type Harness, startHarness } from '../support/harness.ts';

const CONTROL_YAML = new URL('../../mock/control/openapi.yaml', import.meta.url);

/** The servers of a served description. */
interface Served {
  servers: Array<{ url: string; variables?: Record<string, { default: string; enum?: string[] } | undefined> }>;
}

/** Every src/href of an HTML page. */
function references(html: string): string[] {
  return [...html.matchAll(/\b(?:src|href|data-url)="([^"]*)"/g)].map((m) => m[1] as string);
}

describe('docs over HTTP', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness('http');
  });
  afterAll(() => h.close());

  it('serves the bundled contract at /openapi.json with the running mock first in servers, on a tenant host or none, without a token', async () => {
    const file = readFileSync(BUNDLED_SPEC_PATH, 'utf8');
    const bundle = JSON.parse(file) as Served;
    const slugs = h.mock.store.all().map((w) => w.state.slug);
    for (const tenant of ['acme', null, 'no-such-tenant']) {
      const reply = await h.call('GET', '/openapi.json', { tenant, token: null });
      expect(reply.status).toBe(200);
      expect(reply.headers['content-type']).toBe('application/json; charset=utf-8');
      const served = reply.body as Served;
      expect(served.servers.map((s) => s.url)).toEqual(['http://{tenant}.localhost:{port}', 'https://{tenant}.localhost:{port}', ...bundle.servers.map((s) => s.url)]);
      for (const server of served.servers.slice(0, 2)) {
        expect(server.variables?.tenant).toEqual({ default: 'acme', enum: slugs, description: expect.any(String) });
        expect(server.variables?.port?.default).toMatch(/^\d+$/);
      }
      // Nothing else differs: with the bundle's own servers in their place, the text is the file's.
      expect(`${JSON.stringify({ ...served, servers: bundle.servers }, null, 2)}\n`).toBe(file);
    }
  });

  it("takes the servers' port and default tenant from the Host, and lists the request's scheme first", async () => {
    const get = (host: string | undefined, secure: boolean) =>
      h.mock.handle({ method: 'GET', path: '/openapi.json', query: '', headers: host === undefined ? {} : { host }, body: new Uint8Array(), secure });
    const mine = (text: string) => (JSON.parse(text) as Served).servers.slice(0, 2);
    const globex = mine((await get('globex.localhost:4321', false)).body);
    expect(globex.map((s) => [s.url, s.variables?.tenant?.default, s.variables?.port?.default])).toEqual([
      ['http://{tenant}.localhost:{port}', 'globex', '4321'],
      ['https://{tenant}.localhost:{port}', 'globex', '4321'],
    ]);
    const secure = mine((await get('acme.localhost:8443', true)).body);
    expect(secure.map((s) => s.url)).toEqual(['https://{tenant}.localhost:{port}', 'http://{tenant}.localhost:{port}']);
    // A Host without a port (a proxy on the scheme's own port): the address names none.
    const portless = mine((await get('acme.localhost', false)).body);
    expect(portless.map((s) => s.url)).toEqual(['http://{tenant}.localhost', 'https://{tenant}.localhost']);
    expect(portless[0]?.variables?.port).toBeUndefined();
    // Only the port's digits come from the Host: a forged Host adds nothing to the document.
    const forged = mine((await get('evil.example"}:80', false)).body);
    expect(forged[0]?.url).toBe('http://{tenant}.localhost:{port}');
    expect(forged[0]?.variables?.tenant?.default).toBe('acme');
  });

  it('serves the same document as YAML at /openapi.yaml', async () => {
    const reply = await h.call('GET', '/openapi.yaml', { token: null });
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('application/yaml; charset=utf-8');
    const json = await h.call('GET', '/openapi.json', { token: null });
    expect(parse(reply.text)).toEqual(json.body);
  });

  it('serves a reference page that loads only local assets and the local contract', async () => {
    for (const [path, documentUrl] of [
      ['/docs', '/openapi.json'],
      ['/docs/control', '/__mock/openapi.json'],
    ] as const) {
      const reply = await h.call('GET', path, { token: null, tenant: null });
      expect(reply.status).toBe(200);
      expect(reply.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(reply.headers['content-security-policy']).toContain("script-src 'self'");
      const refs = references(reply.text);
      expect(refs).toContain(documentUrl);
      expect(refs.filter((r) => r.endsWith('.js')).length).toBeGreaterThanOrEqual(2);
      for (const ref of refs) expect(ref).toMatch(/^\/(docs\/assets\/|openapi\.json$|__mock\/openapi\.json$)/);
      expect(reply.text).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
      for (const ref of refs.filter((r) => r.startsWith('/docs/assets/'))) {
        const asset = await h.call('GET', ref, { token: null });
        expect(asset.status, ref).toBe(200);
        expect(asset.headers['content-type']).toBe(ref.endsWith('.css') ? 'text/css; charset=utf-8' : 'text/javascript; charset=utf-8');
      }
    }
  });

  it('serves the library script from the installed package', async () => {
    const reply = await h.call('GET', '/docs/assets/swagger-ui-bundle.js', { token: null });
    expect(reply.status).toBe(200);
    const file = readFileSync(new URL('../../node_modules/swagger-ui-dist/swagger-ui-bundle.js', import.meta.url), 'utf8');
    expect(reply.text).toBe(file);
    expect(reply.text).toContain('SwaggerUIBundle');
    const init = await h.call('GET', '/docs/assets/init.js', { token: null });
    expect(init.text).toContain('validatorUrl: null');
    for (const unknown of ['/docs/assets/constructor', '/docs/assets/__proto__', '/docs/assets/../package.json', '/docs/assets/swagger-ui-bundle.js.map']) {
      expect((await h.call('GET', unknown, { token: null })).status, unknown).toBe(404);
    }
  });

  it("serves the control API's description at /__mock/openapi.json under the control API's rules", async () => {
    const reply = await h.control('GET', '/openapi.json');
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(reply.body).toEqual(parse(readFileSync(CONTROL_YAML, 'utf8')));
    // A tenant host is the API's, not the control API's.
    const tenantHost = await h.call('GET', '/__mock/openapi.json', { token: null });
    expect(tenantHost.status).toBe(403);
  });

  it('answers only GET and HEAD, and exposes no token', async () => {
    const post = await h.call('POST', '/openapi.json', { token: null, json: {} });
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD');
    const head = await h.call('HEAD', '/openapi.json', { token: null });
    expect(head.status).toBe(200);
    const texts = [(await h.call('GET', '/openapi.json', { token: null })).text, (await h.control('GET', '/openapi.json')).text];
    for (const ws of h.mock.fixtures) {
      for (const token of ws.tokens) for (const text of texts) expect(text).not.toContain(token.secret);
      for (const token of ws.user_tokens) for (const text of texts) expect(text).not.toContain(token.token);
    }
  });
});
