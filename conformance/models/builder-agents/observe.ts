// Compares one read of a conversation with the model and moves the model on: a settled
// conversation changes only through a write; processing may end in any settled status; gathering
// carries questions, deployed carries the app with its preview URL ("`builder` carries the app and
// preview URL once deployed"); the prompt is the intent the model expects.
import type { Answer } from '../../http/client.ts';
import { recordRule, requireRule } from '../../record/rule.ts';
import {
  BUILDER_AGENT_INTENT,
  BUILDER_AGENT_TRANSITIONS,
  type BuilderAgentModel,
  type ConversationRecord,
  type ConversationView,
  isSettled,
} from './model.ts';

export function observe(model: BuilderAgentModel, record: ConversationRecord, view: ConversationView, answer: Answer, operationId: string): void {
  if (view.builder && typeof view.builder.uuid === 'string') model.apps.add(view.builder.uuid);
  const was = record.status;
  const now = view.status;
  const allowed = was === 'processing' ? ['processing', 'gathering', 'awaiting_approval', 'deployed', 'failed'] : [was];
  requireRule(
    BUILDER_AGENT_TRANSITIONS,
    operationId,
    allowed.includes(now)
      ? true
      : { message: `conversation ${record.uuid} was ${was}${record.phase ? ` (after ${record.phase})` : ''} and is now ${now}; allowed: ${allowed.join(', ')}`, part: 'documented' },
    answer,
  );
  requireRule(
    BUILDER_AGENT_INTENT,
    operationId,
    view.prompt === record.prompt ? true : { message: `conversation ${record.uuid} has prompt ${JSON.stringify(view.prompt)}; expected ${JSON.stringify(record.prompt)}`, part: 'documented' },
    answer,
  );
  const questions = Array.isArray(view.questions) ? view.questions.filter((q): q is string => typeof q === 'string') : [];
  if (now === 'gathering') {
    requireRule(
      BUILDER_AGENT_TRANSITIONS,
      operationId,
      questions.length > 0 ? true : { message: `conversation ${record.uuid} is gathering with no questions`, part: 'documented' },
      answer,
    );
  } else {
    recordRule(
      BUILDER_AGENT_TRANSITIONS,
      operationId,
      questions.length === 0 ? true : { message: `conversation ${record.uuid} is ${now} with ${questions.length} question(s); questions are asked only while gathering`, part: 'inferred' },
      answer,
    );
  }
  if (now === 'deployed') {
    requireRule(
      BUILDER_AGENT_TRANSITIONS,
      operationId,
      view.builder && typeof view.builder.preview_url === 'string'
        ? true
        : { message: `conversation ${record.uuid} is deployed without the app and its preview URL`, part: 'documented' },
      answer,
    );
  }
  if (isSettled(now)) {
    record.status = now;
    record.phase = undefined;
  }
  record.questions = questions;
}
