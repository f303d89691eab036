// The state of a listing (seed: "A listing is a campaign for a list of any number of contacts,
// with its own pace and report") and of the campaign tasks it queues, one per contact. A task's
// progress is not stored: it follows from its start time and the clock (listings/task-machine.ts).
import type { Schemas } from '../../state/workspace.ts';
import type { AgentChannel } from '../campaigns/records.ts';
import type { TaskDetails } from '../tasks/records.ts';

export interface ListingPace {
  per_minute: number;
}

/** The listing's rule (published API, "Listings": `rule {uuid, name, max_calls_per_day, ...}`). */
export type ListingRule = Schemas['ListingRule'];

/**
 * What a listing's entries said about one contact beyond its name, phone number and email
 * (published API, "Listings": the contact object's fields), the latest value of each kept.
 */
export interface ContactDetails {
  surname?: string;
  timezone?: string;
  country_code?: string;
  primary_language?: string;
  preferred_contact_time?: string;
  preferred_contact_channel?: string;
  company?: string;
  city?: string;
  lead_source?: string;
  notes?: string;
}

export interface ListingRecord {
  uuid: string;
  campaign_uuid: string;
  pace: ListingPace;
  /** Whether the listing starts on its own once imported (else it waits in Draft for the campaign update). */
  auto_start: boolean;
  /** Whether its tasks were queued: at the create with `auto_start`, else when its campaign was set Active. */
  started: boolean;
  /** The listing's pool (a pool of the pools collection): the distinct contacts it names, in the order they joined. Its rule is its campaign's. */
  pool_uuid: string;
  /** Per contact uuid, the details the listing's entries gave for it (absent in states saved before listings kept them). */
  contact_details?: Record<string, ContactDetails>;
  contacts_created: number;
  /** Contacts are attached (status `Importing`) until this instant; tasks start after it. */
  import_done_at: Date;
  created_at: Date;
  updated_at: Date;
}

/**
 * A task: one a listing queued for its campaign (listing_uuid set), or one created through
 * POST /api/v1/tasks (listing_uuid null, `details` set). Both are listed by GET /api/v1/tasks.
 */
export interface ListingTaskRecord {
  uuid: string;
  /** The listing that queued it; null for a task created through the tasks API. */
  listing_uuid: string | null;
  /** Its campaign; null for a task created without one. */
  campaign_uuid: string | null;
  contact_uuid: string;
  channel: AgentChannel;
  /** The contact's address on the channel; null when it has none (the task then fails). */
  address: string | null;
  /** The task's title and description as the action log shows them. */
  name: string;
  description: string;
  /** When the task starts, at the listing's pace. */
  start_at: Date;
  /**
   * When the task is cancelled: a pending task cancelled by a listing delete or a contact removal
   * (then), or one that could not start by the listing's end date (that instant, maybe still ahead).
   */
  cancelled_at: Date | null;
  created_at: Date;
  /** Its priority 1..10 once set through the tasks API (absent: 5). */
  priority?: number;
  /** When the tasks API last changed it (absent: never). */
  updated_at?: Date;
  /** What a task created through the tasks API carries and how it ran (tasks/records.ts). */
  details?: TaskDetails;
}
