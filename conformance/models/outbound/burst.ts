// Seed "Limits": a burst of sends across the four operations and across tokens, fired at once
// into an empty window. Never more than 5 may be accepted within one second; the others get 429
// with Retry-After (exchange checks) and create nothing (checked later by the model).
import type fc from 'fast-check';
import type { Answer } from '../../http/client.ts';
import { inconclusive, notApplicable, recordRule, requireRule } from '../../record/rule.ts';
import { isSuccess } from '../../rules/verdicts.ts';
import type { Real } from '../model-kit.ts';
import { IDEMPOTENCY, type OutboundModel, SEND_OPERATIONS, SEND_RATE, type SendOperation, uuidOf } from './model.ts';
import { type SendPlan, send, sendPlan, sentRequest } from './send-request.ts';

const LIMIT = 5;
const WINDOW_MS = 1000;

/**
 * The largest set of accepted sends that certainly fell in one window: the server accepted each
 * between sending and answering, so sends sent after `start` and answered before `start + 1 s`
 * were all accepted within that second.
 */
export function provenWithinWindow(accepted: Answer[]): Answer[] {
  let best: Answer[] = [];
  for (const first of accepted) {
    const inside = accepted.filter((a) => a.sentAt >= first.sentAt && a.receivedAt < first.sentAt + WINDOW_MS);
    if (inside.length > best.length) best = inside;
  }
  return best;
}

export class BurstCommand implements fc.AsyncCommand<OutboundModel, Real> {
  readonly operations: SendOperation[];

  constructor(operations: number[]) {
    this.operations = operations.map((i) => SEND_OPERATIONS[i % SEND_OPERATIONS.length] as SendOperation);
  }

  check(): boolean {
    return true;
  }

  async run(model: OutboundModel, real: Real): Promise<void> {
    const plans = this.operations.map((id) => sendPlan(id)).filter((p): p is SendPlan => p !== undefined);
    if (plans.length <= LIMIT) return;
    await real.client.sendPacer.drain();
    const answers: Answer[] = await Promise.all(plans.map((plan, i) => send(real, plan, i, true)));
    const accepted = answers.filter(isSuccess);
    const opId = plans[0]?.op.operationId;
    const crowd = provenWithinWindow(accepted);
    if (crowd.length > LIMIT) {
      const span = Math.max(...crowd.map((a) => a.receivedAt)) - Math.min(...crowd.map((a) => a.sentAt));
      requireRule(SEND_RATE, opId, { message: `${crowd.length} of ${plans.length} sends fired at once were accepted within ${span} ms (limit ${LIMIT} per second, across ${real.tokens.length} token(s))`, part: 'documented' }, crowd[LIMIT]);
    } else if (accepted.length > LIMIT) notApplicable(SEND_RATE, opId, 'a burst was answered too slowly to place more than 5 acceptances inside one second');
    else recordRule(SEND_RATE, opId, true);
    answers.forEach((answer, i) => {
      const plan = plans[i] as SendPlan;
      const id = plan.op.operationId as SendOperation;
      if (isSuccess(answer)) {
        const uuid = uuidOf(plan.op, answer);
        if (!uuid.ok) inconclusive(IDEMPOTENCY, id, uuid.reason, answer);
        model.accepted.push(sentRequest(plan, i, answer, uuid.ok ? uuid.value : undefined));
      } else if (answer.response?.status === 429) model.refused.push({ operationId: id, requestKey: plan.requestKey, body: plan.body, token: i });
    });
  }

  toString(): string {
    return `burst(${this.operations.join(', ')})`;
  }
}
