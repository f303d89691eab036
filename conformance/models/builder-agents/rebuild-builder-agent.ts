// POST /api/v1/builder-agents/{uuid}/rebuild (seed "Endpoints" and "States and transitions":
// deployed or failed → processing, "Running app is replaced by a corrected version; original intent
// is kept unless the request changes it (replace_prompt)"; "any | A rebuild is already processing |
// unchanged | Rejected with 409"; behaviour 1). The model reads the conversation first, then
// predicts: from deployed or failed, 200 in processing with the message appended to the intent
// (replace_prompt false, the published default) or replacing it; while the
// model's own rebuild is still processing, 409 and the conversation unchanged (its prompt is not
// replaced; a 200 counts only when it came sooner after the first rebuild than the processing time
// that rebuild's marker asked for, so it cannot have ended in between); from gathering,
// awaiting_approval or another processing, 409 (inferred). A conversation processing anything but
// a rebuild is waited for (bounded) before the rebuild.
import { notApplicable, type RuleVerdict, recordRule, requireRule } from '../../record/rule.ts';
import { isSuccess } from '../../rules/verdicts.ts';
import type { Real } from '../model-kit.ts';
import { MarkedWrite } from './conversation-command.ts';
import {
  BUILDER_AGENT_INTENT,
  BUILDER_AGENT_TRANSITIONS,
  type BuilderAgentModel,
  type ConversationRecord,
  conversationOf,
  freshLabel,
  markers,
  REBUILD_WHILE_PROCESSING,
  type SettledStatus,
} from './model.ts';
import { refresh } from './poll.ts';
import { acceptedInProcessing, refused } from './write-verdicts.ts';

export class RebuildBuilderAgentCommand extends MarkedWrite {
  readonly replacePrompt: boolean;

  constructor(pick: number, outcome: SettledStatus, delayMs: number, replacePrompt: boolean) {
    super(pick, outcome, delayMs);
    this.replacePrompt = replacePrompt;
  }

  protected fits(c: ConversationRecord): boolean {
    return c.status === 'deployed' || c.status === 'failed' || (c.status === 'processing' && c.phase === 'rebuild');
  }

  protected async write(model: BuilderAgentModel, record: ConversationRecord, real: Real): Promise<void> {
    const before = record.status;
    const rebuilding = before === 'processing' && record.phase === 'rebuild';
    const message = `Show the number of open tasks in the heading (change ${freshLabel()}). ${markers(this.outcome, this.delayMs)}`;
    const op = real.client.op('rebuildBuilderAgent');
    const answer = await real.client.send({ op, pathParams: { uuid: record.uuid }, json: { message, replace_prompt: this.replacePrompt } });
    const view = conversationOf(op, answer);
    const what = `a rebuild of a ${before}${record.phase ? ` (${record.phase})` : ''} conversation`;

    if (before === 'deployed' || before === 'failed') {
      requireRule(BUILDER_AGENT_TRANSITIONS, op.operationId, acceptedInProcessing(answer, view, 200, what, 'documented'), answer);
      if (view.ok) requireRule(BUILDER_AGENT_INTENT, op.operationId, this.intentVerdict(record.prompt, message, view.value.prompt, what), answer);
    } else if (rebuilding) {
      // The first rebuild may only have ended in between if at least the processing time its
      // marker asked for passed between sending it and this answer; then the 200 proves nothing.
      const since = record.rebuild ? answer.receivedAt - record.rebuild.sentAt : Number.POSITIVE_INFINITY;
      if (isSuccess(answer) && since >= (record.rebuild?.delayMs ?? 0)) {
        notApplicable(REBUILD_WHILE_PROCESSING, op.operationId, `a rebuild was accepted ${since} ms after the previous one, which may have ended by then`);
      } else {
        requireRule(REBUILD_WHILE_PROCESSING, op.operationId, refused(answer, what, 'documented'), answer);
        // "unchanged": the refused request does not touch the conversation (its intent stays).
        await refresh(model, record, real);
      }
    } else if (before !== 'processing') {
      recordRule(BUILDER_AGENT_TRANSITIONS, op.operationId, refused(answer, what, 'inferred'), answer);
    }
    if (isSuccess(answer)) {
      this.startProcessing(record, 'rebuild');
      record.rebuild = { sentAt: answer.sentAt, delayMs: this.delayMs };
      if (this.replacePrompt) record.prompt = message;
      else if (view.ok && this.intentVerdict(record.prompt, message, view.value.prompt, what) === true) record.prompt = view.value.prompt as string;
    }
  }

  /**
   * The intent after an accepted rebuild: with replace_prompt the message (inferred reading of
   * "unless the request changes it"); without, the previous intent kept (seed) with the message
   * appended (published API: "the message is appended"; the separator is the service's).
   */
  private intentVerdict(previous: string, message: string, prompt: unknown, what: string): RuleVerdict {
    const shown = JSON.stringify(prompt);
    if (this.replacePrompt) return prompt === message ? true : { message: `${what} with replace_prompt true left the prompt ${shown}; expected the message`, part: 'inferred' };
    if (typeof prompt !== 'string' || !prompt.startsWith(previous)) return { message: `${what} without replace_prompt dropped the intent: prompt ${shown}, expected it to start with ${JSON.stringify(previous)}`, part: 'documented' };
    if (prompt.length <= previous.length || !prompt.endsWith(message)) return { message: `${what} without replace_prompt did not append the message: prompt ${shown}`, part: 'published' };
    return true;
  }

  toString(): string {
    return `rebuild(${this.pick}, ${this.outcome}, ${this.delayMs} ms${this.replacePrompt ? ', replace_prompt' : ''})`;
  }
}
