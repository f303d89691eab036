// The package's main entry (`agent-platform-contract`): the mock core, transport-independent and
// free of node: imports, so it runs in Node, in a browser bundle and under MSW. It starts from the
// bundled demo fixtures and contract (generated/*-data.ts); the node:http server is `./node`.
export { fetchHandler } from './adapters/fetch.ts';
export type { CacheLimits, ControlAccess, MockConfig } from './core/config.ts';
export { createMock, type Mock, type MockOptions } from './core/mock.ts';
export type { MockRequest, MockResponse } from './core/types.ts';
export { FAULTS, type FaultName } from './pipeline/faults.ts';
export { bundledFixtureSet, bundledFixtureSets } from './state/bundled-fixtures.ts';
export type { WorkspaceState } from './state/workspace.ts';
export { MockClock } from './time/clock.ts';
