// Seed "Errors": 500, 502 and 503 mean the service failed ("Unexpected error", "Bad gateway",
// "Service unavailable"). No request the suite sends, valid or not, may cause one: a client
// mistake gets a 4xx.
import type { ExchangeCheck } from './check.ts';
import { violation } from './check.ts';

export const notServerError: ExchangeCheck = {
  name: 'not-server-error',
  rule: 'seed "Errors": 5xx is an unexpected failure; a client mistake gets a 4xx',
  run(ex) {
    const { status } = ex.response;
    return status >= 500 ? violation(`the server answered ${status}`, 'documented') : 'pass';
  },
};
