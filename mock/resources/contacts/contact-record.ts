// What the workspace keeps of contacts beyond uuid, name, phone and email (published API,
// "Contacts": the list item's fields, tags, the blacklist entry; custom contact fields as
// top-level keys), and of contact tags, settings and approvals. `isBlacklisted` is the one test
// every creator of new tasks (listings, campaigns, tasks) applies to a contact.

/** The published and listing-given fields of a contact; an absent one reads as not set. */
export interface ContactProfile {
  surname?: string | null;
  number_type?: 'mobile' | 'landline' | null;
  country_code?: string | null;
  timezone?: string | null;
  primary_language?: string | null;
  preferred_contact_channel?: string | null;
  preferred_contact_time?: string | null;
  company?: string | null;
  city?: string | null;
  lead_source?: string | null;
  notes?: string | null;
  /** The contact's own status (absent: Active); answers show `Blacklisted` over it while blacklisted. */
  status?: 'Active' | 'Inactive';
  /** The contact's pipeline stage (the list's `stage_uuid` filter). */
  stage_uuid?: string | null;
  /** Uuids of the tags it carries, in the order they were attached. */
  tags?: string[];
  /** Values of custom contact fields, by field key. */
  custom_fields?: Record<string, string>;
  blacklist?: ContactBlacklistRecord | null;
  created_at?: Date;
  updated_at?: Date;
}

export interface ContactBlacklistRecord {
  type: 'Phone' | 'Email' | 'Both';
  reason: string;
  is_permanent: boolean;
  /** When a temporary entry ends; null for a permanent one. */
  expires_at: Date | null;
  blacklisted_at: Date;
}

export interface ContactTagRecord {
  id: number;
  uuid: string;
  name: string;
}

export interface ContactSettingRecord {
  key: string;
  enabled: boolean;
  updated_at: Date;
}

export interface ContactApprovalRecord {
  uuid: string;
  contact_uuid: string;
  field_key: string;
  current_value: string | null;
  suggested_value: string;
  conversation_uuid: string | null;
  status: 'pending' | 'approved' | 'rejected';
  created_at: Date;
  decided_at: Date | null;
}

/** Whether the contact is blacklisted at `now`: a permanent entry, or a temporary one not yet ended. */
export function isBlacklisted(contact: ContactProfile, now: Date): boolean {
  const entry = contact.blacklist;
  if (!entry) return false;
  return entry.is_permanent || entry.expires_at === null || entry.expires_at.getTime() > now.getTime();
}
