// One member's assistant channel as the state keeps it: the security settings with the secret
// static PIN, and for the email channel the inbox assigned to the member's assistant. The PIN never
// leaves the state: the view says only whether one is set.
import type { Member, Schemas } from '../../state/workspace.ts';

export type AssistantChannelName = Schemas['AssistantChannel'];

export interface AssistantChannelRecord {
  member_uuid: string;
  channel: AssistantChannelName;
  two_factor_enabled: boolean;
  /** The static PIN (secret); null while none was ever set. */
  pin: string | null;
  reverify_after_minutes: number;
  /** The inbox address assigned to the member's assistant (email channel); null when none is. */
  address: string | null;
  updated_at: Date;
}

/** Before the first save: 2FA off, no PIN, re-verification after 60 minutes (the contract's defaults). */
export const DEFAULT_REVERIFY_MINUTES = 60;

export function blankChannel(member: Member, channel: AssistantChannelName, now: Date): AssistantChannelRecord {
  return { member_uuid: member.uuid, channel, two_factor_enabled: false, pin: null, reverify_after_minutes: DEFAULT_REVERIFY_MINUTES, address: null, updated_at: now };
}

export function securityView(record: AssistantChannelRecord, member: Member): Schemas['AssistantChannelSecurity'] {
  return {
    channel: record.channel,
    user_email: member.email,
    two_factor_enabled: record.two_factor_enabled,
    verification_method: 'static_pin',
    pin_set: record.pin !== null,
    reverify_after_minutes: record.reverify_after_minutes,
    updated_at: record.updated_at,
  };
}
