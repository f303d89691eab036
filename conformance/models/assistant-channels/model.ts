// The model of assistant channel security (seed "Assistant channel security"; behaviour 3:
// "Enabling 2FA on a channel without a PIN ever having been set fails; the PIN may be set in the
// same request. Static PIN is the only verification method"; the PIN is a secret). The model keeps,
// per channel of the target member, whether a PIN was ever set and whether 2FA is on, as far as
// the service's answers showed it (undefined until one did), and every PIN the suite sent.
import type { Read } from '../../contract/fields.ts';
import type { SuiteOperation } from '../../contract/operation.ts';
import type { Answer } from '../../http/client.ts';
import type { RuleCheck } from '../../record/rule.ts';
import { resourceOf } from '../answer-fields.ts';

export const TWO_FACTOR_NEEDS_PIN: RuleCheck = {
  name: 'two-factor-needs-pin',
  rule: 'seed behaviour 3: enabling 2FA on a channel without a PIN ever having been set fails; the PIN may be set in the same request, and once set, enabling later is accepted',
};
export const PIN_NEVER_RETURNED: RuleCheck = {
  name: 'pin-never-returned',
  rule: 'seed "Assistant channel security": the static PIN is a secret, so no answer carries it',
};

export const STATIC_PIN_ONLY: RuleCheck = {
  name: 'static-pin-only',
  rule: 'seed behaviour 3: "Static PIN is the only verification method": every saved channel names the static PIN (verification_method static_pin, an inferred field) as its method',
};

export const CHANNELS = ['email', 'whatsapp', 'sms'] as const;
export type Channel = (typeof CHANNELS)[number];

export interface ChannelState {
  /** Whether a PIN was ever set; undefined until an answer showed it. */
  pinSet: boolean | undefined;
  /** Whether 2FA is on; undefined until an answer showed it. */
  enabled: boolean | undefined;
  /** 2FA as the first answer of the run showed it (restored afterwards). */
  enabledAtStart: boolean | undefined;
}

export interface SecurityView {
  two_factor_enabled: boolean;
  pin_set: boolean;
}

export class AssistantChannelsModel {
  readonly email: string;
  readonly channels: Record<Channel, ChannelState>;
  /** Every PIN the suite sent in this run. */
  readonly pins = new Set<string>();

  constructor(email: string) {
    this.email = email;
    const blank = (): ChannelState => ({ pinSet: undefined, enabled: undefined, enabledAtStart: undefined });
    this.channels = { email: blank(), whatsapp: blank(), sms: blank() };
  }

  /** Learns the channel's state from a saved answer. */
  learn(channel: Channel, view: SecurityView): void {
    const state = this.channels[channel];
    state.enabledAtStart ??= view.two_factor_enabled;
    state.pinSet = view.pin_set;
    state.enabled = view.two_factor_enabled;
  }
}

/** The saved settings an answer of `op` carries, where the contract puts them. */
export function securityOf(op: SuiteOperation, answer: Answer): Read<SecurityView> {
  return resourceOf<SecurityView>(op, answer, ['two_factor_enabled', 'pin_set']);
}

/** An 8-digit PIN: no 8-digit run appears in an answer's timestamps or counts by chance. */
export function pinFrom(n: number): string {
  return String(10_000_000 + (n % 90_000_000));
}
