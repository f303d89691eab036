// GET /api/v1/analytics/calls and GET /api/v1/analytics/sessions (published API, "Analytics"):
// figures over the period [from, to), split by granularity, and with compare_prev the previous
// period of equal length. Calls come from the workspace's calls (their channel is their
// conversation's), sessions from its conversations (one session each), messages from the sorted
// analytics rows (a binary search finds each period's first row).
import type { Handler } from '../../core/handler.ts';
import type { ConversationRecord, WorkspaceState } from '../../state/workspace.ts';
import { settleCall } from '../calls/call-state.ts';
import { addCall, type CallTally, callFigures, newCallTally } from './call-figures.ts';
import { searchInstant, sortedRows } from './message-index.ts';
import { type Granularity, previousPeriod, readPeriod, splitPeriod } from './period.ts';
import { type AnalyticsQuery, analyticsScope, inScope } from './scope.ts';
import { addMessage, addSession, newSessionTally, type SessionTally, sessionFigures } from './session-figures.ts';
import { type PeriodReport, PeriodTally } from './tally.ts';

interface ReportQuery extends AnalyticsQuery {
  from: string;
  to: string;
  compare_prev?: boolean;
  granularity?: Granularity;
  channel?: Array<ConversationRecord['channel']>;
}

/** The tallies of the period asked for and, with compare_prev, of the one before it. */
function talliesOf<A>(query: ReportQuery, zone: string, make: () => A): Array<PeriodTally<A>> {
  const granularity = query.granularity ?? 'total';
  const current = readPeriod(query, zone);
  const periods = [splitPeriod(current, granularity, zone)];
  if (query.compare_prev === true) periods.push(splitPeriod(previousPeriod(current), granularity, zone));
  return periods.map((p) => new PeriodTally(p, make));
}

/** The report's data: what was applied, the period and, with compare_prev, the previous one. */
function reportData<A, F>(query: ReportQuery, zone: string, tallies: Array<PeriodTally<A>>, finish: (tally: A) => F) {
  const [current, previous] = tallies.map((t) => t.report(finish)) as [PeriodReport<F>, PeriodReport<F>?];
  return {
    granularity: query.granularity ?? 'total',
    timezone: zone,
    filters: { channel: query.channel ?? null, agent_uuid: query.agent_uuid ?? null, campaign_uuid: query.campaign_uuid ?? null },
    current,
    previous: previous ?? null,
  };
}

function callTallies(ws: WorkspaceState, query: ReportQuery, zone: string, now: Date): Array<PeriodTally<CallTally>> {
  const scope = analyticsScope(ws, query);
  const tallies = talliesOf(query, zone, newCallTally);
  const conversations = new Map(ws.conversations.map((c) => [c.uuid, c]));
  for (const call of ws.calls) {
    const channel = conversations.get(call.conversation_uuid)?.channel ?? 'call';
    if (!inScope(scope, { channel, agent_uuid: call.agent_uuid, conversation_uuid: call.conversation_uuid })) continue;
    const targets = tallies.flatMap((t) => t.at(call.created_at));
    if (targets.length === 0) continue;
    const settled = settleCall(ws, call, now);
    for (const tally of targets) addCall(tally, settled);
  }
  return tallies;
}

function sessionTallies(ws: WorkspaceState, query: ReportQuery, zone: string): Array<PeriodTally<SessionTally>> {
  const scope = analyticsScope(ws, query);
  const tallies = talliesOf(query, zone, newSessionTally);
  for (const conversation of ws.conversations) {
    if (!inScope(scope, { channel: conversation.channel, agent_uuid: conversation.agent_uuid, conversation_uuid: conversation.uuid })) continue;
    for (const tally of tallies.flatMap((t) => t.at(conversation.created_at))) addSession(tally, conversation);
  }
  const rows = sortedRows(ws.message_rows);
  for (const period of tallies) {
    const end = period.range.to.getTime();
    for (let i = searchInstant(rows, period.range.from); i < rows.length; i++) {
      const row = rows[i];
      if (!row || row.created_at.getTime() >= end) break;
      if (!inScope(scope, row)) continue;
      for (const tally of period.at(row.created_at)) addMessage(tally, row);
    }
  }
  return tallies;
}

export const getCallAnalytics: Handler<'getCallAnalytics'> = ({ ws, query, zone, now }) => ({
  status: 200,
  body: { success: true, message: 'Call analytics retrieved', data: reportData(query, zone, callTallies(ws, query, zone, now), callFigures) },
});

export const getSessionAnalytics: Handler<'getSessionAnalytics'> = ({ ws, query, zone }) => ({
  status: 200,
  body: { success: true, message: 'Session analytics retrieved', data: reportData(query, zone, sessionTallies(ws, query, zone), sessionFigures) },
});
