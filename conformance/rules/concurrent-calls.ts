// Seed "Limits", concurrent calls (stated separately): 50 simultaneous calls. The check starts calls
// until the target refuses one, then counts the workspace's live calls (queued, ringing, in
// progress) with the call list: a refusal while 50 are live holds the rule (as 409, the contract's
// inferred status: another 4xx only warns); a 51st live call breaks it. Calls that ended before 50
// were live leave the rule undecided (inconclusive), never passed. Then it hangs up what it started.
//
// It starts real calls over the limit, so it runs in full mode against the mock, or against a
// deployment with --accept-costs and --stress (its scope in rules/catalogue.ts). Against a mock the
// clock is frozen while the calls start, so none of them ends however slow the machine is; the
// mock's 5-per-second window then moves on only when the check advances the clock by the
// Retry-After of a 429. Each call goes to its own number on the mock (its own conversation).
import { anchor, examplePlan } from '../arbitraries/request.ts';
import { readField } from '../contract/fields.ts';
import type { SuiteOperation } from '../contract/operation.ts';
import type { Answer } from '../http/client.ts';
import { inconclusive, notApplicable, recordRule, type RuleCheck } from '../record/rule.ts';
import { planOptions, suite } from '../suite/context.ts';
import { mockClock } from '../target/mock-control.ts';
import { describeAnswer, isSuccess } from './verdicts.ts';

export const CONCURRENT_CALLS: RuleCheck = {
  name: 'concurrent-call-limit',
  rule: 'seed "Limits": at most 50 simultaneous calls per workspace; a call over them is refused (409, inferred)',
};

/** The document's limit of simultaneous calls. */
export const MAX_LIVE_CALLS = 50;
/** Calls tried at most: the limit, the one over it, and a few for calls that ended meanwhile. */
const MAX_ATTEMPTS = MAX_LIVE_CALLS + 10;
const LIVE_STATUSES = ['queued', 'ringing', 'in_progress'];

/** A request body for the n-th call: on the mock, its own E.164 number. */
function callBody(body: unknown, n: number, mock: boolean): unknown {
  if (!mock || typeof body !== 'object' || body === null) return body;
  const participant = (body as { participant?: Record<string, unknown> }).participant;
  if (typeof participant !== 'object' || participant === null) return body;
  return { ...body, participant: { ...participant, number: `+4915190${String(100_000 + n).slice(1)}` } };
}

/** Starts one call; on the mock a 429 of the send window moves the frozen clock on by its Retry-After. */
async function startOne(op: SuiteOperation, n: number, control: string | undefined): Promise<Answer> {
  const { client, target } = suite();
  const { plan } = anchor(op, examplePlan(op), target);
  const options = { ...planOptions(op, { ...plan, body: callBody(plan.body, n, target.isMock) }) };
  if (!control) return client.send(options);
  for (let attempt = 0; ; attempt++) {
    const answer = await client.send({ ...options, paced: false, allow429: true });
    if (answer.response?.status !== 429 || attempt >= 5) return answer;
    const seconds = Number(answer.response.headers['retry-after'] ?? '1');
    await mockClock.set(control, { advance_ms: 1000 * (Number.isFinite(seconds) && seconds > 0 ? seconds : 1) });
  }
}

/** The workspace's live calls, by the call list's totals per live status; undefined with the reason when unreadable. */
async function liveCalls(list: SuiteOperation): Promise<number | string> {
  const { client } = suite();
  let live = 0;
  for (const status of LIVE_STATUSES) {
    const answer = await client.send({ op: list, query: { status, per_page: '1' } });
    const total = readField(list, answer.response?.status ?? 0, answer.json, 'total');
    if (!isSuccess(answer) || !total.ok || typeof total.value !== 'number') {
      return `the ${status} calls could not be counted (${isSuccess(answer) ? (total.ok ? 'total is not a number' : total.reason) : describeAnswer(answer)})`;
    }
    live += total.value;
  }
  return live;
}

/** Hangs up every call the check started (a call that has ended already answers 409, which is fine). */
async function hangUp(hangup: SuiteOperation | undefined, conversations: string[]): Promise<void> {
  if (!hangup) return;
  const { client } = suite();
  for (const uuid of conversations) await client.send({ op: hangup, pathParams: { uuid } });
}

export async function checkConcurrentCalls(): Promise<void> {
  const { target, contract } = suite();
  // Not allowed to exceed the deployment's limit, or no calls in this mode: nothing recorded, the rule's verdict says why.
  if (!target.stress || target.mode !== 'full') return;
  const start = contract.byId.get('startCall');
  const list = contract.byId.get('listCalls');
  if (!start || !list) {
    notApplicable(CONCURRENT_CALLS, undefined, 'the contract has no call start or call list');
    return;
  }
  const { unsafe } = anchor(start, examplePlan(start), target);
  if (unsafe) {
    notApplicable(CONCURRENT_CALLS, start.operationId, unsafe);
    return;
  }
  const control = target.mockControl;
  const clock = control ? await mockClock.get(control) : undefined;
  if (control && clock && !clock.frozen) await mockClock.set(control, { freeze: true });
  const started: string[] = [];
  try {
    let refusal: Answer | undefined;
    for (let n = 0; n < MAX_ATTEMPTS && !refusal; n++) {
      const answer = await startOne(start, n, control);
      if (!isSuccess(answer)) {
        refusal = answer;
        break;
      }
      const conversation = readField(start, answer.response?.status ?? 0, answer.json, 'conversation_uuid');
      if (conversation.ok && typeof conversation.value === 'string') started.push(conversation.value);
    }
    const live = await liveCalls(list);
    if (typeof live === 'string') {
      inconclusive(CONCURRENT_CALLS, start.operationId, live, refusal);
      return;
    }
    if (!refusal) {
      const verdict = live > MAX_LIVE_CALLS
        ? { message: `${started.length} calls were started and ${live} are live at once; at most ${MAX_LIVE_CALLS} simultaneous calls`, part: 'documented' as const }
        : { inconclusive: `${started.length} calls were started but only ${live} are live: calls ended before the limit was reached` };
      recordRule(CONCURRENT_CALLS, start.operationId, verdict);
      return;
    }
    if (live < MAX_LIVE_CALLS) {
      inconclusive(CONCURRENT_CALLS, start.operationId, `a call was refused (${describeAnswer(refusal)}) with ${live} calls live, fewer than ${MAX_LIVE_CALLS}: not the concurrent-call limit, or calls ended meanwhile`, refusal);
      return;
    }
    const status = refusal.response?.status ?? 0;
    const verdict = status === 409
      ? true
      : { message: `with ${live} calls live the next call got ${describeAnswer(refusal)}; the contract gives 409 Conflict`, part: status >= 400 && status < 500 ? ('inferred' as const) : ('documented' as const) };
    recordRule(CONCURRENT_CALLS, start.operationId, verdict, refusal);
  } finally {
    if (control && clock && !clock.frozen) await mockClock.set(control, { freeze: false });
    await hangUp(contract.byId.get('hangupCall'), started);
  }
}
