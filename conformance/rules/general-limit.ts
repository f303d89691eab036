// Seed "Limits", general API rate (stated separately): 1000 requests per minute. The check sends
// cheap authenticated reads, outside the suite's own pacer, until the target refuses one. The
// refusal must come by the 1001st request of the minute, as 429 with the document's error (Shape B,
// RATE_LIMIT_EXCEEDED) and a Retry-After of whole seconds within the minute.
//
// It exceeds the limit on purpose, so it runs only against the mock or with --stress (its scope in
// rules/catalogue.ts says so; otherwise the rule is "not run" with that reason). Against a mock
// (the target names its control API) the check sets the document's limit with a fresh window (the
// mock the suite starts has a raised one, so the suite need not pace) and freezes the mock's clock
// while it sends, so the minute cannot end mid-burst however slow the machine is; then it puts
// both back. Against a deployment a burst that outlasts its minute without a refusal cannot decide
// the rule: inconclusive.
import type { SuiteOperation } from '../contract/operation.ts';
import type { Answer } from '../http/client.ts';
import { inconclusive, notApplicable, recordRule, type RuleCheck } from '../record/rule.ts';
import { suite } from '../suite/context.ts';
import { mockClock, mockRateLimits } from '../target/mock-control.ts';
import { describeAnswer, errorCodeOf, isSuccess } from './verdicts.ts';

export const GENERAL_LIMIT: RuleCheck = {
  name: 'general-rate-limit',
  rule: 'seed "Limits": the general API rate is 1000 requests per minute per workspace; over it 429 RATE_LIMIT_EXCEEDED with Retry-After',
};

/** The document's general limit, per minute and workspace. */
export const GENERAL_PER_MINUTE = 1000;

/** Cheap reads to count with, the cheapest first; else any read without required parameters. */
const PROBES = ['listApiTokens', 'getOutboundSummary'];

function probeOperation(): SuiteOperation | undefined {
  const { operations } = suite();
  const reads = operations.filter((op) => op.method === 'GET' && !op.parameters.some((p) => p.required));
  return PROBES.map((id) => reads.find((op) => op.operationId === id)).find((op) => op !== undefined) ?? reads[0];
}

/** Sets the mock up for the burst (document's limit, fresh window, frozen clock); returns how to put it back. */
async function prepareMock(control: string): Promise<() => Promise<void>> {
  const [limits, clock] = await Promise.all([mockRateLimits.get(control), mockClock.get(control)]);
  await mockRateLimits.set(control, { general_per_minute: GENERAL_PER_MINUTE });
  if (!clock.frozen) await mockClock.set(control, { freeze: true });
  return async () => {
    if (!clock.frozen) await mockClock.set(control, { freeze: false });
    await mockRateLimits.set(control, { general_per_minute: limits.general_per_minute });
  };
}

/** What a refusal of the general limit must look like: 429, RATE_LIMIT_EXCEEDED, Retry-After 1..60. */
function judgeRefusal(answer: Answer, accepted: number, fresh: boolean): true | string {
  const status = answer.response?.status;
  if (status !== 429) return `request ${accepted + 1} of the minute got ${describeAnswer(answer)}; over the general limit the answer is 429`;
  const code = errorCodeOf(answer);
  if (code !== 'RATE_LIMIT_EXCEEDED') return `the 429 carries ${code === undefined ? 'no Shape B error code' : `code ${code}`}, not RATE_LIMIT_EXCEEDED`;
  const retryAfter = answer.response?.headers['retry-after'];
  const seconds = Number(retryAfter);
  if (retryAfter === undefined || !/^\d+$/.test(retryAfter.trim()) || seconds < 1 || seconds > 60) {
    return `the 429 carries Retry-After ${retryAfter === undefined ? '(none)' : `"${retryAfter}"`}; expected whole seconds within the minute (1..60)`;
  }
  // A fresh window (the mock) must hold the whole limit before refusing.
  if (fresh && accepted < GENERAL_PER_MINUTE) return `refused after only ${accepted} requests in a fresh minute; the limit is ${GENERAL_PER_MINUTE}`;
  return true;
}

export async function checkGeneralLimit(): Promise<void> {
  const { target, client } = suite();
  // Not allowed to exceed the deployment's limit: nothing recorded, the rule's verdict says why.
  if (!target.stress) return;
  const op = probeOperation();
  if (!op) {
    notApplicable(GENERAL_LIMIT, undefined, 'the mode allows no read without required parameters to count with');
    return;
  }
  const restore = target.mockControl ? await prepareMock(target.mockControl) : undefined;
  try {
    const started = Date.now();
    let accepted = 0;
    let last: Answer | undefined;
    // At most one more request than the limit: the window holds at most the limit.
    for (let i = 0; i <= GENERAL_PER_MINUTE; i++) {
      last = await client.send({ op, allow429: true, unpaced: true });
      if (!isSuccess(last)) break;
      accepted++;
    }
    if (!last) return;
    const elapsed = Date.now() - started;
    if (isSuccess(last)) {
      if (restore === undefined && elapsed >= 60_000) {
        inconclusive(GENERAL_LIMIT, op.operationId, `${accepted} requests took ${Math.round(elapsed / 1000)} s, more than a minute: the burst could not exceed the limit within one minute`, last);
        return;
      }
      recordRule(GENERAL_LIMIT, op.operationId, { message: `${accepted} requests within one minute were all accepted; the general limit is ${GENERAL_PER_MINUTE} per minute`, part: 'documented' }, last);
      return;
    }
    const verdict = judgeRefusal(last, accepted, restore !== undefined);
    recordRule(GENERAL_LIMIT, op.operationId, verdict === true ? true : { message: verdict, part: 'documented' }, last);
  } finally {
    await restore?.();
  }
}
