// Session figures (GET /api/v1/analytics/sessions; the answer's top-level names are published, the
// rest inferred). Counts per bucket: the sessions that started in it, by channel and distinct
// contacts, and the analytics message rows created in it. Per period: the shares of sessions
// closed, answered by the contact and touched by a human; the sessions' durations (a voice
// session's call, else its first to last row in the period); the rows per session; and the answer
// latency of the voice sessions' calls (p50/p95, null without any).
import type { ConversationRecord, MessageRow, Schemas } from '../../state/workspace.ts';
import { type CallRecord, isLive } from '../calls/call-state.ts';
import { durationSeconds } from './call-figures.ts';

type ByChannel = Schemas['AnalyticsSessionsByChannel'];

export interface SessionTally {
  by_channel: ByChannel;
  contacts: Set<string>;
  inbound_messages: number;
  outbound_messages: number;
}

export function newSessionTally(): SessionTally {
  return { by_channel: { call: 0, whatsapp: 0, sms: 0, email: 0, instagram: 0, messenger: 0 }, contacts: new Set(), inbound_messages: 0, outbound_messages: 0 };
}

/** A session, as its conversation shows it. */
export function addSession(tally: SessionTally, conversation: ConversationRecord): void {
  tally.by_channel[conversation.channel]++;
  if (conversation.contact_uuid !== null) tally.contacts.add(conversation.contact_uuid);
}

export function addMessage(tally: SessionTally, row: MessageRow): void {
  if (row.direction === 'inbound') tally.inbound_messages++;
  else tally.outbound_messages++;
}

export function sessionTotals(t: SessionTally): Schemas['AnalyticsSessionTotals'] {
  const sessions = Object.values(t.by_channel).reduce((sum, n) => sum + n, 0);
  return {
    sessions,
    contacts: t.contacts.size,
    by_channel: { ...t.by_channel },
    messages: t.inbound_messages + t.outbound_messages,
    inbound_messages: t.inbound_messages,
    outbound_messages: t.outbound_messages,
  };
}

/** What the period's message rows show of one conversation. */
export interface RowStats {
  count: number;
  contactWrote: boolean;
  memberWrote: boolean;
  first: number;
  last: number;
}

export function addRowStats(stats: Map<string, RowStats>, row: MessageRow): void {
  const at = row.created_at.getTime();
  const s = stats.get(row.conversation_uuid) ?? { count: 0, contactWrote: false, memberWrote: false, first: at, last: at };
  s.count++;
  if (row.direction === 'inbound') s.contactWrote = true;
  else if (row.sender !== 'agent') s.memberWrote = true;
  s.first = Math.min(s.first, at);
  s.last = Math.max(s.last, at);
  stats.set(row.conversation_uuid, s);
}

/** A session of the period with its calls (settled to now) and the period's rows of its conversation. */
export interface PeriodSession {
  conversation: ConversationRecord;
  calls: CallRecord[];
  rows: RowStats | undefined;
}

const share = (part: number, whole: number) => (whole === 0 ? null : Math.round((part / whole) * 10_000) / 10_000);

/** The nearest-rank percentile of sorted values. */
function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

export interface PeriodFigures {
  rates: Schemas['AnalyticsSessionRates'];
  duration_sec: Schemas['AnalyticsDurationSeconds'];
  messages_per_session: Schemas['AnalyticsMessagesPerSession'];
  latency_ms: Schemas['AnalyticsLatency'] | null;
}

export function periodFigures(sessions: readonly PeriodSession[]): PeriodFigures {
  let closed = 0;
  let replied = 0;
  let human = 0;
  let messages = 0;
  let most: number | null = null;
  const durations: number[] = [];
  const latencies: number[] = [];
  for (const { conversation, calls, rows } of sessions) {
    const over = calls.length > 0 ? calls.every((c) => !isLive(c)) : conversation.status === 'Closed';
    if (over) closed++;
    if (rows?.contactWrote) replied++;
    if (rows?.memberWrote || calls.some((c) => c.forwarded_to !== null)) human++;
    const count = rows?.count ?? 0;
    messages += count;
    most = Math.max(most ?? 0, count);
    const timed = calls.filter((c) => c.duration_seconds !== null && c.answered_at !== null);
    if (timed.length > 0) durations.push(timed.reduce((sum, c) => sum + (c.duration_seconds ?? 0), 0));
    else if (rows) durations.push(Math.round((rows.last - rows.first) / 1000));
    for (const c of calls) if (c.answered_at !== null) latencies.push(c.answered_at.getTime() - c.created_at.getTime());
  }
  latencies.sort((a, b) => a - b);
  return {
    rates: { closed: share(closed, sessions.length), contact_replied: share(replied, sessions.length), human_involved: share(human, sessions.length) },
    duration_sec: durationSeconds(durations),
    messages_per_session: { average: sessions.length === 0 ? null : Math.round((messages / sessions.length) * 100) / 100, max: most },
    latency_ms: latencies.length === 0 ? null : { p50: percentile(latencies, 50), p95: percentile(latencies, 95) },
  };
}
