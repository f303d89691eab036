// Seed "Limits" note 1: the 5 per second limit governs how fast requests are accepted, not how
// fast calls and messages leave. Accepted items wait in a sending queue per channel and go out at
// the workspace's pace (items per minute). An item's progress is derived from the clock, so
// advancing the mock's clock moves the queue without timers.
import type { OutboundRecord, WorkspaceState } from '../../state/workspace.ts';

export type OutboundChannel = OutboundRecord['channel'];

/** Seconds an item spends handed over (`sending`) before it counts as sent. */
export const HANDOVER_MS = 2_000;

export function enqueue(ws: WorkspaceState, channel: OutboundChannel, uuid: string, now: Date): OutboundRecord {
  const perMinute = Math.max(1, ws.sending.per_minute[channel]);
  const interval = 60_000 / perMinute;
  let last = Number.NEGATIVE_INFINITY;
  for (const item of ws.outbound) if (item.channel === channel && item.send_at.getTime() > last) last = item.send_at.getTime();
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
