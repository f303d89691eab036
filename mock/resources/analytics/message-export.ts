// GET /api/v1/analytics/messages (seed "Endpoints" and "Analytics message row"; published API,
// "Analytics"): the rows created in [from, to) in export order (created_at, then message_uuid),
// filtered by channel, agent and campaign, `limit` rows a page (default 500) after the cursor's
// row. Workspace policy ANALYTICS_MESSAGES_EXPORT: `disabled` is a 403, `masked` turns every
// row's content into `***`. The page is found by binary search in the sorted rows.
import type { Handler } from '../../core/handler.ts';
import { errors } from '../../pipeline/api-error.ts';
import type { MessageRow } from '../../state/workspace.ts';
import { parseDateTimeInput } from '../../time/instants.ts';
import { type CursorBinding, issueCursor, readCursor } from './cursor.ts';
import { keyOf, searchInstant, searchRows, sortedRows } from './message-index.ts';
import { analyticsScope, inScope } from './scope.ts';

export const DEFAULT_LIMIT = 500;

function instant(value: string, zone: string, field: string): Date {
  const parsed = parseDateTimeInput(value, zone);
  if (!parsed) throw errors.validation('INVALID_FORMAT', `The parameter ${field} is not a valid date-time.`, field);
  return parsed;
}

function masked(row: MessageRow): MessageRow {
  return { ...row, content: '***', content_disclosure: 'masked' };
}

export const exportAnalyticsMessages: Handler<'exportAnalyticsMessages'> = ({ ws, query, zone, now, faults }) => {
  const policy = ws.policies.ANALYTICS_MESSAGES_EXPORT;
  if (policy === 'disabled') throw errors.policyForbidden('Message export is disabled by the workspace policy ANALYTICS_MESSAGES_EXPORT.');
  const from = instant(query.from, zone, 'from');
  const to = instant(query.to, zone, 'to');
  if (from >= to) throw errors.validation('VALIDATION_ERROR', 'The parameter from must be before to.', 'from');
  const scope = analyticsScope(ws, query);
  const binding: CursorBinding = {
    workspace: ws.slug,
    from,
    to,
    channel: query.channel ?? null,
    agent_uuid: query.agent_uuid ?? null,
    campaign_uuid: query.campaign_uuid ?? null,
  };
  const limit = query.limit ?? DEFAULT_LIMIT;
  const rows = sortedRows(ws.message_rows);
  // The fault analytics-cursor-repeats-row starts a page at the cursor's row instead of after it.
  const afterCursor = !faults.has('analytics-cursor-repeats-row');
  const start = query.cursor === undefined ? searchInstant(rows, from) : searchRows(rows, readCursor(ws.jwt_secret, binding, query.cursor), afterCursor);
  const end = to.getTime() + (faults.has('analytics-to-inclusive') ? 1 : 0);
  const page: MessageRow[] = [];
  for (let i = start; i < rows.length && page.length <= limit; i++) {
    const row = rows[i] as MessageRow;
    if (row.created_at.getTime() >= end) break;
    if (inScope(scope, row)) page.push(row);
  }
  const hasMore = page.length > limit;
  if (hasMore) page.pop();
  const last = page[page.length - 1];
  // The fault analytics-newest-first lists each page's rows newest first (the cursor still follows the page's last row in export order).
  if (faults.has('analytics-newest-first')) page.reverse();
  const pagination =
    hasMore && last
      ? { next_cursor: issueCursor(ws.jwt_secret, binding, keyOf(last)), has_more: true as const, limit }
      : { next_cursor: null, has_more: false as const, limit };
  return {
    status: 200,
    body: {
      meta: {
        export_policy: policy,
        channel: binding.channel,
        agent_uuid: binding.agent_uuid,
        campaign_uuid: binding.campaign_uuid,
        from,
        to,
        timezone: zone,
        generated_at: now,
      },
      // The fault export-policy-unmasked serves the rows in clear under the masked policy.
      messages: policy === 'masked' && !faults.has('export-policy-unmasked') ? page.map(masked) : page.map((row) => ({ ...row })),
      pagination,
    },
  };
};
