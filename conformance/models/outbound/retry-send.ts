// Seed "Limits", idempotency: retrying an accepted send with the same request_key returns the
// same request (the same resource uuid and status) and never a second call or message.
import { isDeepStrictEqual } from 'node:util';
import { inconclusive, recordRule, requireRule } from '../../record/rule.ts';
import { isSuccess } from '../../rules/verdicts.ts';
import { suite } from '../../suite/context.ts';
import { PickCommand } from '../model-command.ts';
import type { Real } from '../model-kit.ts';
import { IDEMPOTENCY, type OutboundModel, type SentRequest, uuidOf } from './model.ts';
import { send } from './send-request.ts';

export class RetrySendCommand extends PickCommand<OutboundModel, SentRequest> {
  protected records(model: Readonly<OutboundModel>): readonly SentRequest[] {
    return model.accepted;
  }

  protected async actOn(original: SentRequest, _model: OutboundModel, real: Real): Promise<void> {
    const op = suite().contract.byId.get(original.operationId);
    if (!op) return;
    const answer = await send(real, { op, body: original.body }, original.token);
    const read = uuidOf(op, answer);
    if (original.uuid === undefined || (isSuccess(answer) && !read.ok)) {
      // The first answer, or this one, gave no identifier the contract names: which request this is cannot be told.
      return inconclusive(IDEMPOTENCY, op.operationId, read.ok ? `the first answer to request_key "${original.requestKey}" gave no identifier` : read.reason, answer);
    }
    const uuid = read.ok ? read.value : undefined;
    const status = answer.response?.status;
    requireRule(
      IDEMPOTENCY,
      op.operationId,
      uuid === original.uuid && status === original.status
        ? true
        : { message: `retrying request_key "${original.requestKey}" answered ${status} with uuid ${uuid}; the first answer was ${original.status} with uuid ${original.uuid}`, part: 'documented' },
      answer,
    );
    recordRule(
      IDEMPOTENCY,
      op.operationId,
      isDeepStrictEqual(answer.json, original.json) ? true : { message: `the retry of request_key "${original.requestKey}" returned the same resource with a different body`, part: 'inferred' },
      answer,
    );
  }

  toString(): string {
    return `retry(${this.pick})`;
  }
}
