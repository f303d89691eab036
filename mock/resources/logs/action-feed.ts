// The actions feed (seed "Action log item"; GET /api/v1/logs/actions and its query table; "Errors":
// the conversation, session and contact filters give 404 for unknown identifiers): listing tasks
// as `task` rows, paced on the mock clock, plus the rows the workspace keeps (workflow runs,
// intents, tasks of past campaigns), with secrets masked. Newest first (created_at descending,
// then uuid); `stats` counts the rows that match every filter except `type`. The detail (published
// API, "Action log detail") is read by type and uuid: a row of another type is not found.
// Every list read is answered from the indexes (action-index.ts, indexedFeed); scannedFeed, the
// plain scan, is the reference it must equal.
import type { Handler } from '../../core/handler.ts';
import { errors } from '../../pipeline/api-error.ts';
import type { WorkspaceState } from '../../state/workspace.ts';
import type { ListingTaskRecord } from '../listings/records.ts';
import { DEFAULT_PER_PAGE, paginate } from '../shared/paging.ts';
import { actionIndex, actionKeys, type Bucket, bucketOf, filterSpan, inRangeSpan, keyed, mergedPage, rowsOfType, spanSize, taskIndex, taskKeys } from './action-index.ts';
import { feedRange, newestFirst } from './bounds.ts';
import { actionDetail } from './detail.ts';
import { type ActionFilters, matchesExceptType, matchesType } from './filters.ts';
import type { ActionLogRecord } from './records.ts';
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
  const data = indexedFeed(ws, filters, query.page ?? 1, query.per_page ?? DEFAULT_PER_PAGE, now.getTime());
  return { status: 200, body: { success: true, message: 'Action logs retrieved', data } };
};

/** Any read: every row tested against the filters, the matches sorted, one page cut: the reference indexedFeed must equal. */
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

type Keyed = { uuid: string; created_at: Date };

/** The filters answered from a per-key bucket of the kept rows (action-index.ts). */
const KEYED_FILTERS = ['conversation', 'session', 'contact', 'status'] as const;

/**
 * The kept rows that match every filter but `type` (and `from`/`to`, which the reader applies):
 * all of them, or the smallest in range of the buckets the filters name; when more filters are set
 * than that bucket answers (another keyed filter, or `search`), its rows in range tested one by one.
 */
function keptSource(ws: WorkspaceState, f: ActionFilters): Bucket<ActionLogRecord> {
  const index = actionIndex(ws.action_logs);
  let best: Bucket<ActionLogRecord> = index;
  let bestSize = Number.POSITIVE_INFINITY;
  let keyedFilters = 0;
  for (const name of KEYED_FILTERS) {
    const key = f[name];
    if (key === undefined) continue;
    keyedFilters++;
    const bucket = keyed(index, actionKeys[name], key);
    const size = spanSize(inRangeSpan(bucket.all, f.from, f.to));
    if (size < bestSize) [best, bestSize] = [bucket, size];
  }
  if (keyedFilters <= 1 && f.search === undefined) return best;
  const rows = filterSpan(inRangeSpan(best.all, f.from, f.to), (row) => matchesExceptType(row, f));
  return bucketOf(rows, (row) => row.type);
}

/**
 * The listing tasks that match every filter but `type` (the reader applies `from`/`to`): none for
 * `conversation` or `session` (tasks carry neither), those of the contact from its bucket, and for
 * `status` or `search` the candidates in range tested one by one, status on the mock clock.
 */
function taskSource(ws: WorkspaceState, f: ActionFilters, nowMs: number): readonly ListingTaskRecord[] {
  if (f.conversation !== undefined || f.session !== undefined) return [];
  const index = taskIndex(ws.listing_tasks);
  const candidates = f.contact === undefined ? index.all : keyed(index, taskKeys.contact, f.contact).all;
  if (f.status === undefined && f.search === undefined) return candidates;
  return filterSpan(inRangeSpan(candidates, f.from, f.to), (task) => matchesExceptType(taskFeedRow(task, nowMs), f));
}

/**
 * Any read, from the indexes (action-index.ts): the listing tasks and the kept rows that match
 * every filter but `type` and the range, each in feed order; stats by binary search for the range
 * on each source and each type, the page by a split of the two sources. A read by at most `type`,
 * `from`/`to` and one of `conversation`, `session`, `contact` or (with no listing task in range)
 * `status` touches no row off the page, O(log n + page). The same answer as scannedFeed
 * (test/mock/action-logs-scale.test.ts).
 */
export function indexedFeed(ws: WorkspaceState, f: ActionFilters, page: number, perPage: number, nowMs: number) {
  const tasks = taskSource(ws, f, nowMs);
  const kept = keptSource(ws, f);
  const span = <T extends Keyed>(rows: readonly T[]) => inRangeSpan(rows, f.from, f.to);
  const taskSpan = span(tasks);
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
