// Call figures (GET /api/v1/analytics/calls). The totals' names are published (calls, inbound,
// outbound, answered, missed, failed, ai_handled, human_handled); their meaning and the rest are
// inferred: `answered` counts calls that were answered (possibly still live), `missed` the ended
// ones never answered, `failed` those that could not be placed; the answered split by who handled
// the contact (a forwarded call: a human). Durations are the answered calls that have ended;
// outcomes count each call by its end reason (`live` while not over); the cost bills the ended,
// answered outbound calls placed from the service's own numbers at their destination's rate.
// Statuses are the calls' at the time of the request.
import type { Schemas } from '../../state/workspace.ts';
import type { CallRecord } from '../calls/call-state.ts';
import { allRates, type RateItem } from '../phone-numbers/rates.ts';

type Totals = Schemas['AnalyticsCallTotals'];
type Outcome = Schemas['AnalyticsCallOutcome'];

export interface CallTally {
  totals: Totals;
  outcome: Outcome;
  durations: number[];
  cost: { total: number; billed_seconds: number; charged_calls: number };
}

export function newCallTally(): CallTally {
  return {
    totals: { calls: 0, inbound: 0, outbound: 0, answered: 0, missed: 0, failed: 0, ai_handled: 0, human_handled: 0 },
    outcome: { live: 0, completed: 0, hangup_action: 0, end_call_after_spoken: 0, no_answer: 0, busy: 0, error: 0 },
    durations: [],
    cost: { total: 0, billed_seconds: 0, charged_calls: 0 },
  };
}

/** What a call adds to a tally; `charge` is its telephony charge (null: not charged). */
export interface CountedCall {
  call: CallRecord;
  charge: { amount: number; billed_seconds: number } | null;
}

export function addCall(tally: CallTally, { call, charge }: CountedCall): void {
  const t = tally.totals;
  t.calls++;
  if (call.direction === 'inbound') t.inbound++;
  else t.outbound++;
  if (call.answered_at !== null) {
    t.answered++;
    if (call.forwarded_to === null) t.ai_handled++;
    else t.human_handled++;
  } else if (call.status === 'ended') t.missed++;
  if (call.status === 'failed') t.failed++;
  if (call.status === 'ended' || call.status === 'failed') tally.outcome[call.end_reason ?? (call.status === 'failed' ? 'error' : 'completed')]++;
  else tally.outcome.live++;
  if (call.status === 'ended' && call.answered_at !== null && call.duration_seconds !== null) tally.durations.push(call.duration_seconds);
  if (charge) {
    tally.cost.total += charge.amount;
    tally.cost.billed_seconds += charge.billed_seconds;
    tally.cost.charged_calls++;
  }
}

export function durationSeconds(durations: readonly number[]): Schemas['AnalyticsDurationSeconds'] {
  if (durations.length === 0) return { total: 0, average: null, max: null };
  const total = durations.reduce((sum, d) => sum + d, 0);
  return { total, average: Math.round(total / durations.length), max: Math.max(...durations) };
}

export function callCost(tally: CallTally): Schemas['AnalyticsCallCost'] {
  const { total, billed_seconds, charged_calls } = tally.cost;
  return { currency: 'USD', total: Math.round(total * 10_000) / 10_000, billed_seconds, charged_calls };
}

/** The rate of a destination: the longest matching prefix of the rate table. */
function rateOf(e164: string): RateItem | undefined {
  const digits = e164.replace(/^\+/, '');
  let best: RateItem | undefined;
  for (const rate of allRates()) {
    if (digits.startsWith(rate.destination_prefix) && (!best || rate.destination_prefix.length > best.destination_prefix.length)) best = rate;
  }
  return best;
}

/**
 * The charge of one call, or null when it is not charged: only an ended, answered outbound call
 * placed from one of the service's numbers (`external`: a customer's own SIP trunk is not billed).
 * Its duration is rounded up to the rate's billing increment, and is at least the minimum duration.
 */
export function chargeOf(call: CallRecord, external: boolean, rates: Map<string, RateItem | undefined>): CountedCall['charge'] {
  if (external || call.direction !== 'outbound' || call.status !== 'ended' || call.answered_at === null || !call.duration_seconds) return null;
  if (!rates.has(call.to)) rates.set(call.to, rateOf(call.to));
  const rate = rates.get(call.to);
  if (!rate) return null;
  const increment = Math.max(1, rate.billing_increment_seconds);
  const billed = Math.max(rate.min_duration_seconds, Math.ceil(call.duration_seconds / increment) * increment);
  return { amount: (billed / 60) * rate.price.amount, billed_seconds: billed };
}
