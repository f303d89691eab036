// Reads the outbound summary (GET /api/v1/outbound/summary): per channel, the items queued,
// sending, sent or failed today grew by exactly what the model saw accepted; refused (429) and
// retried requests add nothing (seed "Limits": nothing created or sent; never a second message).
// The summary's shape is inferred, and other senders in the workspace would move it, so a
// mismatch is a warning.
import type fc from 'fast-check';
import type { SuiteClient } from '../../http/client.ts';
import { inconclusive, recordRule } from '../../record/rule.ts';
import { describeAnswer, isSuccess } from '../../rules/verdicts.ts';
import { fieldOf } from '../answer-fields.ts';
import type { Real } from '../model-kit.ts';
import { type OutboundModel, QUEUE_COUNTS } from './model.ts';

const CHANNELS = ['call', 'sms', 'whatsapp', 'email'] as const;

/** The queue totals per channel; undefined (the rule inconclusive) when the summary cannot be read. */
export async function queueTotals(client: SuiteClient): Promise<Record<string, number> | undefined> {
  const op = client.contract.byId.get('getOutboundSummary');
  if (!op) return undefined;
  const answer = await client.send({ op });
  if (!isSuccess(answer)) {
    inconclusive(QUEUE_COUNTS, op.operationId, `reading the outbound summary answered ${describeAnswer(answer)}`, answer);
    return undefined;
  }
  const read = fieldOf(op, answer, 'channels');
  if (!read.ok || typeof read.value !== 'object' || read.value === null) {
    inconclusive(QUEUE_COUNTS, op.operationId, read.ok ? `the ${op.operationId} answer's channels is ${JSON.stringify(read.value)}` : read.reason, answer);
    return undefined;
  }
  const channels = read.value as Record<string, Record<string, number> | undefined>;
  const totals: Record<string, number> = {};
  for (const c of CHANNELS) {
    const ch = channels[c];
    if (ch) totals[c] = (ch.queued ?? 0) + (ch.sending ?? 0) + (ch.sent ?? 0) + (ch.failed ?? 0);
  }
  return totals;
}

export class CheckQueueCommand implements fc.AsyncCommand<OutboundModel, Real> {
  check(model: OutboundModel): boolean {
    return model.baseline !== undefined && model.accepted.length + model.refused.length > 0;
  }

  async run(model: OutboundModel, real: Real): Promise<void> {
    const totals = await queueTotals(real.client);
    if (!totals || !model.baseline) return;
    const wrong = CHANNELS.filter((c) => totals[c] !== undefined && model.baseline?.[c] !== undefined && (totals[c] as number) - (model.baseline[c] as number) !== model.acceptedOn(c));
    recordRule(
      QUEUE_COUNTS,
      'getOutboundSummary',
      wrong.length === 0
        ? true
        : { message: wrong.map((c) => `${c}: ${(totals[c] as number) - (model.baseline?.[c] as number)} new items, ${model.acceptedOn(c)} accepted`).join('; '), part: 'inferred' },
    );
  }

  toString(): string {
    return 'checkQueue';
  }
}
