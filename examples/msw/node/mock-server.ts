// MSW in Node with the mock as its only request handler: `http.all('*')` hands every request the
// code under test sends (fetch, node:http, axios, ...) to the package's fetch adapter, which answers
// it in-process from a fresh mock (no port, no child process). Tenants are the Host's subdomain, as
// with the HTTP mock: http://acme.localhost/api/v1/... reaches the acme workspace.
import { createMock, type Mock, type MockOptions } from 'agent-platform-contract';
import { fetchHandler } from 'agent-platform-contract/fetch';
import { http } from 'msw';
import { setupServer } from 'msw/node';

export interface MockServer {
  /** The mock behind the handler: its store, clock and fixtures (mock.clock.advance(...), ...). */
  mock: Mock;
  /** MSW's server: listen() before the tests, resetHandlers()/close() after. */
  server: ReturnType<typeof setupServer>;
}

export function setupMockServer(options: MockOptions = {}): MockServer {
  const mock = createMock(options);
  const handle = fetchHandler(mock);
  const server = setupServer(http.all('*', ({ request }) => handle(request)));
  return { mock, server };
}
