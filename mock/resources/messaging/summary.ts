// GET /api/v1/outbound/summary: the sending queue per channel, counted from the clock. A message
// is going out while it is handed over; a call while it rings or talks, and sent once it ended
// (the contract's MessagingOutboundChannelSummary).
import { DateTime } from 'luxon';
import type { OutboundRecord, WorkspaceState } from '../../state/workspace.ts';
import { liveCallCount, MAX_CONCURRENT_CALLS, settleCall } from '../calls/call-state.ts';
import { phaseOf, type QueuePhase } from './sending-queue.ts';

const CHANNELS = ['call', 'sms', 'whatsapp', 'email'] as const;

function phaseAt(ws: WorkspaceState, item: OutboundRecord, now: Date): QueuePhase | 'failed' {
  const call = item.channel === 'call' ? ws.calls.find((c) => c.uuid === item.uuid) : undefined;
  if (!call) return phaseOf(item, now.getTime());
  const status = settleCall(ws, call, now).status;
  if (status === 'queued') return 'queued';
  if (status === 'ringing' || status === 'in_progress') return 'sending';
  return status === 'failed' ? 'failed' : 'sent';
}

/** `hideQueue`: the `summary-ignores-queue` fault (pipeline/faults.ts), no item shows as queued or sending. */
export function outboundSummary(ws: WorkspaceState, now: Date, zone: string, hideQueue = false) {
  const nowMs = now.getTime();
  const day = DateTime.fromMillis(nowMs, { zone });
  const start = day.startOf('day');
  const end = start.plus({ days: 1 });
  const channels = Object.fromEntries(
    CHANNELS.map((channel) => {
      let queued = 0;
      let sending = 0;
      let sent = 0;
      let failed = 0;
      let next: number | null = null;
      for (const item of ws.outbound) {
        if (item.channel !== channel) continue;
        const phase = phaseAt(ws, item, now);
        if (hideQueue && (phase === 'queued' || phase === 'sending')) continue;
        const at = item.send_at.getTime();
        const inWindow = at >= start.toMillis() && at < end.toMillis();
        if (phase === 'queued') {
          queued++;
          if (next === null || at < next) next = at;
        } else if (phase === 'sending') sending++;
        else if (phase === 'failed' && inWindow) failed++;
        else if (phase === 'sent' && inWindow) sent++;
      }
      return [channel, { queued, sending, sent, failed, per_minute: ws.sending.per_minute[channel], next_send_at: next === null ? null : new Date(next) }];
    }),
  ) as Record<(typeof CHANNELS)[number], { queued: number; sending: number; sent: number; failed: number; per_minute: number; next_send_at: Date | null }>;
  return {
    generated_at: now,
    window: { start: start.toJSDate(), end: end.toJSDate() },
    channels,
    concurrent_calls: { active: liveCallCount(ws, now), limit: MAX_CONCURRENT_CALLS },
  };
}
