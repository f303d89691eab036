// MSW in the browser with the mock as its handler: the mock core runs in the page (bundled from the
// package's main entry, no server), MSW's service worker (mockServiceWorker.js) catches the page's
// requests to the API and the control API, and the package's fetch adapter answers them. A
// tenant is the Host's subdomain: fetch('http://acme.localhost:5173/api/v1/calls', ...) reaches
// acme. Requests for anything else (the page's own files) go to the network.
import { createMock, fetchHandler } from 'agent-platform-contract';
import { http } from 'msw';
import { setupWorker } from 'msw/browser';

/** The API's and the control API's paths on any host. */
const MOCKED = /^https?:\/\/[^/]+\/(api\/v1|__mock)(\/|\?|$)/;

const mock = createMock();
const handle = fetchHandler(mock);
const worker = setupWorker(http.all(MOCKED, ({ request }) => handle(request)));

await worker.start({ serviceWorker: { url: './mockServiceWorker.js' }, onUnhandledRequest: 'bypass', quiet: true });

// Tells the page (and tests) that requests are now answered by the mock.
(globalThis as { mockReady?: boolean }).mockReady = true;
