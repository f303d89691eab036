// Seed "Limits", idempotency under concurrency: the same new request sent several times at once
// (a client retrying before the first answer) creates one resource; every accepted answer names it.
import { inconclusive, requireRule } from '../../record/rule.ts';
import { isSuccess } from '../../rules/verdicts.ts';
import type { Real } from '../model-kit.ts';
import { IDEMPOTENCY, type OutboundModel, SEND_OPERATIONS, type SendOperation, uuidOf } from './model.ts';
import { SendCommand } from './send-command.ts';
import { type SendPlan, send, sentRequest } from './send-request.ts';

export class ConcurrentRetryCommand extends SendCommand {
  readonly operationId: SendOperation;
  readonly copies: number;

  constructor(operation: number, copies: number, token: number) {
    super(token);
    this.operationId = SEND_OPERATIONS[operation % SEND_OPERATIONS.length] as SendOperation;
    this.copies = copies;
  }

  /** Sends `copies` copies of the planned request at once. */
  protected override async sendPlanned(plan: SendPlan, model: OutboundModel, real: Real): Promise<void> {
    const answers = await Promise.all(Array.from({ length: this.copies }, () => send(real, plan, this.token)));
    const accepted = answers.filter(isSuccess);
    const ids: string[] = [];
    for (const answer of accepted) {
      const uuid = uuidOf(plan.op, answer);
      if (!uuid.ok) {
        inconclusive(IDEMPOTENCY, this.operationId, uuid.reason, answer);
        model.accepted.push(sentRequest(plan, this.token, answer, undefined));
        return;
      }
      ids.push(uuid.value);
    }
    const uuids = [...new Set(ids)];
    requireRule(
      IDEMPOTENCY,
      this.operationId,
      uuids.length <= 1 ? true : { message: `${this.copies} concurrent requests with request_key "${plan.requestKey}" created ${uuids.length} resources: ${uuids.join(', ')}`, part: 'documented' },
      accepted[1] ?? accepted[0],
    );
    const first = accepted[0];
    if (first) model.accepted.push(sentRequest(plan, this.token, first, uuids[0] as string));
  }

  override toString(): string {
    return `concurrent(${this.operationId} ×${this.copies}, token ${this.token})`;
  }
}
