// The self-test, part 2 of SELF_TEST_SHARDS (test/conformance/self-test-run.ts), and its report of
// a case that is not caught.
import { describe, expect, it } from 'vitest';
import { itCatchesShard, runSelfTest } from './self-test-run.ts';

describe('the self-test', () => {
  itCatchesShard(2);

  it('says so when a case is not caught: a fault the narrowed run never meets', async () => {
    // Two default coaching agents, but the run only drives the flows model.
    const missed = { rule: 'coaching.one-default', fault: 'two-default-coaches', parts: ['stateful'], only: 'model: flows' };
    const run = await runSelfTest(['--case', JSON.stringify(missed), '--no-baseline']);
    expect(run.report?.cases.map((c) => [c.rule, c.status, c.ruleVerdict])).toEqual([['coaching.one-default', 'missed', 'not-run']]);
    expect(run.output).toMatch(/0 of 1 faults caught, 1 missed/);
    expect(run.code).toBe(1);
  }, 300_000);
});
