// Reads a call's status from the call list (GET /api/v1/calls?conversation_uuid=...), where the
// contract puts it: the model re-reads it before each action, as a call also ends on its own.
import type { Answer } from '../../http/client.ts';
import { describeAnswer, isSuccess } from '../../rules/verdicts.ts';
import { listOf } from '../answer-fields.ts';
import type { Real } from '../model-kit.ts';

/** Statuses of a call that has ended (the contract's `ended`; other names a service may use). */
const ENDED: ReadonlySet<string> = new Set(['ended', 'completed', 'failed', 'canceled', 'cancelled', 'no_answer', 'busy']);

export type CallStatusRead = { ended: boolean; status: string; answer: Answer } | { reason: string; answer: Answer };

export async function readCallStatus(real: Real, conversationUuid: string): Promise<CallStatusRead> {
  const op = real.client.op('listCalls');
  const answer = await real.client.send({ op, query: { conversation_uuid: conversationUuid, page: '1', per_page: '5' } });
  if (!isSuccess(answer)) return { reason: `listing the call of conversation ${conversationUuid} answered ${describeAnswer(answer)}`, answer };
  const list = listOf<{ conversation_uuid: string; status: string }>(op, answer, ['conversation_uuid', 'status']);
  if (!list.ok) return { reason: list.reason, answer };
  const call = list.value.items.find((c) => c.conversation_uuid === conversationUuid);
  if (!call) return { reason: `the call list filtered by conversation_uuid ${conversationUuid} does not list the call the suite started`, answer };
  return { ended: ENDED.has(String(call.status)), status: String(call.status), answer };
}
