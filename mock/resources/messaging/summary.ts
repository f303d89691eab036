// GET /api/v1/outbound/summary: the sending queue per channel, counted from the clock.
import { DateTime } from 'luxon';
import type { WorkspaceState } from '../../state/workspace.ts';
import { liveCallCount, MAX_CONCURRENT_CALLS } from '../calls/call-state.ts';
import { phaseOf } from './sending-queue.ts';

const CHANNELS = ['call', 'sms', 'whatsapp', 'email'] as const;

export function outboundSummary(ws: WorkspaceState, now: Date, zone: string) {
  const nowMs = now.getTime();
  const day = DateTime.fromMillis(nowMs, { zone });
  const start = day.startOf('day');
  const end = start.plus({ days: 1 });
  const channels = Object.fromEntries(
    CHANNELS.map((channel) => {
      let queued = 0;
      let sending = 0;
      let sent = 0;
      let next: number | null = null;
      for (const item of ws.outbound) {
        if (item.channel !== channel) continue;
        const phase = phaseOf(item, nowMs);
        const at = item.send_at.getTime();
        if (phase === 'queued') {
          queued++;
          if (next === null || at < next) next = at;
        } else if (phase === 'sending') sending++;
        else if (at >= start.toMillis() && at < end.toMillis()) sent++;
      }
      return [channel, { queued, sending, sent, failed: 0, per_minute: ws.sending.per_minute[channel], next_send_at: next === null ? null : new Date(next) }];
    }),
  ) as Record<(typeof CHANNELS)[number], { queued: number; sending: number; sent: number; failed: number; per_minute: number; next_send_at: Date | null }>;
  return {
    generated_at: now,
    window: { start: start.toJSDate(), end: end.toJSDate() },
    channels,
    concurrent_calls: { active: liveCallCount(ws, now), limit: MAX_CONCURRENT_CALLS },
  };
}
