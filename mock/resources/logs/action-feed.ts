// The actions feed (seed "Action log item"; GET /api/v1/logs/actions and its query table; "Errors":
// the conversation, session and contact filters give 404 for unknown identifiers): listing tasks
// as `task` rows, paced on the mock clock, plus the rows the workspace keeps (workflow runs,
// intents, tasks of past campaigns), with secrets masked. Newest first (created_at descending,
// then uuid); `stats` counts the rows that match every filter except `type`. The detail (published
// API, "Action log detail") is read by type and uuid: a row of another type is not found.
import type { Handler } from '../../core/handler.ts';
import { errors } from '../../pipeline/api-error.ts';
import type { WorkspaceState } from '../../state/workspace.ts';
import { DEFAULT_PER_PAGE, paginate } from '../shared/paging.ts';
import { feedRange, newestFirst } from './bounds.ts';
import { actionDetail } from './detail.ts';
import { type ActionFilters, matchesExceptType, matchesType } from './filters.ts';
import { type FeedRow, itemOf, taskFeedRow, taskRecord } from './task-rows.ts';

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

export const listActionLogs: Handler<'listActionLogs'> = ({ ws, query, now, zone }) => {
  if (query.conversation !== undefined && !knownConversation(ws, query.conversation)) throw errors.notFound('Conversation');
  if (query.session !== undefined && !knownSession(ws, query.session)) throw errors.notFound('Session');
  if (query.contact !== undefined && !ws.contacts.some((c) => c.uuid === query.contact)) throw errors.notFound('Contact');
  const filters: ActionFilters = { ...query, ...feedRange(query, zone) };
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
  rows.sort(newestFirst);
  const page = paginate(rows, query.page, query.per_page ?? DEFAULT_PER_PAGE);
  return { status: 200, body: { success: true, message: 'Action logs retrieved', data: { stats, pagination: page.pagination, items: page.items.map(itemOf) } } };
};

export const getActionLog: Handler<'getActionLog'> = ({ ws, path, now }) => {
  const task = path.type === 'task' ? ws.listing_tasks.find((t) => t.uuid === path.uuid) : undefined;
  const row = task ? taskRecord(ws, task, now.getTime()) : ws.action_logs.find((r) => r.uuid === path.uuid && r.type === path.type);
  if (!row) throw errors.notFound('Action log');
  return { status: 200, body: { success: true, message: 'Action log retrieved', data: actionDetail(ws, row) } };
};
