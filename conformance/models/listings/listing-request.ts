// The body of a listing create for the models: a `text` (WhatsApp) listing run by the workspace's
// agent with an active template setting (seed "Campaign": "A text campaign cannot publish without
// one"), at a given pace, for contacts the suite may message, as contact objects matched by phone
// number (published API, "Listings"): on the mock the phone numbers of the contract's examples (a
// number that matches no contact creates one), on a real deployment only the QA team's own phone
// (target data `send_to.phone`). It starts at once (`auto_start`, whose default is false) and its
// rule's window is the whole day (`00:00` to `23:59`, published as `HH:MM`), so the published
// default window (09:00 to 18:00) does not hold its tasks back whenever the suite runs.
import { suite } from '../../suite/context.ts';

const PHONE = /^\+?\d{6,15}$/;

/** Contacts a listing may name, at most `max`; undefined when there is nowhere safe to send. */
export function listingContacts(max: number): string[] | undefined {
  const { target, contract } = suite();
  if (!target.isMock) {
    const phone = target.data.send_to?.phone;
    return phone ? [phone] : undefined;
  }
  const examples = contract.byId.get('createListing')?.body?.examples ?? [];
  const phones = new Set<string>();
  for (const example of examples) {
    const contacts = (example as { contacts?: unknown }).contacts;
    if (!Array.isArray(contacts)) continue;
    for (const c of contacts) {
      const phone = (c as { phone_number?: unknown } | null)?.phone_number;
      if (typeof phone === 'string' && PHONE.test(phone)) phones.add(phone);
    }
  }
  const list = [...phones].slice(0, Math.max(1, max));
  return list.length > 0 ? list : undefined;
}

/** The rule window the suite's listings are created with, as sent and as the listing answers it. */
export const LISTING_RULE_WINDOW = { start: '00:00', end: '23:59', startEcho: '00:00:00', endEcho: '23:59:00' } as const;

export interface ListingBody {
  body: Record<string, unknown>;
  /** Distinct contacts named. */
  contacts: number;
}

/** Why a listing cannot be created here, or the body to create it with. */
export function textListingBody(name: string, settingUuid: string, perMinute: number, maxContacts: number): ListingBody | string {
  const { target } = suite();
  const agent = target.data.agent_uuid;
  if (!agent) return 'no agent_uuid in the target data, so no listing is created';
  const contacts = listingContacts(maxContacts);
  if (!contacts) return 'no send_to.phone in the target data, so no listing is created (it would message contacts)';
  return {
    body: {
      name,
      description: 'Created by the conformance suite; deleted again by it',
      campaign_type: 'text',
      agent_uuid: agent,
      contact_template_setting_id: settingUuid,
      contacts: contacts.map((phone) => ({ phone_number: phone })),
      pace: { per_minute: perMinute },
      auto_start: true,
      rule: { start_time: LISTING_RULE_WINDOW.start, end_time: LISTING_RULE_WINDOW.end },
    },
    contacts: contacts.length,
  };
}

let names = 0;
const runTag = Math.random().toString(36).slice(2, 8);

export function freshListingName(): string {
  names++;
  return `Conformance listing ${runTag}-${names}`;
}
