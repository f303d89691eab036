// The documentation the mock serves, with no token and no tenant, on any Host the API answers:
//   /openapi.json      the bundled contract (generated/openapi.json) with the running mock listed first
//                      in `servers` (docs/servers.ts), so the page's "Try it out" calls this mock
//   /openapi.yaml      the same document as YAML
//   /docs              an API reference page (Swagger UI, from the swagger-ui-dist package)
//   /docs/control      the same page for the control API's description (/__mock/openapi.json)
//   /docs/assets/...   the page's script, styles and initializer, served from node_modules
//                      (in Node only: docs/assets.ts; a browser bundle of the core answers 404)
// The pages load nothing from another origin: the scripts and styles are the package's files, the
// documents come from this server, and Swagger UI's online validator is turned off. The documents
// hold no secret (tokens live in fixtures and the control API, never in the contract).
import { stringify } from 'yaml';
import type { MockRequest, MockResponse } from '../core/types.ts';
import { CONTROL_DOCUMENT_JSON } from '../../generated/contract-data.ts';
import { loadContract } from '../contract/load.ts';
import { readSwaggerUiFile } from './assets.ts';
import { type DocsSite, type ServerObject, mockServers } from './servers.ts';

export type { DocsSite } from './servers.ts';

/** The page's own files (name → file in swagger-ui-dist and content type). */
const ASSETS: Readonly<Record<string, readonly [string, string]>> = {
  'swagger-ui-bundle.js': ['swagger-ui-bundle.js', 'text/javascript; charset=utf-8'],
  'swagger-ui-standalone-preset.js': ['swagger-ui-standalone-preset.js', 'text/javascript; charset=utf-8'],
  'swagger-ui.css': ['swagger-ui.css', 'text/css; charset=utf-8'],
};

/** Starts Swagger UI on the element that names its document (data-url); no inline script is needed. */
const INITIALIZER = `window.addEventListener('load', function () {
  var root = document.getElementById('swagger-ui');
  window.ui = SwaggerUIBundle({
    url: root.getAttribute('data-url'),
    dom_id: '#swagger-ui',
    deepLinking: true,
    // Tags start collapsed: a contract of some 150 operations reads as its list of resource groups,
    // and Swagger UI draws a group's operations when it is opened (with every group open at once it
    // stops drawing part way through a contract this size).
    docExpansion: 'none',
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
    layout: 'BaseLayout',
  });
});
`;

/** Scripts and styles from this origin only; Swagger UI sets inline styles and shows data: images. */
const CSP = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self' *; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

const cache = new Map<string, string>();

function cached(key: string, load: () => string): string {
  let value = cache.get(key);
  if (value === undefined) {
    value = load();
    cache.set(key, value);
  }
  return value;
}

/** Served documents by their servers (a few Hosts, schemes and tenant lists at most in practice). */
const SERVED_LIMIT = 16;
const served = new Map<string, string>();

function servedText(key: string, load: () => string): string {
  let value = served.get(key);
  if (value === undefined) {
    if (served.size >= SERVED_LIMIT) served.clear();
    value = load();
    served.set(key, value);
  }
  return value;
}

/** The bundled contract with these servers first and the contract's own after them; no other change. */
function withServers(servers: readonly ServerObject[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(loadContract() as unknown as Record<string, unknown>)) {
    out[key] = key === 'servers' ? [...servers, ...((value as ServerObject[] | undefined) ?? [])] : value;
  }
  if (!('servers' in out)) out.servers = [...servers];
  return out;
}

/** The contract as /openapi.json serves it: generated/openapi.json's layout, the mock's servers first. */
export function contractJson(servers: readonly ServerObject[]): string {
  const key = JSON.stringify(servers);
  return servedText(`json ${key}`, () => `${JSON.stringify(withServers(servers), null, 2)}\n`);
}

export function contractYaml(servers: readonly ServerObject[]): string {
  const key = JSON.stringify(servers);
  return servedText(`yaml ${key}`, () => stringify(withServers(servers), { aliasDuplicateObjects: false, lineWidth: 0 }));
}

/** The control API's description (control/openapi.yaml) as JSON. */
export function controlJson(): string {
  return CONTROL_DOCUMENT_JSON;
}

function page(title: string, documentUrl: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<link rel="stylesheet" href="/docs/assets/swagger-ui.css">
</head>
<body>
<div id="swagger-ui" data-url="${documentUrl}"></div>
<script src="/docs/assets/swagger-ui-bundle.js"></script>
<script src="/docs/assets/swagger-ui-standalone-preset.js"></script>
<script src="/docs/assets/init.js"></script>
</body>
</html>
`;
}

function answer(status: number, contentType: string, body: string, extra: Record<string, string> = {}): MockResponse {
  return {
    status,
    headers: { 'content-type': contentType, 'x-timezone': 'UTC', 'x-content-type-options': 'nosniff', 'cache-control': 'no-cache', ...extra },
    body,
  };
}

/** Whether a path is one of the documentation routes (any method: others answer 405). */
export function isDocsPath(path: string): boolean {
  return path === '/openapi.json' || path === '/openapi.yaml' || path === '/docs' || path.startsWith('/docs/');
}

/** The answer of a documentation route, or undefined when the path is not one (the API's 404 then). */
export function serveDocs(req: MockRequest, site: DocsSite): MockResponse | undefined {
  const method = req.method.toUpperCase();
  const body = docsBody(req, site);
  if (body === undefined) return undefined;
  if (method !== 'GET' && method !== 'HEAD') {
    return answer(405, 'application/json; charset=utf-8', JSON.stringify({ success: false, message: 'Method not allowed', error: { code: 'BAD_REQUEST', details: `${req.path} answers GET and HEAD only.` } }), { allow: 'GET, HEAD' });
  }
  const [contentType, text] = body;
  const extra: Record<string, string> = contentType.startsWith('text/html') ? { 'content-security-policy': CSP } : { 'access-control-allow-origin': '*' };
  return answer(200, contentType, text(), extra);
}

function docsBody(req: MockRequest, site: DocsSite): readonly [string, () => string] | undefined {
  const path = req.path;
  switch (path) {
    case '/openapi.json':
      return ['application/json; charset=utf-8', () => contractJson(mockServers(req, site))];
    case '/openapi.yaml':
      return ['application/yaml; charset=utf-8', () => contractYaml(mockServers(req, site))];
    case '/docs':
    case '/docs/':
      return ['text/html; charset=utf-8', () => page('Conversational AI Platform API — reference', '/openapi.json')];
    case '/docs/control':
      return ['text/html; charset=utf-8', () => page('Mock control API — reference', '/__mock/openapi.json')];
    case '/docs/assets/init.js':
      return ['text/javascript; charset=utf-8', () => INITIALIZER];
  }
  const name = path.startsWith('/docs/assets/') ? path.slice('/docs/assets/'.length) : '';
  const asset = Object.hasOwn(ASSETS, name) ? ASSETS[name] : undefined;
  if (!asset) return undefined;
  const [file, contentType] = asset;
  const text = cached(file, () => readSwaggerUiFile(file) ?? '');
  return text === '' ? undefined : [contentType, () => text];
}
