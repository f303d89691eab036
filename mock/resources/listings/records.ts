// The state of a listing (seed: "A listing is a campaign for a list of any number of contacts,
// with its own pace and report") and of the campaign tasks it queues, one per contact. A task's
// progress is not stored: it follows from its start time and the clock (listings/task-machine.ts).
import type { AgentChannel } from '../campaigns/records.ts';

export interface ListingPace {
  per_minute: number;
}

export interface ListingRecord {
  uuid: string;
  campaign_uuid: string;
  pace: ListingPace;
  /** The listing's pool: the distinct contacts it names, in request order. */
  pool: string[];
  contacts_created: number;
  /** Contacts are attached (status `Importing`) until this instant; tasks start after it. */
  import_done_at: Date;
  created_at: Date;
  updated_at: Date;
}

export interface ListingTaskRecord {
  uuid: string;
  listing_uuid: string;
  campaign_uuid: string;
  contact_uuid: string;
  channel: AgentChannel;
  /** The contact's address on the channel; null when it has none (the task then fails). */
  address: string | null;
  /** The task's title and description as the action log shows them. */
  name: string;
  description: string;
  /** When the task starts, at the listing's pace. */
  start_at: Date;
  /** Set when a pending task was cancelled (listing deleted). */
  cancelled_at: Date | null;
  created_at: Date;
}
