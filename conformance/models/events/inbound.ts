// Events rule 2 on the mock: its control API (POST {control}/inbound) delivers an inbound SMS from a
// number no contact has, and an inbound email from a fresh address, as real senders would; the API
// must then list a conversation on that channel holding the message (inbound, with its text). A
// target without a control API cannot be sent an inbound message by the suite: not applicable.
import { randomInt, randomUUID } from 'node:crypto';
import { request } from 'undici';
import { hasNextPage } from '../../contract/fields.ts';
import { inconclusive, notApplicable, requireRule } from '../../record/rule.ts';
import { describeAnswer, isSuccess } from '../../rules/verdicts.ts';
import { suite } from '../../suite/context.ts';
import { listOf } from '../answer-fields.ts';
import type { Real } from '../model-kit.ts';
import { INBOUND_CONVERSATION } from './model.ts';

type Channel = 'sms' | 'email';

interface Inbound {
  channel: Channel;
  from: string;
  text: string;
}

const PAGES = 5;
const PER_PAGE = 50;

/** Sends the inbound message through the mock's control API; the conversation uuid it reports, or why none. */
async function deliverInbound(control: string, tenant: string, message: Inbound): Promise<string> {
  const res = await request(`${control}/inbound`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ tenant, ...message, ...(message.channel === 'email' ? { subject: 'Question from the conformance suite' } : {}) }),
  });
  const text = await res.body.text();
  if (res.statusCode !== 201) throw new Error(`the mock's control API refused the inbound ${message.channel} message: ${res.statusCode} ${text}`);
  const uuid = (JSON.parse(text) as { data?: { conversation_uuid?: unknown } }).data?.conversation_uuid;
  if (typeof uuid !== 'string') throw new Error(`the mock's control API reported no conversation_uuid for the inbound message: ${text}`);
  return uuid;
}

/** Whether the conversation list (the channel, newest first) shows the conversation. */
async function listed(real: Real, channel: Channel, uuid: string): Promise<boolean | string> {
  const op = real.client.op('listConversations');
  for (let page = 1; page <= PAGES; page++) {
    const answer = await real.client.send({ op, query: { channel, sort_by: 'updated_at', sort_dir: 'desc', page: String(page), per_page: String(PER_PAGE) } });
    if (!isSuccess(answer)) return `listing the ${channel} conversations answered ${describeAnswer(answer)}`;
    const list = listOf<{ uuid: string }>(op, answer, ['uuid']);
    if (!list.ok) return list.reason;
    if (list.value.items.some((c) => c.uuid === uuid)) return true;
    if (!hasNextPage(list.value, page, PER_PAGE)) return false;
  }
  return false;
}

async function judge(real: Real, message: Inbound, uuid: string): Promise<void> {
  const what = `an inbound ${message.channel} message from ${message.from}`;
  const found = await listed(real, message.channel, uuid);
  if (typeof found === 'string') return inconclusive(INBOUND_CONVERSATION, 'listConversations', found);
  const op = real.client.op('listConversationMessages');
  const answer = await real.client.send({ op, pathParams: { uuid }, query: { page: '1', per_page: '100' } });
  if (!found || !isSuccess(answer)) {
    const why = !found ? `the ${message.channel} conversation list does not show conversation ${uuid}` : `its messages answered ${describeAnswer(answer)}`;
    return requireRule(INBOUND_CONVERSATION, op.operationId, { message: `${what} did not become a conversation: ${why}`, part: 'documented' }, answer);
  }
  const list = listOf<{ direction: string; content: string | null }>(op, answer, ['direction', 'content']);
  if (!list.ok) return inconclusive(INBOUND_CONVERSATION, op.operationId, list.reason, answer);
  const held = list.value.items.some((m) => m.direction === 'inbound' && m.content === message.text);
  requireRule(INBOUND_CONVERSATION, op.operationId, held ? true : { message: `${what}: conversation ${uuid} lists no inbound message with its text`, part: 'documented' }, answer);
}

export async function checkInboundConversations(real: Real): Promise<void> {
  const { target } = suite();
  if (!target.mockControl || !target.tenant) {
    return notApplicable(INBOUND_CONVERSATION, 'listConversations', 'an inbound message comes from outside the API; only a mock with its control API (the suite started it, or --mock-control) can send one');
  }
  const tag = randomUUID().slice(0, 8);
  const messages: Inbound[] = [
    { channel: 'sms', from: `+1555${String(randomInt(1_000_000, 9_999_999))}`, text: `Hello, is my order ready? (${tag})` },
    { channel: 'email', from: `conformance-${tag}@example.com`, text: `Please send me the invoice again. (${tag})` },
  ];
  for (const message of messages) {
    const uuid = await deliverInbound(target.mockControl, target.tenant, message);
    await judge(real, message, uuid);
  }
}
