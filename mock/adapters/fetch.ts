// fetch-style adapter: a `Request` → `Response` function, for in-process use (tests, scripts)
// and for MSW handlers in a browser or jsdom (`http.all('*', ({ request }) => handler(request))`).
import type { Mock } from '../core/mock.ts';
import { NO_ANSWER_MS } from '../core/types.ts';

export function fetchHandler(mock: Mock): (request: Request) => Promise<Response> {
  return async (request) => {
    const url = new URL(request.url);
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    if (headers.host === undefined) headers.host = url.host;
    const bytes = new Uint8Array(await request.arrayBuffer());
    const tooLarge = bytes.length > mock.config.maxBodyBytes;
    const response = await mock.handle({
      method: request.method,
      path: url.pathname,
      query: url.search.startsWith('?') ? url.search.slice(1) : url.search,
      headers,
      body: tooLarge ? new Uint8Array() : bytes,
      bodyTooLarge: tooLarge,
    });
    const { delayMs, fault } = response.transport ?? {};
    if (delayMs !== undefined && delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    // A dropped connection is a network error; no answer waits until the caller aborts (or the bound).
    if (fault === 'reset') return Response.error();
    if (fault === 'no-answer') {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, NO_ANSWER_MS);
        request.signal.addEventListener('abort', () => {
          clearTimeout(timer);
          resolve();
        });
      });
      return Response.error();
    }
    const status = response.status;
    const noBody = status === 204 || status === 304;
    return new Response(noBody ? null : response.body, { status, headers: response.headers });
  };
}
