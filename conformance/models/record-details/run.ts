// Runs the record details checks (read-only): for the first records of the call list and of the
// conversation list, the read by uuid answers that record with the fields the list showed; a
// uuid nobody holds is 404; each conversation's sessions are those it names.
import { randomUUID } from 'node:crypto';
import type { SuiteClient } from '../../http/client.ts';
import { inconclusive, notApplicable, type RuleCheck, recordRule } from '../../record/rule.ts';
import { describeAnswer, expectStatus, isSuccess } from '../../rules/verdicts.ts';
import { suite } from '../../suite/context.ts';
import { listOf, resourceOf } from '../answer-fields.ts';
import { CALL_DETAILS, CALL_FIELDS, CONVERSATION_DETAILS, CONVERSATION_FIELDS, CONVERSATION_SESSIONS, SAMPLE } from './model.ts';

type Item = Record<string, unknown> & { uuid: string };

/** The first listed records (undefined: the list could not be read, recorded). */
async function listed(client: SuiteClient, check: RuleCheck, listOp: string, fields: readonly string[]): Promise<Item[] | undefined> {
  const op = client.op(listOp);
  const answer = await client.send({ op, query: { per_page: String(SAMPLE) } });
  if (!isSuccess(answer)) return void inconclusive(check, op.operationId, `the list could not be read (${describeAnswer(answer)})`, answer);
  const page = listOf<Item>(op, answer, fields);
  if (!page.ok) return void inconclusive(check, op.operationId, page.reason, answer);
  return page.value.items.slice(0, SAMPLE);
}

/** Each listed record read by its uuid shows the list's fields; an unknown uuid is 404. */
async function checkDetails(client: SuiteClient, check: RuleCheck, listOp: string, readOp: string, fields: readonly string[], noun: string): Promise<Item[]> {
  const items = await listed(client, check, listOp, fields);
  if (!items) return [];
  const op = client.op(readOp);
  if (items.length === 0) notApplicable(check, op.operationId, `the workspace has no ${noun} to read`);
  for (const item of items) {
    const answer = await client.send({ op, pathParams: { uuid: item.uuid } });
    if (!isSuccess(answer)) {
      recordRule(check, op.operationId, expectStatus(answer, op, `reading the listed ${noun} ${item.uuid}`, 200, undefined, 'published'), answer);
      continue;
    }
    const read = resourceOf<Item>(op, answer, fields);
    if (!read.ok) {
      inconclusive(check, op.operationId, read.reason, answer);
      continue;
    }
    const wrong = fields.filter((f) => JSON.stringify(read.value[f]) !== JSON.stringify(item[f]));
    const verdict = wrong.length === 0 ? true : { message: `reading ${noun} ${item.uuid} answered ${wrong.map((f) => `${f} ${JSON.stringify(read.value[f])}`).join(', ')}; the list shows ${wrong.map((f) => `${f} ${JSON.stringify(item[f])}`).join(', ')}`, part: 'published' as const };
    recordRule(check, op.operationId, verdict, answer);
  }
  const unknown = randomUUID();
  const answer = await client.send({ op, pathParams: { uuid: unknown } });
  recordRule(check, op.operationId, expectStatus(answer, op, `reading an unknown ${noun} ${unknown}`, 404, ['RESOURCE_NOT_FOUND'], 'published'), answer);
  return items;
}

async function checkSessions(client: SuiteClient, conversations: Item[]): Promise<void> {
  const read = client.op('getConversation');
  const op = client.op('listConversationSessions');
  if (conversations.length === 0) return notApplicable(CONVERSATION_SESSIONS, op.operationId, 'the workspace has no conversation');
  for (const conversation of conversations) {
    const details = await client.send({ op: read, pathParams: { uuid: conversation.uuid } });
    const named = resourceOf<{ session_uuids: unknown }>(read, details, ['session_uuids']);
    if (!named.ok || !Array.isArray(named.value.session_uuids)) {
      inconclusive(CONVERSATION_SESSIONS, read.operationId, named.ok ? 'session_uuids is not a list' : named.reason, details);
      continue;
    }
    const answer = await client.send({ op, pathParams: { uuid: conversation.uuid }, query: { per_page: '100' } });
    if (!isSuccess(answer)) {
      recordRule(CONVERSATION_SESSIONS, op.operationId, expectStatus(answer, op, `listing the sessions of conversation ${conversation.uuid}`, 200, undefined, 'published'), answer);
      continue;
    }
    const page = listOf<{ uuid: string; conversation_uuid: string }>(op, answer, ['uuid', 'conversation_uuid']);
    if (!page.ok) {
      inconclusive(CONVERSATION_SESSIONS, op.operationId, page.reason, answer);
      continue;
    }
    const listedUuids = page.value.items.map((s) => s.uuid);
    const expected = named.value.session_uuids.slice(0, 100);
    const foreign = page.value.items.filter((s) => s.conversation_uuid !== conversation.uuid);
    const problems = [
      JSON.stringify(listedUuids) === JSON.stringify(expected) ? undefined : `lists sessions ${JSON.stringify(listedUuids)} where the conversation names ${JSON.stringify(expected)}`,
      foreign.length === 0 ? undefined : `lists ${foreign.length} session(s) of another conversation`,
    ].filter((p): p is string => p !== undefined);
    recordRule(CONVERSATION_SESSIONS, op.operationId, problems.length === 0 ? true : { message: `the sessions of conversation ${conversation.uuid}: ${problems.join('; ')}`, part: 'published' }, answer);
  }
}

export async function runRecordDetailsChecks(): Promise<void> {
  const { client } = suite();
  await checkDetails(client, CALL_DETAILS, 'listCalls', 'getCall', CALL_FIELDS, 'call');
  const conversations = await checkDetails(client, CONVERSATION_DETAILS, 'listConversations', 'getConversation', CONVERSATION_FIELDS, 'conversation');
  await checkSessions(client, conversations);
}
