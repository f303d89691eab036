// The actions feed (seed "Action log item"; GET /api/v1/logs/actions and its query table; "Errors":
// the conversation, session and contact filters give 404 for unknown identifiers): listing tasks
// as `task` rows, paced on the mock clock, plus the rows the workspace keeps (workflow runs,
// intents, tasks of past campaigns), with secrets masked. Newest first (created_at descending,
// then uuid); `stats` counts the rows that match every filter except `type`. The detail (published
// API, "Action log detail") is read by type and uuid: a row of another type is not found.
import type { Handler } from '../../core/handler.ts';
import { errors } from '../../pipeline/api-error.ts';
import type { WorkspaceState } from '../../state/workspace.ts';
import type { ListingTaskRecord } from '../listings/records.ts';
import { DEFAULT_PER_PAGE, paginate } from '../shared/paging.ts';
import { actionIndex, inRangeSpan, mergedPage, rowsOfType, spanSize, taskIndex } from './action-index.ts';
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

export const listActionLogs: Handler<'listActionLogs'> = ({ ws, query, now, zone, faults }) => {
  // The `unknown-log-filter-ignored` fault answers an unknown filter with an empty page.
  const refuse = !faults.has('unknown-log-filter-ignored');
  if (refuse && query.conversation !== undefined && !knownConversation(ws, query.conversation)) throw errors.notFound('Conversation');
  if (refuse && query.session !== undefined && !knownSession(ws, query.session)) throw errors.notFound('Session');
  if (refuse && query.contact !== undefined && !ws.contacts.some((c) => c.uuid === query.contact)) throw errors.notFound('Contact');
  const filters: ActionFilters = { ...query, ...feedRange(query, zone) };
  const read = onlyTypeAndRange(filters) ? indexedFeed : scannedFeed;
  const data = read(ws, filters, query.page ?? 1, query.per_page ?? DEFAULT_PER_PAGE, now.getTime());
  return { status: 200, body: { success: true, message: 'Action logs retrieved', data } };
};

/** Whether a read filters at most by type and created_at (the indexed read answers it). */
export function onlyTypeAndRange(f: ActionFilters): boolean {
  return f.status === undefined && f.search === undefined && f.conversation === undefined && f.session === undefined && f.contact === undefined;
}

/** Any read: every row tested against the filters, the matches sorted, one page cut. */
export function scannedFeed(ws: WorkspaceState, filters: ActionFilters, page: number, perPage: number, nowMs: number) {
  const stats = { total: 0, tasks: 0, workflows: 0, intents: 0 };
  const rows: FeedRow[] = [];
  for (const row of feedRows(ws, nowMs)) {
    if (!matchesExceptType(row, filters)) continue;
    stats.total++;
    if (row.type === 'task') stats.tasks++;
    else if (row.type === 'workflow') stats.workflows++;
    else stats.intents++;
    if (matchesType(row, filters)) rows.push(row);
  }
  rows.sort(newestFirst);
  const cut = paginate(rows, page, perPage);
  return { stats, pagination: cut.pagination, items: cut.items.map(itemOf) };
}

/**
 * A read filtered at most by type and created_at (action-index.ts): stats by binary search on each
 * type's rows, the page by a split of the tasks and the kept rows, both in feed order. The same
 * answer as scannedFeed, without touching the rows off the page (test/mock/action-logs-scale.test.ts).
 */
export function indexedFeed(ws: WorkspaceState, f: ActionFilters, page: number, perPage: number, nowMs: number) {
  const tasks = taskIndex(ws.listing_tasks);
  const kept = actionIndex(ws.action_logs);
  const span = <T extends { uuid: string; created_at: Date }>(rows: readonly T[]) => inRangeSpan(rows, f.from, f.to);
  const taskSpan = span(tasks.all);
  const keptSpan = span(kept.all);
  const keptTasks = span(rowsOfType(kept, 'task'));
  const keptWorkflows = span(rowsOfType(kept, 'workflow'));
  const stats = { total: spanSize(taskSpan) + spanSize(keptSpan), tasks: spanSize(taskSpan) + spanSize(keptTasks), workflows: spanSize(keptWorkflows), intents: 0 };
  stats.intents = stats.total - stats.tasks - stats.workflows;
  const type = f.type === undefined || f.type === 'all' ? undefined : f.type;
  const fromTasks = type === undefined || type === 'task' ? taskSpan : span<ListingTaskRecord>([]);
  const fromKept = type === undefined ? keptSpan : type === 'task' ? keptTasks : type === 'workflow' ? keptWorkflows : span(rowsOfType(kept, type));
  const total = spanSize(fromTasks) + spanSize(fromKept);
  const items = mergedPage(fromTasks, fromKept, (page - 1) * perPage, perPage, (task) => itemOf(taskFeedRow(task, nowMs)), (row) => itemOf(row));
  return { stats, pagination: { page, per_page: perPage, total, total_pages: Math.ceil(total / perPage) }, items };
}

export const getActionLog: Handler<'getActionLog'> = ({ ws, path, now }) => {
  const task = path.type === 'task' ? ws.listing_tasks.find((t) => t.uuid === path.uuid) : undefined;
  const row = task ? taskRecord(ws, task, now.getTime()) : ws.action_logs.find((r) => r.uuid === path.uuid && r.type === path.type);
  if (!row) throw errors.notFound('Action log');
  return { status: 200, body: { success: true, message: 'Action log retrieved', data: actionDetail(ws, row) } };
};
