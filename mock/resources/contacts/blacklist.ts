// The contact blacklist (published API: POST /api/v1/contacts/{uuid}/blacklist: `reason` at least 3
// characters, `type` Phone, Email or Both, `is_permanent`, `expires_at` a date required when the
// entry is not permanent and after today; the answer `{uuid, status: Blacklisted, blacklist}`).
// Inferred: `type` defaults to Both and `is_permanent` to true; a permanent entry has no end; a
// temporary one ends when its date begins in the applied zone; a new entry replaces the old one.
// A blacklisted contact gets no new task (contact-record.ts `isBlacklisted`).
import { DateTime } from 'luxon';
import { errors } from '../../pipeline/api-error.ts';
import type { Contact, Schemas } from '../../state/workspace.ts';
import type { ContactBlacklistRecord } from './contact-record.ts';

type BlacklistInput = Schemas['ContactBlacklistInput'];

export function blacklistEntry(input: BlacklistInput, now: Date, zone: string): ContactBlacklistRecord {
  const permanent = input.is_permanent ?? true;
  let expiresAt: Date | null = null;
  if (!permanent) {
    const date = input.expires_at ?? null;
    if (date === null) throw errors.validation('VALIDATION_ERROR', 'expires_at is required when is_permanent is false.', 'expires_at');
    const today = DateTime.fromJSDate(now, { zone }).toISODate() ?? '';
    if (date <= today) throw errors.validation('VALIDATION_ERROR', `expires_at must be after today (${today}).`, 'expires_at');
    expiresAt = DateTime.fromISO(date, { zone }).startOf('day').toJSDate();
  }
  return { type: input.type ?? 'Both', reason: input.reason, is_permanent: permanent, expires_at: expiresAt, blacklisted_at: now };
}

export function blacklistView(contact: Contact, entry: ContactBlacklistRecord): Schemas['ContactBlacklisted'] {
  return { uuid: contact.uuid, status: 'Blacklisted', blacklist: { ...entry } };
}
