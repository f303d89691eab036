// How the model judges a write to a conversation: accepted at once in processing, or refused with
// 409 (seed "Errors": 409 Conflict "rebuild already processing"; the answers and approve refusals
// are 409 in the contract, inferred). An accepted answer without the conversation the contract
// gives leaves the rule inconclusive.
import type { Read } from '../../contract/fields.ts';
import type { Part } from '../../contract/operation.ts';
import type { Answer } from '../../http/client.ts';
import type { RuleVerdict } from '../../record/rule.ts';
import { describeAnswer, isSuccess } from '../../rules/verdicts.ts';
import type { ConversationView } from './model.ts';

/** A write the model expects refused: 409; accepted breaks `part`, another refusal only the status code's label (`statusPart`). */
export function refused(answer: Answer, what: string, part: Part, statusPart: Part = 'inferred'): RuleVerdict {
  if (answer.response?.status === 409) return true;
  if (isSuccess(answer)) return { message: `${what} was accepted (${describeAnswer(answer)}); expected 409`, part };
  return { message: `${what} answered ${describeAnswer(answer)}; expected 409`, part: statusPart };
}

/**
 * A write the model expects accepted: `status` with the conversation in processing. A conversation
 * without `status` (the published answers and approve leave it out) is judged on the next poll.
 */
export function acceptedInProcessing(answer: Answer, view: Read<Pick<ConversationView, 'uuid'> & { status?: string }>, status: number, what: string, part: Part): RuleVerdict {
  if (answer.response?.status !== status) return { message: `${what} answered ${describeAnswer(answer)}; expected ${status}`, part };
  if (!view.ok) return { inconclusive: `${what}: ${view.reason}` };
  if (view.value.status !== undefined && view.value.status !== 'processing') {
    return { message: `${what} returned status ${view.value.status}; every write returns at once in processing`, part };
  }
  return true;
}
