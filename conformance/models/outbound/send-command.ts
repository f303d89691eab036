// One send with a fresh request_key, paced within the limit: accepted (recorded in the model) or
// a documented business error (an unknown agent, no sender, 50 calls live, ...). A send that may
// not go out here (sendPlan gives none) is skipped.
import type fc from 'fast-check';
import { inconclusive } from '../../record/rule.ts';
import { isSuccess } from '../../rules/verdicts.ts';
import type { Real } from '../model-kit.ts';
import { IDEMPOTENCY, type OutboundModel, type SendOperation, uuidOf } from './model.ts';
import { type SendPlan, send, sendPlan, sentRequest } from './send-request.ts';

export abstract class SendCommand implements fc.AsyncCommand<OutboundModel, Real> {
  abstract readonly operationId: SendOperation;
  readonly token: number;

  constructor(token: number) {
    this.token = token;
  }

  check(): boolean {
    return true;
  }

  async run(model: OutboundModel, real: Real): Promise<void> {
    const plan = sendPlan(this.operationId);
    if (plan) await this.sendPlanned(plan, model, real);
  }

  /** Sends the planned request once. */
  protected async sendPlanned(plan: SendPlan, model: OutboundModel, real: Real): Promise<void> {
    const answer = await send(real, plan, this.token);
    if (!isSuccess(answer)) return;
    const uuid = uuidOf(plan.op, answer);
    if (!uuid.ok) inconclusive(IDEMPOTENCY, plan.op.operationId, uuid.reason, answer);
    model.accepted.push(sentRequest(plan, this.token, answer, uuid.ok ? uuid.value : undefined));
  }

  toString(): string {
    return `${this.operationId}(token ${this.token})`;
  }
}
