// The package's Node entry (`agent-platform-contract/node`): the mock over node:http (create,
// listen, stop gracefully) and fixture sets read from a folder of JSON files (as --fixtures does).
export { createMockServer, DEFAULT_TIMEOUTS, inFlight, listen, nodeHandler, type ServerTimeouts, stopGracefully } from './adapters/node-http.ts';
export { FIXTURES_DIR, loadFixtureSet } from './state/fixtures.ts';
export * from './index.ts';
