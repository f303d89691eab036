// Reads a conversation (GET /api/v1/builder-agents/{uuid}) once, or until it leaves processing
// within a bounded wait ("the client polls GET /api/v1/builder-agents/{uuid} until the status
// leaves `processing`"). Every read is compared with the model.
import type { Answer } from '../../http/client.ts';
import { passTime } from '../pass-time.ts';
import { inconclusive, recordRule } from '../../record/rule.ts';
import { isSuccess } from '../../rules/verdicts.ts';
import { suite } from '../../suite/context.ts';
import type { Real } from '../model-kit.ts';
import { BUILDER_AGENT_TRANSITIONS, type BuilderAgentModel, type ConversationRecord, conversationOf } from './model.ts';
import { observe } from './observe.ts';

/** How long a poll waits for processing to end: the mock honours short [delay:…] markers; a real build takes minutes. */
export function pollBudgetMs(): number {
  return suite().target.isMock ? 2_000 : 120_000;
}

/** How long a write waits for a processing conversation to settle first (longer work is met while processing). */
const BEFORE_WRITE_MS = 1_200;

/** One read, compared with the model; undefined when the conversation could not be read. */
export async function refresh(model: BuilderAgentModel, record: ConversationRecord, real: Real): Promise<Answer | undefined> {
  const op = real.client.op('getBuilderAgent');
  const answer = await real.client.send({ op, pathParams: { uuid: record.uuid } });
  if (!isSuccess(answer)) {
    recordRule(BUILDER_AGENT_TRANSITIONS, op.operationId, { message: `reading conversation ${record.uuid} the suite created answered ${answer.response?.status ?? 'nothing'}`, part: 'inferred' }, answer);
    return undefined;
  }
  const view = conversationOf(op, answer);
  if (!view.ok) {
    inconclusive(BUILDER_AGENT_TRANSITIONS, op.operationId, `reading conversation ${record.uuid}: ${view.reason}`, answer);
    return undefined;
  }
  observe(model, record, view.value, answer, op.operationId);
  return answer;
}

/** Reads until the conversation leaves processing or the budget is spent. */
export async function pollSettled(model: BuilderAgentModel, record: ConversationRecord, real: Real, budgetMs = pollBudgetMs()): Promise<void> {
  let wait = 100;
  for (let spent = 0; ; spent += wait, wait = Math.min(wait * 2, 5_000)) {
    const answer = await refresh(model, record, real);
    if (!answer || record.status !== 'processing' || spent >= budgetMs) return;
    await passTime(Math.min(wait, budgetMs - spent));
  }
}

/**
 * Before a write: one read, and when the conversation is processing anything but a rebuild, a
 * bounded wait for it to settle, so the write meets the state it is meant for. A rebuild still
 * processing is left as it is: a write meeting it is the point (409, seed behaviour 1).
 */
export async function readBeforeWrite(model: BuilderAgentModel, record: ConversationRecord, real: Real): Promise<boolean> {
  if (!(await refresh(model, record, real))) return false;
  if (record.status === 'processing' && record.phase !== 'rebuild') await pollSettled(model, record, real, Math.min(BEFORE_WRITE_MS, pollBudgetMs()));
  return true;
}
