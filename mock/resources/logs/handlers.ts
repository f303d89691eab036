// The three log feeds (seed "Logs are read-only feeds"): actions (with the detail by type and
// uuid), API requests and webhook deliveries, all read from the workspace with secrets masked.
import type { HandlerGroup } from '../../core/handler.ts';
import { getActionLog, listActionLogs } from './action-feed.ts';
import { listApiRequestLogs } from './api-feed.ts';
import { listWebhookDeliveryLogs } from './webhook-feed.ts';

export const logHandlers = {
  listActionLogs,
  getActionLog,
  listApiRequestLogs,
  listWebhookDeliveryLogs,
} satisfies HandlerGroup;
