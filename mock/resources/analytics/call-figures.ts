// Call figures (GET /api/v1/analytics/calls; inferred): `calls` = `ended` + `failed` + `live` =
// `inbound` + `outbound`; `answered` counts calls that were answered; `talk_seconds` sums the
// durations; `average_duration_seconds` is that sum over the calls with a duration, rounded;
// `answer_rate` is answered / calls, to 4 decimals. Status is the call's at the time of the request.
import type { Schemas } from '../../state/workspace.ts';
import type { CallRecord } from '../calls/call-state.ts';

export interface CallTally {
  calls: number;
  inbound: number;
  outbound: number;
  answered: number;
  ended: number;
  failed: number;
  live: number;
  talk_seconds: number;
  with_duration: number;
}

export function newCallTally(): CallTally {
  return { calls: 0, inbound: 0, outbound: 0, answered: 0, ended: 0, failed: 0, live: 0, talk_seconds: 0, with_duration: 0 };
}

export function addCall(tally: CallTally, call: CallRecord): void {
  tally.calls++;
  if (call.direction === 'inbound') tally.inbound++;
  else tally.outbound++;
  if (call.answered_at !== null) tally.answered++;
  if (call.status === 'ended') tally.ended++;
  else if (call.status === 'failed') tally.failed++;
  else tally.live++;
  if (call.duration_seconds !== null && call.duration_seconds > 0) {
    tally.talk_seconds += call.duration_seconds;
    tally.with_duration++;
  }
}

export function callFigures(t: CallTally): Schemas['AnalyticsCallFigures'] {
  return {
    calls: t.calls,
    inbound: t.inbound,
    outbound: t.outbound,
    answered: t.answered,
    ended: t.ended,
    failed: t.failed,
    live: t.live,
    talk_seconds: t.talk_seconds,
    average_duration_seconds: t.with_duration === 0 ? null : Math.round(t.talk_seconds / t.with_duration),
    answer_rate: t.calls === 0 ? null : Math.round((t.answered / t.calls) * 10_000) / 10_000,
  };
}
