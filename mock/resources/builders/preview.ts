// The apps' preview URLs, served by the mock at `/__preview/{uuid}/...` on its own address, with no
// token (seed "What the service does" > Builders: "A running app has a public HTTPS preview URL
// that only resolves while it runs"). Running: the app's page (`public/` files, else a generated
// page), 200, and the request counts as activity for auto-stop and shows in the app's log.
// Deploying: 503 with Retry-After. Stopped, failed or unknown: 404.
import type { Mock } from '../../core/mock.ts';
import type { MockRequest, MockResponse } from '../../core/types.ts';
import { settleBuilders } from '../builder-agents/agent-state.ts';
import { PREVIEW_PREFIX } from './app-record.ts';
import type { BuilderAppRecord } from './app-record.ts';
import { recordPreviewRequest } from './app-state.ts';

const TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json; charset=utf-8',
  svg: 'image/svg+xml',
  txt: 'text/plain; charset=utf-8',
};

export function isPreviewPath(path: string): boolean {
  return path.startsWith(PREVIEW_PREFIX);
}

function text(status: number, body: string, extra: Record<string, string> = {}): MockResponse {
  return { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...extra }, body };
}

function escapeHtml(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

function page(app: BuilderAppRecord, subPath: string): { status: number; type: string; body: string } {
  const wanted = subPath === '' || subPath.endsWith('/') ? `${subPath}index.html` : subPath;
  const file = app.files.find((f) => f.path === `public/${wanted}`) ?? (wanted === 'index.html' ? app.files.find((f) => f.path === 'index.html') : undefined);
  if (file) return { status: 200, type: TYPES[file.path.split('.').pop() ?? ''] ?? 'application/octet-stream', body: file.content };
  if (wanted === 'index.html') {
    const name = escapeHtml(app.name);
    const html = `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>${name}</title></head><body><h1>${name}</h1><p>Running (revision ${app.revision}).</p></body></html>\n`;
    return { status: 200, type: TYPES.html as string, body: html };
  }
  return { status: 404, type: TYPES.txt as string, body: `Cannot GET /${subPath}\n` };
}

export function servePreview(mock: Mock, req: MockRequest): MockResponse {
  const rest = req.path.slice(PREVIEW_PREFIX.length);
  const slash = rest.indexOf('/');
  const uuid = slash === -1 ? rest : rest.slice(0, slash);
  const subPath = slash === -1 ? '' : rest.slice(slash + 1);
  const now = new Date(mock.clock.now());
  for (const { state } of mock.store.all()) {
    settleBuilders(state, now, mock.config.baseDomain);
    const app = state.builders.find((a) => a.uuid === uuid);
    if (!app) continue;
    const status = app.life.status;
    if (status === 'deploying') {
      const wait = app.life.deploy ? Math.max(1, Math.ceil((app.life.deploy.until.getTime() - now.getTime()) / 1000)) : 1;
      return text(503, `${app.name} is starting; try again in ${wait} s.\n`, { 'retry-after': String(wait) });
    }
    if (status !== 'running') return text(404, `No app is running at this preview URL (the app is ${status}).\n`);
    const method = req.method.toUpperCase();
    if (method !== 'GET' && method !== 'HEAD') {
      recordPreviewRequest(app, now, method, `/${subPath}`, 405);
      return text(405, `Cannot ${method} /${subPath}\n`, { allow: 'GET, HEAD' });
    }
    const served = page(app, subPath);
    recordPreviewRequest(app, now, method, `/${subPath}`, served.status);
    return { status: served.status, headers: { 'content-type': served.type, 'cache-control': 'no-store' }, body: method === 'HEAD' ? '' : served.body };
  }
  return text(404, 'No app is running at this preview URL.\n');
}
