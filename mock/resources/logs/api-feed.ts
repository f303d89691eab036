// The API feed (seed "Logs are read-only feeds" > API: inbound API requests with method, path,
// status, calling token, and request and response bodies; secrets masked, "Authentication" rule 8):
// the fixture rows and the requests the mock answered (api-recorder.ts), newest first, filtered by method, status, path prefix and
// date range, as the published paged list. The calling token is resolved from the workspace's
// tokens and shown as `****` plus its last four characters; secret body fields read `***`.
import type { Handler } from '../../core/handler.ts';
import type { Schemas, WorkspaceState } from '../../state/workspace.ts';
import { DEFAULT_PER_PAGE, pagedList } from '../shared/paging.ts';
import { recordedRequests } from './api-recorder.ts';
import { feedRange, inRange, newestFirst } from './bounds.ts';
import { maskedJson, maskToken } from './mask.ts';
import type { ApiLogRecord, CallingTokenRef } from './records.ts';

function callingToken(ws: WorkspaceState, ref: CallingTokenRef | null): Schemas['LogsCallingToken'] | null {
  if (ref === null) return null;
  if (ref.kind === 'workspace_token') {
    const token = ws.tokens.find((t) => t.uuid === ref.token_uuid);
    return token ? { kind: 'workspace_token', uuid: token.uuid, name: token.name, masked: maskToken(token.secret) } : null;
  }
  const member = ws.members.find((m) => m.uuid === ref.member_uuid);
  const token = ws.user_tokens.find((t) => t.member_uuid === ref.member_uuid);
  return member && token ? { kind: 'user_token', uuid: null, name: member.email, masked: maskToken(token.token) } : null;
}

/** A request as the feed shows it; `urls` false leaves URL query credentials in clear (the fault feed-url-tokens-unmasked). */
function view(ws: WorkspaceState, row: ApiLogRecord, urls: boolean): Schemas['LogsApiRequest'] {
  return {
    uuid: row.uuid,
    method: row.method,
    path: row.path,
    status: row.status,
    duration_ms: row.duration_ms,
    token: callingToken(ws, row.token),
    request_body: maskedJson(row.request_body, urls),
    response_body: maskedJson(row.response_body, urls),
    created_at: row.created_at,
  };
}

export const listApiRequestLogs: Handler<'listApiRequestLogs'> = ({ ws, query, zone, faults }) => {
  const range = feedRange(query, zone);
  const rows = [...ws.api_logs, ...recordedRequests(ws)].filter(
    (r) =>
      (query.method === undefined || r.method === query.method) &&
      (query.status === undefined || r.status === query.status) &&
      (query.path === undefined || r.path.startsWith(query.path)) &&
      inRange(r.created_at, range),
  );
  rows.sort(newestFirst);
  const page = pagedList(rows, query.page, query.per_page ?? DEFAULT_PER_PAGE);
  return { status: 200, body: { success: true, message: 'API logs retrieved', data: { ...page, data: page.data.map((r) => view(ws, r, !faults.has('feed-url-tokens-unmasked'))) } } };
};
