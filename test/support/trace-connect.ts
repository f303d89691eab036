// Preloaded into a child process a test runs (NODE_OPTIONS=--import=<this file>): writes a line to
// stderr when it is loaded and one for every outgoing TCP connection the process opens (node's
// `net.client.socket` diagnostics channel, which node:net, undici and fetch all go through). A test
// tells from these lines, not from how long the process took, whether it contacted anyone.
import { subscribe } from 'node:diagnostics_channel';
import { pathToFileURL } from 'node:url';

export const TRACE_LOADED = '[trace-connect] loaded';
export const TRACE_CONNECT = '[trace-connect] connect';

/** NODE_OPTIONS that preload this file, added to `env`'s own. */
export function traceConnectEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const own = `--import=${pathToFileURL(import.meta.filename).href}`;
  return { ...env, TRACE_CONNECT_CHILD: '1', NODE_OPTIONS: [env.NODE_OPTIONS, own].filter(Boolean).join(' ') };
}

if (process.env.TRACE_CONNECT_CHILD === '1') {
  process.stderr.write(`${TRACE_LOADED}\n`);
  subscribe('net.client.socket', () => {
    process.stderr.write(`${TRACE_CONNECT}\n`);
  });
}
