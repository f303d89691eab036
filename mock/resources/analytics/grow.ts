// Growing a workspace's analytics message rows to export scale (control API
// POST /__mock/analytics/grow and `npm start -- --analytics-rows N`): `rows` generated rows are
// appended, deterministically from `seed` (the same seed, workspace and range give the same rows),
// spread over [from, to) and over the workspace's messaging conversations with a contact and an agent
// (each generated row belongs to one of them: its channel, session, contact and agent). The rows
// go through the same sorted index as every other row (message-index.ts), so the export keeps
// finding a page by binary search. Strings are shared between rows where they repeat (uuids of the
// conversation, contact and agent, labels, contents), so a million rows stay a few hundred MB.
import type { MessageRow, WorkspaceState } from '../../state/workspace.ts';
import { sortedRows } from './message-index.ts';
import { prng } from '../../core/prng.ts';

export const MAX_GROW_ROWS = 5_000_000;
const DAY_MS = 86_400_000;
/** Default range: the 90 days before the clock's instant. */
export const DEFAULT_GROW_DAYS = 90;

export interface GrowPlan {
  rows: number;
  seed: number;
  from: Date;
  to: Date;
}

const HEX = [...'0123456789abcdef'].map((c) => c.charCodeAt(0));
const DASH = '-'.charCodeAt(0);
const codes = new Array<number>(36);

/** A version 4 uuid from the PRNG, built as one flat string (no concatenation ropes). */
function uuid(random: () => number): string {
  let k = 0;
  for (let i = 0; i < 32; i++) {
    let digit = Math.floor(random() * 16);
    if (i === 12) digit = 4;
    if (i === 16) digit = 8 + (digit & 3);
    codes[k++] = HEX[digit] as number;
    if (i === 7 || i === 11 || i === 15 || i === 19) codes[k++] = DASH;
  }
  return String.fromCharCode(...codes);
}

const LABELS: Record<string, string> = { whatsapp: 'WhatsApp', sms: 'SMS', email: 'Email', instagram: 'Instagram', messenger: 'Messenger' };
const INBOUND = ['Hello, I have a question about my appointment.', 'Can we move it to next week?', 'Thanks, that works for me.', 'What documents do I need to bring?'];
const OUTBOUND = ['Of course, how can I help?', 'Your appointment is confirmed.', 'I have moved it as you asked.', 'Please bring your ID and the signed form.'];

interface Thread {
  conversation_uuid: string;
  session_uuid: string;
  contact_uuid: string;
  agent_uuid: string;
  channel: string;
  channel_label: string;
}

function threads(ws: WorkspaceState): Thread[] {
  const found: Thread[] = [];
  for (const c of ws.conversations) {
    if (c.contact_uuid === null || c.agent_uuid === null || c.channel === 'call') continue;
    found.push({
      conversation_uuid: c.uuid,
      session_uuid: c.session_uuid,
      contact_uuid: c.contact_uuid,
      agent_uuid: c.agent_uuid,
      channel: c.channel,
      channel_label: LABELS[c.channel] ?? c.channel,
    });
  }
  return found;
}

/** Appends the planned rows; returns how many were added (0 when no conversation can hold them). */
export function growMessageRows(ws: WorkspaceState, plan: GrowPlan): number {
  const pool = threads(ws);
  if (pool.length === 0 || plan.rows <= 0) return 0;
  const random = prng(plan.seed);
  const from = plan.from.getTime();
  const span = Math.max(1, plan.to.getTime() - from);
  const target = ws.message_rows;
  for (let i = 0; i < plan.rows; i++) {
    const thread = pool[Math.floor(random() * pool.length)] as Thread;
    const inbound = random() < 0.5;
    const texts = inbound ? INBOUND : OUTBOUND;
    const row: MessageRow = {
      message_uuid: uuid(random),
      conversation_uuid: thread.conversation_uuid,
      session_uuid: thread.session_uuid,
      contact_uuid: thread.contact_uuid,
      agent_uuid: thread.agent_uuid,
      channel: thread.channel,
      channel_label: thread.channel_label,
      direction: inbound ? 'inbound' : 'outbound',
      sender: inbound ? 'contact' : 'agent',
      message_type: 'text',
      content: texts[Math.floor(random() * texts.length)] as string,
      content_disclosure: 'raw',
      created_at: new Date(from + Math.floor(random() * span)),
    };
    target.push(row);
  }
  // Index now, once (a sort of the whole array when it was not indexed yet), not on the first export.
  sortedRows(target);
  return plan.rows;
}

/** The default range of a grow: the DEFAULT_GROW_DAYS days before `now`. */
export function defaultRange(now: number): { from: Date; to: Date } {
  return { from: new Date(now - DEFAULT_GROW_DAYS * DAY_MS), to: new Date(now) };
}
