// Transport rules for an https target (seed "Authentication" rule 5): plain HTTP rejected, TLS
// below 1.2 refused. Against the mock over plain HTTP they are recorded as not applicable; against
// the mock started with --tls (its https address, its certificate trusted with --ca) they run.
import { describe } from 'vitest';
import { checkPlainHttp, checkScheme, checkTlsVersions } from '../rules/tls.ts';
import { conformanceTest, suite } from './context.ts';

const { target } = suite();

describe('tls', () => {
  conformanceTest('HTTPS only, TLS 1.2 or higher', async () => {
    if (!checkScheme(target)) return;
    await checkPlainHttp(target);
    await checkTlsVersions(target);
  });
});
