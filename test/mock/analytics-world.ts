// The workspace the analytics tests read (built on the campaign-area test workspace, Berlin, clock
// frozen at 2026-03-14T10:30:00+01:00): conversations on every kind of channel, one started by a
// campaign, calls in every state (one on a WhatsApp conversation), and analytics message rows,
// kept out of export order on purpose (two rows share an instant). Periods used by the tests:
// [2026-03-01, 2026-03-15) and the one before it, [2026-02-15, 2026-03-01).
import {
  AGENT_CALL_ONLY,
  AGENT_WHATSAPP,
  CONTACT_EMAIL_ONLY,
  CONTACT_FULL,
  CONTACT_PHONE_ONLY,
  campaignRecord,
  type Json,
  NUMBER_CALLS,
  workspace,
} from './campaigns-world.ts';

export const CAMPAIGN = '9e8d7c6b-5a49-4837-8261-5f4e3d2c1b01';
export const OTHER_CAMPAIGN = '9e8d7c6b-5a49-4837-8261-5f4e3d2c1b02';

const conv = (n: number) => `c0c0c0c0-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`;
const session = (n: number) => `5e5e5e5e-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`;
export const msg = (n: number) => `a1a1a1a1-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`;
const call = (n: number) => `ca11ca11-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`;

export const C_WA1 = conv(1);
export const C_WA2 = conv(2);
export const C_SMS = conv(3);
export const C_EMAIL = conv(4);
export const C_CALL1 = conv(5);
export const C_CALL2 = conv(6);
export const C_CALL3 = conv(7);
export const C_CALL4 = conv(8);
export const C_CALL5 = conv(9);

type Channel = 'call' | 'whatsapp' | 'sms' | 'email' | 'instagram' | 'messenger';

function conversation(n: number, channel: Channel, contact: string | null, agent: string, createdAt: string, campaign?: string): Json {
  return { uuid: conv(n), channel, contact_uuid: contact, agent_uuid: agent, session_uuid: session(n), created_at: createdAt, ...(campaign ? { campaign_uuid: campaign } : {}) };
}

const conversations = [
  conversation(1, 'whatsapp', CONTACT_FULL, AGENT_WHATSAPP, '2026-03-02T09:00:00+01:00', CAMPAIGN),
  conversation(2, 'whatsapp', CONTACT_PHONE_ONLY, AGENT_WHATSAPP, '2026-03-05T18:00:00+01:00'),
  conversation(3, 'sms', CONTACT_PHONE_ONLY, AGENT_CALL_ONLY, '2026-03-09T08:00:00+01:00'),
  conversation(4, 'email', CONTACT_EMAIL_ONLY, AGENT_WHATSAPP, '2026-02-25T12:00:00+01:00'),
  conversation(5, 'call', CONTACT_FULL, AGENT_CALL_ONLY, '2026-03-03T10:00:00+01:00', CAMPAIGN),
  // 00:30 on the 11th in Berlin is 23:30 on the 10th in UTC.
  conversation(6, 'call', CONTACT_PHONE_ONLY, AGENT_CALL_ONLY, '2026-03-11T00:30:00+01:00'),
  conversation(7, 'call', null, AGENT_CALL_ONLY, '2026-03-06T12:00:00+01:00'),
  conversation(8, 'call', CONTACT_FULL, AGENT_CALL_ONLY, '2026-03-14T10:29:00+01:00'),
  conversation(9, 'call', CONTACT_FULL, AGENT_CALL_ONLY, '2026-02-24T09:00:00+01:00'),
];

function row(n: number, conversationNo: number, direction: 'inbound' | 'outbound', createdAt: string, content: string): Json {
  const c = conversations[conversationNo - 1] as Json;
  return {
    message_uuid: msg(n),
    conversation_uuid: c.uuid,
    session_uuid: c.session_uuid,
    contact_uuid: c.contact_uuid,
    agent_uuid: c.agent_uuid,
    channel: c.channel,
    channel_label: String(c.channel),
    direction,
    sender: direction === 'inbound' ? 'contact' : 'agent',
    message_type: 'text',
    content,
    content_disclosure: 'raw',
    created_at: createdAt,
  };
}

/** The rows in export order: M1, M2, M3 (M2 and M3 share an instant), M4 … M7, M9; M8 is in February. */
export const ROWS_IN_ORDER = [1, 2, 3, 4, 5, 6, 7, 9].map(msg);

const rows = [
  row(9, 1, 'inbound', '2026-03-10T00:00:00+01:00', 'Noch eine Frage zu den Gläsern'),
  row(3, 1, 'inbound', '2026-03-02T09:00:05+01:00', 'Danke!'),
  row(2, 1, 'outbound', '2026-03-02T09:00:05+01:00', 'Gern, Ihr Termin ist bestätigt.'),
  row(1, 1, 'inbound', '2026-03-02T09:00:00+01:00', 'Kann ich am Dienstag kommen?'),
  row(5, 2, 'outbound', '2026-03-05T18:00:30+01:00', 'Ja, die Brille ist fertig.'),
  row(4, 2, 'inbound', '2026-03-05T18:00:00+01:00', 'Ist meine Brille fertig?'),
  row(7, 3, 'inbound', '2026-03-09T08:10:00+01:00', 'OK'),
  row(6, 3, 'outbound', '2026-03-09T08:00:00+01:00', 'Erinnerung: Ihr Termin morgen um 9 Uhr.'),
  row(8, 4, 'outbound', '2026-02-25T12:00:00+01:00', 'Ihre Rechnung im Anhang.'),
];

type CallStatus = 'queued' | 'ringing' | 'in_progress' | 'ended' | 'failed';

function callRecord(n: number, conversationNo: number, f: { direction: 'inbound' | 'outbound'; status: CallStatus; at: string; answered: string | null; ended: string | null; duration: number | null; agent?: string }): Json {
  const c = conversations[conversationNo - 1] as Json;
  const media = `https://northwind.localhost/media/calls/${String(c.uuid)}`;
  const ours = '+4930123456702';
  const theirs = '+4915112345601';
  return {
    uuid: call(n),
    conversation_uuid: c.uuid,
    contact_uuid: c.contact_uuid,
    direction: f.direction,
    status: f.status,
    to: f.direction === 'outbound' ? theirs : ours,
    from: f.direction === 'outbound' ? ours : theirs,
    phone_number_uuid: NUMBER_CALLS,
    agent_uuid: f.agent ?? c.agent_uuid,
    muted: false,
    forwarded_to: null,
    end_reason: f.status === 'ended' ? (f.answered ? 'completed' : 'no_answer') : f.status === 'failed' ? 'error' : null,
    request_key: null,
    listen_url: `${media}/listen`,
    record_url: `${media}/recording`,
    answered_at: f.answered,
    ended_at: f.ended,
    duration_seconds: f.duration,
    created_at: f.at,
    updated_at: f.ended ?? f.at,
  };
}

const calls = [
  callRecord(1, 5, { direction: 'outbound', status: 'ended', at: '2026-03-03T10:00:00+01:00', answered: '2026-03-03T10:00:06+01:00', ended: '2026-03-03T10:02:06+01:00', duration: 120 }),
  callRecord(2, 6, { direction: 'inbound', status: 'ended', at: '2026-03-11T00:30:00+01:00', answered: '2026-03-11T00:30:02+01:00', ended: '2026-03-11T00:30:47+01:00', duration: 45 }),
  callRecord(3, 7, { direction: 'outbound', status: 'failed', at: '2026-03-06T12:00:00+01:00', answered: null, ended: null, duration: null }),
  callRecord(4, 8, { direction: 'outbound', status: 'in_progress', at: '2026-03-14T10:29:00+01:00', answered: '2026-03-14T10:29:05+01:00', ended: null, duration: null }),
  callRecord(5, 9, { direction: 'outbound', status: 'ended', at: '2026-02-24T09:00:00+01:00', answered: null, ended: '2026-02-24T09:00:30+01:00', duration: null }),
  // A WhatsApp call, on the WhatsApp conversation C_WA2.
  callRecord(6, 2, { direction: 'inbound', status: 'ended', at: '2026-03-05T18:05:00+01:00', answered: '2026-03-05T18:05:01+01:00', ended: '2026-03-05T18:06:01+01:00', duration: 60 }),
];

/** The analytics workspace; `slug` and `jwt_secret` differ for a second workspace of the same data. */
export function analyticsWorkspace(extra: Json = {}): Json {
  return workspace({
    campaigns: [campaignRecord(CAMPAIGN, 'Active', { name: 'Spring glasses' }), campaignRecord(OTHER_CAMPAIGN, 'Draft', { name: 'Summer sunglasses' })],
    conversations,
    calls,
    message_rows: rows,
    ...extra,
  });
}
