// One send with a fresh request_key, paced within the limit: accepted (recorded in the model) or
// a documented business error (an unknown agent, no sender, 50 calls live, ...). A send that may
// not go out here (sendPlan gives none) is skipped.
import type fc from 'fast-check';
import { isSuccess } from '../../rules/verdicts.ts';
import type { Real } from '../model-kit.ts';
import { type OutboundModel, type SendOperation, uuidOf } from './model.ts';
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
    const uuid = uuidOf(answer.json);
    if (isSuccess(answer) && uuid !== undefined) model.accepted.push(sentRequest(plan, this.token, answer, uuid));
  }

  toString(): string {
    return `${this.operationId}(token ${this.token})`;
  }
}
