// A runnable example (`node examples/msw/node/run.ts` in a project that installed the package and
// msw): intercepts fetch with MSW, asks acme's calls of October with the demo workspace token, and
// prints one JSON line with what came back.
import { setupMockServer } from './mock-server.ts';

/** acme's "Demo integration (all permissions)" workspace token from the bundled demo fixtures. */
const ACME_TOKEN = 'wst_OCj2ISaJiHkTj0rLGlkoMXGjtEkDnNfribxUdl7d';

const { server } = setupMockServer();
server.listen({ onUnhandledRequest: 'error' });
try {
  const response = await fetch('http://acme.localhost/api/v1/calls?from=2026-10-01&to=2026-10-31', {
    headers: { authorization: `Bearer ${ACME_TOKEN}` },
  });
  const body = (await response.json()) as { data?: { total?: number } };
  console.log(JSON.stringify({ status: response.status, timezone: response.headers.get('x-timezone'), total: body.data?.total }));
} finally {
  server.close();
}
