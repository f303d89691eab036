// GET /api/v1/analytics/calls and GET /api/v1/analytics/sessions (published: the parameters and the
// answers' top-level names, without the envelope): figures over the period [from, to), split into
// buckets by granularity, and with compare_prev the previous period of equal length. Calls come
// from the workspace's calls (token `call`, or `whatsapp_call` on a WhatsApp conversation),
// sessions from its conversations (one session each), messages from the sorted analytics rows (a
// binary search finds each period's first row).
import type { Handler } from '../../core/handler.ts';
import type { operations } from '../../../generated/api.ts';
import type { ConversationRecord, Schemas, WorkspaceState } from '../../state/workspace.ts';
import { type CallRecord, settleCall } from '../calls/call-state.ts';
import type { RateItem } from '../phone-numbers/rates.ts';
import { addCall, type CallTally, callCost, chargeOf, type CountedCall, durationSeconds, newCallTally } from './call-figures.ts';
import { searchInstant, sortedRows } from './message-index.ts';
import { type Bucketed, previousPeriod, readPeriod, splitPeriod } from './period.ts';
import { analyticsScope, inScope } from './scope.ts';
import { addMessage, addRowStats, addSession, newSessionTally, type PeriodSession, periodFigures, type RowStats, type SessionTally, sessionTotals } from './session-figures.ts';
import { PeriodTally } from './tally.ts';

type ReportQuery = NonNullable<operations['getCallAnalytics']['parameters']['query']>;

/** The periods asked for: the one of the query and, with compare_prev, the one before it. */
function periodsOf(query: ReportQuery, zone: string): Bucketed[] {
  const granularity = query.granularity ?? 'total';
  const current = readPeriod(query, zone);
  const periods = [splitPeriod(current, granularity, zone)];
  if (query.compare_prev === true) periods.push(splitPeriod(previousPeriod(current), granularity, zone));
  return periods;
}

/** What was applied: the period, zone, granularity, comparison and filters, and when. */
function metaOf(query: ReportQuery, period: Bucketed, zone: string, now: Date): Schemas['AnalyticsReportMeta'] {
  return {
    from: period.from,
    to: period.to,
    timezone: zone,
    granularity: query.granularity ?? 'total',
    compare_prev: query.compare_prev === true,
    channel: query.channel ?? null,
    agent_uuid: query.agent_uuid ?? null,
    campaign_uuid: query.campaign_uuid ?? null,
    generated_at: now,
  };
}

function bucketsOf<A, F>(query: ReportQuery, tally: PeriodTally<A>, finish: (tally: A) => F) {
  return { granularity: query.granularity ?? 'total', items: tally.report(finish).series.map((b) => ({ from: b.from, to: b.to, totals: b.figures })) };
}

/** A call conversation's channel token: `whatsapp_call` for a call on a WhatsApp conversation. */
function callToken(conversation: ConversationRecord | undefined): 'call' | 'whatsapp_call' {
  return conversation?.channel === 'whatsapp' ? 'whatsapp_call' : 'call';
}

function callTallies(ws: WorkspaceState, query: ReportQuery, periods: Bucketed[], now: Date): Array<PeriodTally<CallTally>> {
  const scope = analyticsScope(ws, query);
  const tallies = periods.map((p) => new PeriodTally(p, newCallTally));
  const conversations = new Map(ws.conversations.map((c) => [c.uuid, c]));
  const external = new Set(ws.phone_numbers.filter((n) => n.is_external).map((n) => n.uuid));
  const rates = new Map<string, RateItem | undefined>();
  for (const call of ws.calls) {
    const token = callToken(conversations.get(call.conversation_uuid));
    if (!inScope(scope, { channel: token, agent_uuid: call.agent_uuid, conversation_uuid: call.conversation_uuid })) continue;
    const targets = tallies.flatMap((t) => t.at(call.created_at));
    if (targets.length === 0) continue;
    const settled = settleCall(ws, call, now);
    const counted: CountedCall = { call: settled, charge: chargeOf(settled, call.phone_number_uuid !== null && external.has(call.phone_number_uuid), rates) };
    for (const tally of targets) addCall(tally, counted);
  }
  return tallies;
}

function callFigures(query: ReportQuery, tally: PeriodTally<CallTally>) {
  const total = tally.total;
  return {
    totals: { ...total.totals },
    duration_sec: durationSeconds(total.durations),
    buckets: bucketsOf(query, tally, (t) => ({ ...t.totals })),
    outcome: { ...total.outcome },
    cost: callCost(total),
  };
}

export const getCallAnalytics: Handler<'getCallAnalytics'> = ({ ws, query, zone, now }) => {
  const periods = periodsOf(query, zone);
  const [current, previous] = callTallies(ws, query, periods, now) as [PeriodTally<CallTally>, PeriodTally<CallTally>?];
  return {
    status: 200,
    body: {
      meta: metaOf(query, current.range, zone, now),
      ...callFigures(query, current),
      previous: previous ? { from: previous.range.from, to: previous.range.to, ...callFigures(query, previous) } : null,
    },
  };
};

/** The channel tokens of a session: its conversation's channel, and `whatsapp_call` for a WhatsApp conversation with a call. */
function sessionTokens(conversation: ConversationRecord, calls: readonly CallRecord[]): string[] {
  return conversation.channel === 'whatsapp' && calls.length > 0 ? ['whatsapp', 'whatsapp_call'] : [conversation.channel];
}

interface SessionPeriod {
  tally: PeriodTally<SessionTally>;
  sessions: PeriodSession[];
  rows: Map<string, RowStats>;
}

function sessionPeriods(ws: WorkspaceState, query: ReportQuery, periods: Bucketed[], now: Date): SessionPeriod[] {
  const scope = analyticsScope(ws, query);
  const out: SessionPeriod[] = periods.map((p) => ({ tally: new PeriodTally(p, newSessionTally), sessions: [], rows: new Map() }));
  const callsOf = new Map<string, CallRecord[]>();
  for (const call of ws.calls) callsOf.set(call.conversation_uuid, [...(callsOf.get(call.conversation_uuid) ?? []), call]);
  for (const conversation of ws.conversations) {
    const calls = callsOf.get(conversation.uuid) ?? [];
    if (!inScope(scope, { channel: conversation.channel, tokens: sessionTokens(conversation, calls), agent_uuid: conversation.agent_uuid, conversation_uuid: conversation.uuid })) continue;
    for (const period of out) {
      const targets = period.tally.at(conversation.created_at);
      if (targets.length === 0) continue;
      for (const tally of targets) addSession(tally, conversation);
      period.sessions.push({ conversation, calls: calls.map((c) => settleCall(ws, c, now)), rows: undefined });
    }
  }
  const rows = sortedRows(ws.message_rows);
  for (const period of out) {
    const end = period.tally.range.to.getTime();
    for (let i = searchInstant(rows, period.tally.range.from); i < rows.length; i++) {
      const row = rows[i];
      if (!row || row.created_at.getTime() >= end) break;
      if (!inScope(scope, row)) continue;
      for (const tally of period.tally.at(row.created_at)) addMessage(tally, row);
      addRowStats(period.rows, row);
    }
    for (const session of period.sessions) session.rows = period.rows.get(session.conversation.uuid);
  }
  return out;
}

function sessionFigures(query: ReportQuery, period: SessionPeriod) {
  return {
    totals: sessionTotals(period.tally.total),
    ...periodFigures(period.sessions),
    buckets: bucketsOf(query, period.tally, sessionTotals),
  };
}

export const getSessionAnalytics: Handler<'getSessionAnalytics'> = ({ ws, query, zone, now }) => {
  const periods = periodsOf(query, zone);
  const [current, previous] = sessionPeriods(ws, query, periods, now) as [SessionPeriod, SessionPeriod?];
  return {
    status: 200,
    body: {
      meta: metaOf(query, current.tally.range, zone, now),
      ...sessionFigures(query, current),
      previous: previous ? { from: previous.tally.range.from, to: previous.tally.range.to, ...sessionFigures(query, previous) } : null,
    },
  };
};
