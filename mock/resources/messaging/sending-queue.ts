// Seed "Limits" note 1: the 5 per second limit governs how fast requests are accepted, not how
// fast calls and messages leave. Accepted items wait in a sending queue per channel and go out at
// the workspace's pace (items per minute). An item's progress is derived from the clock, so
// advancing the mock's clock moves the queue without timers.
import { rawTarget } from '../../state/transaction.ts';
import type { OutboundRecord, WorkspaceState } from '../../state/workspace.ts';

export type OutboundChannel = OutboundRecord['channel'];

/** Seconds an item spends handed over (`sending`) before it counts as sent. */
export const HANDOVER_MS = 2_000;

/**
 * The latest send_at per channel of a workspace's outbound list, kept beside the list (keyed by the
 * real array, not the transaction's proxy) so that an enqueue is O(1) instead of a scan of every item
 * ever sent. Items are only appended (here); the index takes in items appended since it last looked,
 * and is rebuilt when the list is shorter than it counted or its last counted item was replaced (a
 * rolled-back send, any removal), so it never disagrees with a scan.
 */
interface PaceIndex {
  counted: number;
  tail: OutboundRecord | undefined;
  last: Map<OutboundChannel, number>;
}

const paceIndexes = new WeakMap<OutboundRecord[], PaceIndex>();

/** The latest send_at (ms) of the channel's items; -Infinity when it has none. */
export function lastSendAt(outbound: OutboundRecord[], channel: OutboundChannel): number {
  const items = rawTarget(outbound);
  let index = paceIndexes.get(items);
  if (!index || index.counted > items.length || (index.counted > 0 && items[index.counted - 1] !== index.tail)) {
    index = { counted: 0, tail: undefined, last: new Map() };
    paceIndexes.set(items, index);
  }
  for (let i = index.counted; i < items.length; i++) {
    const item = items[i] as OutboundRecord;
    const at = item.send_at.getTime();
    if (at > (index.last.get(item.channel) ?? Number.NEGATIVE_INFINITY)) index.last.set(item.channel, at);
  }
  index.counted = items.length;
  index.tail = items[items.length - 1];
  return index.last.get(channel) ?? Number.NEGATIVE_INFINITY;
}

export function enqueue(ws: WorkspaceState, channel: OutboundChannel, uuid: string, now: Date): OutboundRecord {
  const perMinute = Math.max(1, ws.sending.per_minute[channel]);
  const interval = 60_000 / perMinute;
  const last = lastSendAt(ws.outbound, channel);
  const sendAt = Math.max(now.getTime(), last + interval);
  const record: OutboundRecord = { uuid, channel, accepted_at: now, send_at: new Date(sendAt) };
  ws.outbound.push(record);
  return record;
}

export type QueuePhase = 'queued' | 'sending' | 'sent';

export function phaseOf(record: OutboundRecord, nowMs: number): QueuePhase {
  const sendAt = record.send_at.getTime();
  if (nowMs < sendAt) return 'queued';
  if (nowMs < sendAt + HANDOVER_MS) return 'sending';
  return 'sent';
}

export function outboundOf(ws: WorkspaceState, uuid: string): OutboundRecord | undefined {
  return ws.outbound.find((o) => o.uuid === uuid);
}
