// The actions feed's query (seed "Endpoints" > GET /api/v1/logs/actions query parameters):
// `type`; `status` where `completed` matches both `success` and `completed`; `search`, a
// case-insensitive substring of the task title or description, the workflow name or the intent
// function name; `conversation` and `session` keep only intent rows; `contact` keeps intent rows
// and tasks of the contact and drops workflow rows; `from`/`to` bound created_at inclusively.
import { type FeedRange, inRange } from './bounds.ts';
import type { FeedRow } from './task-rows.ts';

export interface ActionFilters extends FeedRange {
  type?: 'all' | 'task' | 'workflow' | 'intent';
  status?: string;
  search?: string;
  conversation?: string;
  session?: string;
  contact?: string;
}

function statusMatches(rowStatus: string, wanted: string): boolean {
  if (wanted === 'completed') return rowStatus === 'completed' || rowStatus === 'success';
  return rowStatus === wanted;
}

function searchMatches(row: FeedRow, needle: string): boolean {
  const wanted = needle.toLowerCase();
  if (row.name.toLowerCase().includes(wanted)) return true;
  return row.type === 'task' && row.description.toLowerCase().includes(wanted);
}

/** Every filter but `type` (the feed's `stats` count these rows). */
export function matchesExceptType(row: FeedRow, f: ActionFilters): boolean {
  if (f.status !== undefined && !statusMatches(row.status, f.status)) return false;
  if (f.search !== undefined && !searchMatches(row, f.search)) return false;
  if (f.conversation !== undefined && (row.type !== 'intent' || row.conversation_uuid !== f.conversation)) return false;
  if (f.session !== undefined && (row.type !== 'intent' || row.session_uuid !== f.session)) return false;
  if (f.contact !== undefined && (row.type === 'workflow' || row.contact_uuid !== f.contact)) return false;
  return inRange(row.created_at, f);
}

export function matchesType(row: FeedRow, f: ActionFilters): boolean {
  return f.type === undefined || f.type === 'all' || row.type === f.type;
}
