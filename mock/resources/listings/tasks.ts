// The campaign tasks a listing queues: one per contact of its pool, on the channel its campaign
// type resolves to, started at the listing's pace once the import is done (seed "Action log item":
// "task: a queued action against a contact, such as an outbound call attempt or message send,
// typically spawned by a campaign"). When they start is planned by listings/schedule.ts.
import type { Contact } from '../../state/workspace.ts';
import type { AgentChannel } from '../campaigns/records.ts';
import { newUuid } from '../shared/lookup.ts';
import type { ListingRecord, ListingTaskRecord } from './records.ts';
import type { PlannedStart } from './schedule.ts';

const TITLE: Record<AgentChannel, string> = {
  call: 'Outbound call attempt',
  sms: 'SMS send',
  whatsapp: 'WhatsApp template message send',
  email: 'Email send',
  instagram: 'Instagram message send',
  messenger: 'Messenger message send',
};

const SHORT: Record<AgentChannel, string> = {
  call: 'call',
  sms: 'SMS',
  whatsapp: 'WhatsApp message',
  email: 'email',
  instagram: 'Instagram message',
  messenger: 'Messenger message',
};

/** The contact's address on a channel; null when the contact has none there. */
export function addressOn(contact: Contact, channel: AgentChannel): string | null {
  if (channel === 'email') return contact.email;
  if (channel === 'call' || channel === 'sms' || channel === 'whatsapp') return contact.phone;
  return null;
}

/** One task per contact, starting at the planned starts (in the same order). */
export function queueTasks(listing: ListingRecord, name: string, channel: AgentChannel, contacts: Contact[], starts: PlannedStart[], now: Date): ListingTaskRecord[] {
  // The tasks are created at one instant; the feed orders such rows by uuid, so handing out the
  // uuids in ascending order keeps a listing's tasks already in feed order (cheap to sort).
  const uuids = Array.from({ length: contacts.length }, newUuid).sort();
  return contacts.map((contact, i) => {
    const address = addressOn(contact, channel);
    const planned = starts[i] as PlannedStart;
    return {
      uuid: uuids[i] as string,
      listing_uuid: listing.uuid,
      campaign_uuid: listing.campaign_uuid,
      contact_uuid: contact.uuid,
      channel,
      address,
      name: TITLE[channel],
      description: `Listing ${name}: ${SHORT[channel]} to ${address ?? `${contact.name} (no ${channel} address)`}`,
      start_at: planned.start,
      cancelled_at: planned.cancelledAt,
      created_at: now,
    };
  });
}
