// Analytics (seed GET /api/v1/analytics/messages; published API, "Analytics": the calls and
// sessions reads), all read from the workspace's state.
import type { HandlerGroup } from '../../core/handler.ts';
import { exportAnalyticsMessages } from './message-export.ts';
import { getCallAnalytics, getSessionAnalytics } from './reports.ts';

export const analyticsHandlers = {
  exportAnalyticsMessages,
  getCallAnalytics,
  getSessionAnalytics,
} satisfies HandlerGroup;
