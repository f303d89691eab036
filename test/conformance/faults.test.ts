// The suite must be able to fail: against the mock started with each fault (mock/pipeline/
// faults.ts) the run exits 1 and its report names the check that enforces the broken rule. The
// issue's six faults run the whole suite; the others run the part that holds their check.
import { describe, expect, it } from 'vitest';
import { expectFailureNaming, runCli } from './run-cli.ts';

const EXPECTED: Array<[fault: string, check: string, parts: string | undefined]> = [
  ['missing-timezone-header', 'timezone-header', undefined],
  ['no-rate-limit', 'send-rate-limit', undefined],
  ['wrong-error-shape', 'error-shape', undefined],
  ['idempotency-off', 'idempotency', undefined],
  ['wrong-status', 'status-documented', undefined],
  ['schema-drift', 'response-schema', undefined],
  ['missing-rate-limit-headers', 'rate-limit-headers', 'operations'],
  ['missing-retry-after', 'retry-after', 'stateful'],
  ['timestamps-without-offset', 'timestamp-offset', 'operations'],
  ['timestamps-in-utc', 'applied-zone', 'operations'],
  ['validation-error-without-field', 'error-code', 'negative'],
  ['swapped-auth-codes', 'auth-missing-token', 'auth'],
];

describe.concurrent('the suite fails against a faulty mock, naming the check', () => {
  for (const [fault, check, parts] of EXPECTED) {
    it(`--fault ${fault} → ${check}`, async () => {
      const run = await runCli(['--fault', fault, '--profile', 'quick', '--seed', '7', ...(parts ? ['--parts', parts] : [])]);
      const report = expectFailureNaming(run, fault, check);
      expect(report?.failures.some((f) => f.check === check)).toBe(true);
    }, 180_000);
  }
});
