// Authentication rules on every operation the mode allows (seed "Authentication"): missing,
// wrong, malformed and revoked tokens, a wrong tenant, a token without the permission, and a
// per-user token. Last, the API request feed, which now holds these requests, shows no token
// unmasked (rule 8).
import { describe } from 'vitest';
import { notApplicable } from '../record/rule.ts';
import { AUTH_REVOKED, checkAuth, checkRevocation, checkUserToken } from '../rules/auth.ts';
import { checkFeedSecrets } from '../rules/logs.ts';
import { conformanceTest, suite } from './context.ts';

const { operations, target } = suite();
const probe = operations.find((op) => op.method === 'GET' && !op.parameters.some((p) => p.required));

describe('auth', () => {
  for (const op of operations) conformanceTest(`${op.operationId}: authentication`, () => checkAuth(op));

  conformanceTest('a per-user token is accepted', async () => {
    for (const op of operations.filter((o) => o.method === 'GET').slice(0, 3)) await checkUserToken(op);
  });

  conformanceTest('a revoked token is refused at once', async () => {
    if (target.mode === 'readonly' || !probe) {
      notApplicable(AUTH_REVOKED, undefined, 'readonly mode creates no token to revoke (use --mode safe)');
      return;
    }
    await checkRevocation(probe);
  });

  conformanceTest('the API request feed masks the tokens it records', () => checkFeedSecrets());
});
