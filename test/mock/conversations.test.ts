// Conversations over HTTP (published API "Conversations" and "Lists and paging"): the list with its
// filters (phone as a partial match, contact_uuid, agent_uuid, channel, status), order (sort_by,
// sort_dir), paged list and the published item fields; a conversation's messages with the `sender`
// filter, 25 per page and `sort_dir`; and team members' replies, which answer on the
// conversation's channel under its rules and become messages of the conversation (sender Human).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ConversationRecord } from '../../mock/state/workspace.ts';
import type { ErrorB, ResponseBody } from '../support/contract.ts';
import { demoTenant, memberWhere } from '../support/demo-tenants.ts';
import { type Harness, startHarness, T0, TRANSPORTS } from '../support/harness.ts';
import { signMemberJwt } from '../support/jwt.ts';

const acme = demoTenant('acme');
const maria = memberWhere(acme, 'the email maria.schneider@acme.example', (m) => m.email === 'maria.schneider@acme.example');
const LIST = '/api/v1/conversations';
const UNKNOWN = '0f0e0d0c-0b0a-4909-8807-060504030201';

type Page = ResponseBody<'listConversations', 200>['data'];
type Conversation = Page['data'][number];
type Messages = ResponseBody<'listConversationMessages', 200>['data'];
type Replied = ResponseBody<'replyToConversation', 201>['data'];

/** A conversation of the acme fixture; fails loudly when the fixture has none. */
function fixtureConversation(what: string, predicate: (c: ConversationRecord) => boolean): ConversationRecord {
  const found = acme.state.conversations.find(predicate);
  if (!found) throw new Error(`fixture acme has no ${what} conversation`);
  return found;
}

const contactOf = (c: ConversationRecord) => acme.state.contacts.find((k) => k.uuid === c.contact_uuid);
const rowsOf = (c: ConversationRecord) => acme.state.message_rows.filter((r) => r.conversation_uuid === c.uuid);

const sms = fixtureConversation('SMS', (c) => c.channel === 'sms' && contactOf(c)?.phone !== null);
const closedEmail = fixtureConversation('closed email', (c) => c.channel === 'email' && c.status === 'Closed');
const whatsapp = fixtureConversation('WhatsApp', (c) => c.channel === 'whatsapp' && c.status === 'Active');
const instagram = fixtureConversation('Instagram', (c) => c.channel === 'instagram');
const messenger = fixtureConversation('Messenger', (c) => c.channel === 'messenger' && rowsOf(c).some((r) => r.sender === 'member'));
const call = fixtureConversation('call', (c) => c.channel === 'call');

/** The instant of the contact's last message in a fixture conversation. */
function lastInbound(c: ConversationRecord): number {
  const times = rowsOf(c)
    .filter((r) => r.direction === 'inbound')
    .map((r) => Date.parse(r.created_at as unknown as string));
  if (times.length === 0) throw new Error(`fixture conversation ${c.uuid} has no inbound message`);
  return Math.max(...times);
}

describe.each(TRANSPORTS)('conversations over %s', (transport) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(transport);
  });
  afterAll(() => h.close());
  beforeEach(() => {
    h.clock.freeze(T0);
    h.mock.store.load(h.mock.fixtures);
  });

  async function list(query: Record<string, string> = {}): Promise<Page> {
    const res = await h.call('GET', LIST, { query });
    expect(res.status, res.text).toBe(200);
    return res.json<ResponseBody<'listConversations', 200>>().data;
  }

  async function all(query: Record<string, string> = {}): Promise<Conversation[]> {
    return (await list({ per_page: '100', ...query })).data;
  }

  async function messages(uuid: string, query: Record<string, string> = {}): Promise<Messages> {
    const res = await h.call('GET', `${LIST}/${uuid}/messages`, { query });
    expect(res.status, res.text).toBe(200);
    return res.json<ResponseBody<'listConversationMessages', 200>>().data;
  }

  async function replyOk(path: string, json: Record<string, unknown>): Promise<Replied> {
    const res = await h.call('POST', path, { json: { user_email: maria.email, ...json } });
    expect(res.status, res.text).toBe(201);
    return res.json<ResponseBody<'replyToConversation', 201>>().data;
  }

  async function expectError(path: string, json: Record<string, unknown>, status: number, field?: string): Promise<ErrorB> {
    const res = await h.call('POST', path, { json: { user_email: maria.email, ...json } });
    expect(res.status, res.text).toBe(status);
    const body = res.json<ErrorB>();
    if (field !== undefined) expect(body.error.field).toBe(field);
    return body;
  }

  describe('the list', () => {
    it('pages every conversation of the workspace, 15 per page by default, most recently updated first', async () => {
      const first = await list();
      const total = acme.state.conversations.length;
      expect(first).toMatchObject({ current_page: 1, per_page: 15, total, last_page: Math.ceil(total / 15) });
      const everything = await all();
      expect(everything.map((c) => c.uuid).sort()).toEqual(acme.state.conversations.map((c) => c.uuid).sort());
      const updated = everything.map((c) => Date.parse(c.updated_at));
      expect(updated).toEqual([...updated].sort((a, b) => b - a));
      expect(first.data).toEqual(everything.slice(0, 15));
    });

    it('pages with page and per_page, each conversation on exactly one page', async () => {
      const everything = await all();
      const perPage = 4;
      const lastPage = Math.ceil(everything.length / perPage);
      const pages: Conversation[] = [];
      for (let page = 1; page <= lastPage; page++) {
        const got = await list({ page: String(page), per_page: String(perPage) });
        expect(got).toMatchObject({ current_page: page, per_page: perPage, last_page: lastPage, total: everything.length });
        pages.push(...got.data);
      }
      expect(pages).toEqual(everything);
      const beyond = await list({ page: String(lastPage + 1), per_page: String(perPage) });
      expect(beyond).toMatchObject({ current_page: lastPage + 1, last_page: lastPage, data: [] });
    });

    it('orders by created_at or updated_at, ascending or descending', async () => {
      const byCreated = await all({ sort_by: 'created_at', sort_dir: 'asc' });
      const created = byCreated.map((c) => Date.parse(c.created_at));
      expect(created).toEqual([...created].sort((a, b) => a - b));
      const oldest = Math.min(...acme.state.conversations.map((c) => Date.parse(c.created_at as unknown as string)));
      expect(created[0]).toBe(oldest);
      const desc = await all({ sort_by: 'created_at', sort_dir: 'desc' });
      expect(desc.map((c) => c.created_at)).toEqual([...byCreated].reverse().map((c) => c.created_at));
      const updatedAsc = (await all({ sort_dir: 'asc' })).map((c) => Date.parse(c.updated_at));
      expect(updatedAsc).toEqual([...updatedAsc].sort((a, b) => a - b));
    });

    it('shows the published fields: contact, agent, sessions, campaign, and the last message as updated_at in the applied zone', async () => {
      const listed = (await all()).find((c) => c.uuid === whatsapp.uuid);
      const contact = contactOf(whatsapp);
      const repliedByMember = rowsOf(whatsapp).some((r) => r.sender === 'member');
      expect(listed).toEqual({
        uuid: whatsapp.uuid,
        type: 'Real',
        status: 'Active',
        responded_by: repliedByMember ? 'Human' : 'AI',
        is_simulation: false,
        timestamp: listed?.updated_at,
        created_at: whatsapp.created_at,
        updated_at: expect.stringMatching(/\+01:00$/),
        agent_uuid: whatsapp.agent_uuid,
        channel: 'Whatsapp',
        contact: { uuid: contact?.uuid, name: contact?.name, surname: null, phone_number: contact?.phone, email: contact?.email },
        // Its messages of 20 November follow the earlier ones by more than the idle timeout: a second session.
        session_uuids: [whatsapp.session_uuid, expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)],
        campaign_uuid: whatsapp.campaign_uuid ?? null,
        listing_uuid: null,
        task_uuids: [],
        call: null,
      });
      expect(Date.parse(listed?.updated_at ?? '')).toBe(Math.max(...rowsOf(whatsapp).map((r) => Date.parse(r.created_at as unknown as string))));
    });

    it('shows a call conversation with its call in the published form, and Human once a member replied', async () => {
      const listed = (await all({ channel: 'call' })).find((c) => c.uuid === call.uuid);
      const record = acme.state.calls.find((c) => c.conversation_uuid === call.uuid);
      expect(listed?.channel).toBe('Call');
      expect(listed?.call).toMatchObject({ uuid: record?.uuid, direction: expect.stringMatching(/^(Inbound|Outbound)$/), status: 'completed', handled_by: 'AI', summary: null });
      expect(listed?.call?.timestamp).toMatch(/[+-]\d\d:\d\d$/);
      const replied = (await all({ channel: 'messenger' })).find((c) => c.uuid === messenger.uuid);
      expect(replied?.responded_by).toBe('Human');
    });

    it('filters by channel (either spelling), agent_uuid, contact_uuid and status, together with AND', async () => {
      for (const channel of ['call', 'whatsapp', 'sms', 'email', 'instagram', 'messenger']) {
        const expected = acme.state.conversations
          .filter((c) => c.channel === channel)
          .map((c) => c.uuid)
          .sort();
        expect((await all({ channel })).map((c) => c.uuid).sort(), channel).toEqual(expected);
        const label = channel.charAt(0).toUpperCase() + channel.slice(1);
        const spelled = await all({ channel: label });
        expect(spelled.map((c) => c.uuid).sort(), label).toEqual(expected);
        expect(spelled.every((c) => c.channel === label)).toBe(true);
      }
      const contact = sms.contact_uuid as string;
      const ofContact = await all({ contact_uuid: contact });
      expect(ofContact.map((c) => c.uuid).sort()).toEqual(
        acme.state.conversations
          .filter((c) => c.contact_uuid === contact)
          .map((c) => c.uuid)
          .sort(),
      );
      expect(ofContact.every((c) => c.contact?.uuid === contact)).toBe(true);
      expect(await all({ contact_uuid: UNKNOWN })).toEqual([]);
      const agent = sms.agent_uuid as string;
      const ofAgent = await all({ agent_uuid: agent });
      expect(ofAgent.length).toBeGreaterThan(0);
      expect(ofAgent.every((c) => c.agent_uuid === agent)).toBe(true);
      expect(ofAgent.length).toBe(acme.state.conversations.filter((c) => c.agent_uuid === agent).length);

      const closed = await all({ status: 'Closed' });
      const active = await all({ status: 'Active' });
      expect(closed.length + active.length).toBe(acme.state.conversations.length);
      expect(closed.map((c) => c.uuid)).toContain(closedEmail.uuid);
      expect(active.map((c) => c.uuid)).toContain(whatsapp.uuid);
      expect(closed.every((c) => c.status === 'Closed') && active.every((c) => c.status === 'Active')).toBe(true);

      const both = await all({ channel: 'sms', status: 'Active', agent_uuid: agent });
      expect(both.length).toBeGreaterThan(0);
      expect(both.every((c) => c.channel === 'Sms' && c.status === 'Active' && c.agent_uuid === agent)).toBe(true);
      expect(await all({ agent_uuid: UNKNOWN })).toEqual([]);
    });

    it("filters by a part of the contact's phone number, with or without the +", async () => {
      const phone = contactOf(sms)?.phone as string;
      const expected = acme.state.conversations
        .filter((c) => contactOf(c)?.phone === phone)
        .map((c) => c.uuid)
        .sort();
      expect(expected.length).toBeGreaterThan(1);
      expect((await all({ phone })).map((c) => c.uuid).sort()).toEqual(expected);
      expect((await all({ phone: phone.slice(1) })).map((c) => c.uuid).sort()).toEqual(expected);
      const part = phone.slice(4, 10);
      const partial = acme.state.conversations
        .filter((c) => contactOf(c)?.phone?.includes(part))
        .map((c) => c.uuid)
        .sort();
      expect(partial).toEqual(expect.arrayContaining(expected));
      expect((await all({ phone: part })).map((c) => c.uuid).sort()).toEqual(partial);
      expect(await all({ phone: '+4900000000000' })).toEqual([]);
    });

    it('serves each tenant its own conversations, active and closed', async () => {
      const { state } = demoTenant('globex');
      const res = await h.call('GET', LIST, { tenant: 'globex', query: { per_page: '100' } });
      expect(res.status, res.text).toBe(200);
      const got = res.json<ResponseBody<'listConversations', 200>>().data.data;
      expect(got.map((c) => c.uuid).sort()).toEqual(state.conversations.map((c) => c.uuid).sort());
      const messaging = got.filter((c) => c.channel !== 'Call');
      for (const c of messaging) expect(c.status, c.uuid).toBe(state.conversations.find((k) => k.uuid === c.uuid)?.status);
      expect(new Set(messaging.map((c) => c.status))).toEqual(new Set(['Active', 'Closed']));
      expect(got.every((c) => /-0[45]:00$/.test(c.updated_at))).toBe(true);
    });

    it('closes a call conversation once its call has ended, and keeps it active while the call is live', async () => {
      const ended = (await all({ channel: 'call' })).find((c) => c.uuid === call.uuid);
      expect(ended?.status).toBe('Closed');
      const state = structuredClone(acme.state);
      const live = state.calls.find((c) => c.conversation_uuid === call.uuid);
      if (!live) throw new Error(`fixture acme has no call in conversation ${call.uuid}`);
      live.status = 'in_progress';
      live.ended_at = null;
      h.mock.store.load([state]);
      expect((await all({ channel: 'call' })).find((c) => c.uuid === call.uuid)?.status).toBe('Active');
    });

    it('rejects bad filters with 422 naming the parameter', async () => {
      const cases: Array<[Record<string, string>, string, string]> = [
        [{ phone: '1'.repeat(33) }, 'phone', 'VALIDATION_ERROR'],
        [{ contact_uuid: 'not-a-uuid' }, 'contact_uuid', 'INVALID_UUID'],
        [{ status: 'Open' }, 'status', 'VALIDATION_ERROR'],
        [{ channel: 'fax' }, 'channel', 'VALIDATION_ERROR'],
        [{ sort_by: 'name' }, 'sort_by', 'VALIDATION_ERROR'],
        [{ sort_dir: 'up' }, 'sort_dir', 'VALIDATION_ERROR'],
        [{ agent_uuid: 'not-a-uuid' }, 'agent_uuid', 'INVALID_UUID'],
        [{ per_page: '101' }, 'per_page', 'VALIDATION_ERROR'],
        [{ page: '0' }, 'page', 'VALIDATION_ERROR'],
      ];
      for (const [query, field, code] of cases) {
        const res = await h.call('GET', LIST, { query });
        expect(res.status, JSON.stringify(query)).toBe(422);
        expect(res.json<ErrorB>().error).toMatchObject({ code, field });
      }
    });
  });

  describe('the messages', () => {
    it('lists a conversation’s messages oldest first, 25 per page by default, with the published senders', async () => {
      const got = await messages(messenger.uuid);
      const rows = rowsOf(messenger);
      expect(got).toMatchObject({ current_page: 1, last_page: 1, per_page: 25, total: rows.length });
      expect(got.data.map((m) => m.uuid)).toEqual(rows.map((r) => r.message_uuid));
      expect(got.data.map((m) => m.sender)).toEqual(rows.map((r) => ({ contact: 'Contact', member: 'Human' })[r.sender] ?? 'AI'));
      expect(new Set(got.data.map((m) => m.sender))).toEqual(new Set(['Contact', 'AI', 'Human']));
      expect(got.data[0]).toEqual({
        uuid: rows[0]?.message_uuid,
        conversation_uuid: messenger.uuid,
        channel: 'messenger',
        direction: 'inbound',
        sender: 'Contact',
        message_type: rows[0]?.message_type,
        content: rows[0]?.content,
        created_at: rows[0]?.created_at,
      });
    });

    it('counts messages sent through the API in the agent’s name as AI', async () => {
      const apiRows = rowsOf(sms).filter((r) => r.sender === 'api');
      expect(apiRows.length).toBeGreaterThan(0);
      const got = await messages(sms.uuid);
      for (const row of apiRows) expect(got.data.find((m) => m.uuid === row.message_uuid)?.sender).toBe('AI');
    });

    it('filters by sender and pages', async () => {
      for (const sender of ['AI', 'Human', 'Contact']) {
        const got = await messages(messenger.uuid, { sender });
        expect(got.data.length, sender).toBeGreaterThan(0);
        expect(got.data.every((m) => m.sender === sender)).toBe(true);
      }
      const rows = rowsOf(whatsapp);
      const first = await messages(whatsapp.uuid, { per_page: '2' });
      const second = await messages(whatsapp.uuid, { per_page: '2', page: '2' });
      expect(first).toMatchObject({ current_page: 1, last_page: Math.ceil(rows.length / 2), total: rows.length });
      expect([...first.data, ...second.data].map((m) => m.uuid)).toEqual(rows.slice(0, 4).map((r) => r.message_uuid));
    });

    it('lists newest first with sort_dir desc, the reverse of the default order', async () => {
      const asc = await messages(messenger.uuid, { sort_dir: 'asc' });
      const desc = await messages(messenger.uuid, { sort_dir: 'desc' });
      expect(asc.data).toEqual((await messages(messenger.uuid)).data);
      expect(desc.data.map((m) => m.uuid)).toEqual([...asc.data].reverse().map((m) => m.uuid));
      const newestOnly = await messages(messenger.uuid, { sort_dir: 'desc', per_page: '1' });
      expect(newestOnly.data.map((m) => m.uuid)).toEqual([asc.data[asc.data.length - 1]?.uuid]);
      const bad = await h.call('GET', `${LIST}/${messenger.uuid}/messages`, { query: { sort_dir: 'newest' } });
      expect(bad.status).toBe(422);
      expect(bad.json<ErrorB>().error.field).toBe('sort_dir');
    });

    it('has no messages for a call conversation', async () => {
      expect(await messages(call.uuid)).toMatchObject({ total: 0, last_page: 1, data: [] });
    });

    it('answers 404 for an unknown conversation, 422 for a malformed uuid or sender', async () => {
      const missing = await h.call('GET', `${LIST}/${UNKNOWN}/messages`);
      expect(missing.status).toBe(404);
      expect(missing.json<ErrorB>().error.code).toBe('RESOURCE_NOT_FOUND');
      const globexConversation = demoTenant('globex').state.conversations[0]?.uuid as string;
      expect((await h.call('GET', `${LIST}/${globexConversation}/messages`)).status).toBe(404);
      const malformed = await h.call('GET', `${LIST}/not-a-uuid/messages`);
      expect(malformed.status).toBe(422);
      expect(malformed.json<ErrorB>().error).toMatchObject({ code: 'INVALID_UUID', field: 'uuid' });
      const sender = await h.call('GET', `${LIST}/${sms.uuid}/messages`, { query: { sender: 'Robot' } });
      expect(sender.status).toBe(422);
      expect(sender.json<ErrorB>().error.field).toBe('sender');
    });
  });

  describe('replies', () => {
    const replyPath = (c: ConversationRecord) => `${LIST}/${c.uuid}/reply`;

    it('answers on the channel and records the reply as the conversation’s newest message, sender Human', async () => {
      const phone = contactOf(sms)?.phone;
      const sent = await replyOk(replyPath(sms), { text: 'Ihr Termin ist bestätigt.' });
      expect(sent).toMatchObject({
        conversation_uuid: sms.uuid,
        channel: 'sms',
        direction: 'outbound',
        status: 'sending',
        to: phone,
        subject: null,
        text: 'Ihr Termin ist bestätigt.',
        file: null,
        sent_by: { user_email: maria.email, name: maria.name },
        created_at: '2026-12-01T10:30:00+01:00',
      });
      const got = await messages(sms.uuid, { sender: 'Human' });
      expect(got.data.at(-1)).toEqual({
        uuid: sent.uuid,
        conversation_uuid: sms.uuid,
        channel: 'sms',
        direction: 'outbound',
        sender: 'Human',
        message_type: 'text',
        content: 'Ihr Termin ist bestätigt.',
        created_at: sent.created_at,
      });
      const newest = (await list()).data[0];
      expect(newest).toMatchObject({ uuid: sms.uuid, updated_at: sent.created_at });
    });

    it('attributes a reply with a per-user token to the token’s member', async () => {
      const jwt = await signMemberJwt(acme.state, maria, { permissions: ['conversations:write'], exp: Math.floor(T0 / 1000) + 3600 });
      const res = await h.call('POST', replyPath(sms), { token: jwt, json: { text: 'Bis Montag!' } });
      expect(res.status, res.text).toBe(201);
      expect(res.json<ResponseBody<'replyToConversation', 201>>().data.sent_by).toEqual({ user_email: maria.email, name: maria.name });
    });

    it('reopens a closed conversation, replying in its email thread', async () => {
      expect((await all({ status: 'Closed' })).map((c) => c.uuid)).toContain(closedEmail.uuid);
      const subject = acme.state.messages.find((m) => m.conversation_uuid === closedEmail.uuid && m.subject)?.subject;
      const sent = await replyOk(replyPath(closedEmail), { text: 'Gerne verschieben wir Ihren Termin.' });
      expect(sent).toMatchObject({ channel: 'email', to: contactOf(closedEmail)?.email, subject: `Re: ${subject}` });
      expect((await all({ status: 'Closed' })).map((c) => c.uuid)).not.toContain(closedEmail.uuid);
      expect((await all({ status: 'Active' })).map((c) => c.uuid)).toContain(closedEmail.uuid);
    });

    it('keeps SMS to text of at most 1600 characters', async () => {
      await expectError(replyPath(sms), { text: 'Siehe Anhang', file: { url: 'https://files.acme.example/plan.pdf' } }, 422, 'file');
      await expectError(replyPath(sms), { text: 'x'.repeat(1601) }, 422, 'text');
      expect((await messages(sms.uuid, { sender: 'Human' })).total).toBe(rowsOf(sms).filter((r) => r.sender === 'member').length);
    });

    it('answers WhatsApp only within 24 hours of the contact’s last message', async () => {
      const last = lastInbound(whatsapp);
      h.clock.freeze(last + 24 * 3_600_000 + 1_000);
      const late = await expectError(replyPath(whatsapp), { text: 'Sind Sie noch da?' }, 409);
      expect(late.error.code).toBe('CONFLICT');
      h.clock.freeze(last + 3_600_000);
      const sent = await replyOk(replyPath(whatsapp), { text: 'Sind Sie noch da?', file: { url: 'https://files.acme.example/praxis/anfahrt.png' } });
      expect(sent).toMatchObject({ to: contactOf(whatsapp)?.phone, file: { filename: 'anfahrt.png', mime_type: 'image/png', url: 'https://files.acme.example/praxis/anfahrt.png', size_bytes: null } });
      const recorded = (await messages(whatsapp.uuid, { sender: 'Human' })).data.at(-1);
      expect(recorded).toMatchObject({ uuid: sent.uuid, message_type: 'image', content: 'Sind Sie noch da?' });
    });

    it('sends Instagram and Messenger conversations to their own reply operations, and refuses call conversations', async () => {
      const wrong = await expectError(replyPath(instagram), { text: 'Hallo' }, 409);
      expect(wrong.message).toBe('Use the Instagram reply endpoint');
      expect((await expectError(replyPath(messenger), { text: 'Hallo' }, 409)).message).toBe('Use the Messenger reply endpoint');
      expect((await expectError(replyPath(call), { text: 'Hallo' }, 409)).error.code).toBe('CONFLICT');
      expect((await expectError(`${LIST}/${UNKNOWN}/reply`, { text: 'Hallo' }, 404)).error.code).toBe('RESOURCE_NOT_FOUND');
    });

    it('answers Instagram within 7 days, to the contact’s Instagram id, with images but not PDFs', async () => {
      const path = `/api/v1/instagram/conversations/${instagram.uuid}/reply`;
      h.clock.freeze(lastInbound(instagram) + 7 * 24 * 3_600_000 + 1_000);
      await expectError(path, { text: 'Hallo Mehmet' }, 409);
      h.clock.freeze(lastInbound(instagram) + 3_600_000);
      await expectError(path, { file: { url: 'https://files.acme.example/preise.pdf' } }, 422, 'file');
      const content = Buffer.from('tiny image bytes').toString('base64');
      const sent = await replyOk(path, { file: { content, filename: 'lageplan.jpg', mime_type: 'image/jpeg' } });
      expect(sent).toMatchObject({
        channel: 'instagram',
        to: instagram.contact_channel_id,
        text: null,
        file: { filename: 'lageplan.jpg', mime_type: 'image/jpeg', url: null, size_bytes: 16 },
      });
      expect((await messages(instagram.uuid, { sender: 'Human' })).data.at(-1)).toMatchObject({ uuid: sent.uuid, message_type: 'image', content: 'lageplan.jpg' });
      expect((await expectError(`/api/v1/instagram/conversations/${messenger.uuid}/reply`, { text: 'Hallo' }, 404)).error.code).toBe('RESOURCE_NOT_FOUND');
    });

    it('answers Messenger within 7 days, accepting a PDF', async () => {
      const path = `/api/v1/messenger/conversations/${messenger.uuid}/reply`;
      h.clock.freeze(lastInbound(messenger) + 3_600_000);
      const sent = await replyOk(path, { text: 'Anbei die Preisliste.', file: { url: 'https://files.acme.example/preise.pdf' } });
      expect(sent).toMatchObject({ channel: 'messenger', to: messenger.contact_channel_id, file: { mime_type: 'application/pdf' } });
      await expectError(path, { file: { url: 'https://files.acme.example/setup.exe', mime_type: 'application/x-msdownload' } }, 422, 'file');
      expect((await expectError(`/api/v1/messenger/conversations/${instagram.uuid}/reply`, { text: 'Hallo' }, 404)).error.code).toBe('RESOURCE_NOT_FOUND');
    });
  });
});
