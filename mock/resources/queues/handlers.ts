// Queues: list and read (inferred), update (the seed's fields, plus the contract's opening hours
// and endpoint assignment) and the endpoints still free (seed "Available queue endpoints": only
// endpoints not yet assigned to any queue are listed), from the workspace's own numbers, agents
// and addresses.
import type { HandlerGroup } from '../../core/handler.ts';
import { findOr404 } from '../shared/lookup.ts';
import { pagedList } from '../shared/paging.ts';
import { availableEndpoints, workspaceEndpoints } from './endpoints.ts';
import { applyQueueUpdate, copyQueue } from './machine.ts';

export const queueHandlers = {
  listQueues: ({ ws, query }) => {
    const oldestFirst = ws.queues
      .map((queue, index) => ({ queue, index }))
      .sort((a, b) => a.queue.created_at.getTime() - b.queue.created_at.getTime() || a.index - b.index)
      .map(({ queue }) => queue);
    const page = pagedList(oldestFirst, query.page, query.per_page);
    return { status: 200, body: { success: true, message: 'Queues retrieved', data: { ...page, data: page.data.map(copyQueue) } } };
  },

  getQueue: ({ ws, path }) => ({ status: 200, body: { success: true, message: 'Queue retrieved', data: copyQueue(findOr404(ws.queues, path.uuid, 'Queue')) } }),

  // The `queue-endpoints-still-listed` fault lists every endpoint of the workspace, assigned or not.
  listAvailableQueueEndpoints: ({ ws, faults }) => ({
    status: 200,
    body: { success: true, message: 'Available endpoints retrieved', data: faults.has('queue-endpoints-still-listed') ? workspaceEndpoints(ws) : availableEndpoints(ws) },
  }),

  updateQueue: ({ ws, path, body, now, faults }) => {
    const queue = findOr404(ws.queues, path.uuid, 'Queue');
    const others = ws.queues.filter((q) => q.uuid !== queue.uuid);
    const next = applyQueueUpdate(queue, body, workspaceEndpoints(ws), others, now);
    // The `queue-update-ignored` fault stores the endpoint assignment but none of the queue's own fields.
    const stored = faults.has('queue-update-ignored') ? { ...queue, endpoints: next.endpoints } : next;
    ws.queues = ws.queues.map((q) => (q.uuid === next.uuid ? stored : q));
    return { status: 200, body: { success: true, message: 'Queue updated successfully', data: copyQueue(next) } };
  },
} satisfies HandlerGroup;
