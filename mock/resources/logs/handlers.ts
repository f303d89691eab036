// The actions feed (seed "Action log item"; GET /api/v1/logs/actions and its query table; "Errors":
// the conversation, session and contact filters give 404 for unknown identifiers): listing tasks
// as `task` rows, paced on the mock clock, plus the workflow and intent rows a fixture holds, with
// secrets masked. Newest first (created_at descending, then uuid); `stats` counts the rows that
// match every filter except `type`; `from`/`to` take a date (the whole day in the applied zone) or
// a date-time.
import type { HandlerGroup } from '../../core/handler.ts';
import { errors } from '../../pipeline/api-error.ts';
import type { WorkspaceState } from '../../state/workspace.ts';
import { parseDateBound } from '../../time/instants.ts';
import { paginate } from '../shared/paging.ts';
import { type ActionFilters, matchesExceptType, matchesType } from './filters.ts';
import { maskSecrets } from './mask.ts';
import { type ActionRow, asLoggedJson, type FeedRow, itemOf, taskFeedRow, taskRow } from './task-rows.ts';

function fixtureRow(row: ActionRow): ActionRow {
  return { ...row, input: asLoggedJson(maskSecrets(row.input)), output: asLoggedJson(maskSecrets(row.output)) };
}

function* feedRows(ws: WorkspaceState, nowMs: number): Generator<FeedRow> {
  for (const task of ws.listing_tasks) yield taskFeedRow(task, nowMs);
  yield* ws.action_logs;
}

function knownConversation(ws: WorkspaceState, uuid: string): boolean {
  return ws.conversations.some((c) => c.uuid === uuid) || ws.action_logs.some((r) => r.conversation_uuid === uuid);
}

function knownSession(ws: WorkspaceState, uuid: string): boolean {
  return ws.conversations.some((c) => c.session_uuid === uuid) || ws.action_logs.some((r) => r.session_uuid === uuid);
}

function bound(value: string | undefined, zone: string, endOfDay: boolean, field: string): Date | undefined {
  if (value === undefined) return undefined;
  const instant = parseDateBound(value, zone, endOfDay);
  if (!instant) throw errors.validation('INVALID_FORMAT', `The parameter ${field} is not a valid date or date-time.`, field);
  return instant;
}

export const actionLogHandlers = {
  listActionLogs: ({ ws, query, now, zone }) => {
    if (query.conversation !== undefined && !knownConversation(ws, query.conversation)) throw errors.notFound('Conversation');
    if (query.session !== undefined && !knownSession(ws, query.session)) throw errors.notFound('Session');
    if (query.contact !== undefined && !ws.contacts.some((c) => c.uuid === query.contact)) throw errors.notFound('Contact');
    const filters: ActionFilters = { ...query, from: bound(query.from, zone, false, 'from'), to: bound(query.to, zone, true, 'to') };
    if (filters.from && filters.to && filters.from > filters.to) {
      throw errors.validation('VALIDATION_ERROR', 'The parameter from is after to.', 'from');
    }
    const stats = { total: 0, tasks: 0, workflows: 0, intents: 0 };
    const rows: FeedRow[] = [];
    for (const row of feedRows(ws, now.getTime())) {
      if (!matchesExceptType(row, filters)) continue;
      stats.total++;
      if (row.type === 'task') stats.tasks++;
      else if (row.type === 'workflow') stats.workflows++;
      else stats.intents++;
      if (matchesType(row, filters)) rows.push(row);
    }
    const keyed = rows.map((row) => ({ row, at: row.created_at.getTime() }));
    keyed.sort((a, b) => b.at - a.at || (a.row.uuid < b.row.uuid ? -1 : a.row.uuid > b.row.uuid ? 1 : 0));
    const page = paginate(keyed, query.page, query.per_page);
    return { status: 200, body: { success: true, message: 'Action logs retrieved', data: { stats, pagination: page.pagination, items: page.items.map((k) => itemOf(k.row)) } } };
  },

  getActionLog: ({ ws, path, now }) => {
    const task = ws.listing_tasks.find((t) => t.uuid === path.uuid);
    const row = task ? taskRow(task, now.getTime()) : ws.action_logs.find((r) => r.uuid === path.uuid);
    if (!row) throw errors.notFound('Action log');
    return { status: 200, body: { success: true, message: 'Action log retrieved', data: task ? row : fixtureRow(row) } };
  },
} satisfies HandlerGroup;
