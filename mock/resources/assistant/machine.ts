// The security settings transition (seed behaviour 3): "Enabling 2FA on a channel without a PIN
// ever having been set fails; the PIN may be set in the same request. Static PIN is the only
// verification method." Only the fields sent change.
import type { AssistantChannelRecord } from './channel-record.ts';

export interface SecurityChange {
  two_factor_enabled?: boolean;
  pin?: string;
  reverify_after_minutes?: number;
}

export type SecurityOutcome = { ok: true; record: AssistantChannelRecord } | { ok: false; reason: 'pin-required' };

/**
 * The settings after `change`, or the refusal. `ignorePinRule` breaks the rule on purpose (the
 * `two-factor-without-pin` fault).
 */
export function applySecurityChange(current: AssistantChannelRecord, change: SecurityChange, now: Date, ignorePinRule = false): SecurityOutcome {
  const pin = change.pin ?? current.pin;
  const enabled = change.two_factor_enabled ?? current.two_factor_enabled;
  if (change.two_factor_enabled === true && pin === null && !ignorePinRule) return { ok: false, reason: 'pin-required' };
  return {
    ok: true,
    record: {
      ...current,
      two_factor_enabled: enabled,
      pin,
      reverify_after_minutes: change.reverify_after_minutes ?? current.reverify_after_minutes,
      updated_at: now,
    },
  };
}
