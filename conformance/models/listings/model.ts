// The model of listings (seed: "A listing is a campaign for a list of any number of contacts, with
// its own pace and report"; "Other statuses": "Deleting a listing removes the listing campaign,
// detaches its pool and rule, and cancels pending campaign tasks. Contacts are not deleted."). The
// model keeps the listings the suite created, the status, pace and contact count it expects, and
// the campaign tasks it found for each in the action log feed (seed "Action log item": a task is
// "a queued action against a contact ... typically spawned by a campaign").
import type { Read } from '../../contract/fields.ts';
import type { SuiteOperation } from '../../contract/operation.ts';
import type { Answer } from '../../http/client.ts';
import type { RuleCheck } from '../../record/rule.ts';
import { resourceOf } from '../answer-fields.ts';

export const LISTING_DELETE_CANCELS_TASKS: RuleCheck = {
  name: 'listing-delete-cancels-tasks',
  rule: 'seed "Other statuses": deleting a listing cancels pending campaign tasks, so no task of a deleted listing is left pending',
};
export const LISTING_DELETE_REMOVES_CAMPAIGN: RuleCheck = {
  name: 'listing-delete-removes-campaign',
  rule: 'seed "Other statuses": deleting a listing removes the listing campaign (the listing, its report and its campaign are gone)',
};
export const LISTING_DELETE_KEEPS_CONTACTS: RuleCheck = {
  name: 'listing-delete-keeps-contacts',
  rule: 'seed "Other statuses": contacts are not deleted with a listing (the action log contact filter, 404 only for an unknown contact, still finds them)',
};
export const LISTING_STATE: RuleCheck = {
  name: 'listing-state',
  rule: 'contract (inferred): a listing is Importing, then Active while tasks run, then Completed; it keeps its pace, contacts and rule (times sent as HH:MM answered as HH:MM:SS); its report totals its tasks',
};

/** Task statuses that mean "not started yet" (the feed's status set is open, seed "Values depend on type"). */
export const PENDING_STATUSES: ReadonlySet<string> = new Set(['pending', 'queued', 'scheduled', 'waiting']);

/** The listing statuses in the order the contract gives them. */
export const STATUS_ORDER = ['Importing', 'Active', 'Completed'] as const;

export interface TaskRecord {
  uuid: string;
  contactUuid: string | null;
  /** The status last read. */
  status: string;
}

export interface ListingRecord {
  uuid: string;
  campaignUuid: string;
  createdAt: string;
  contacts: number;
  pace: number;
  status: string;
  deleted: boolean;
  tasks: Map<string, TaskRecord>;
}

export interface ListingView {
  uuid: string;
  campaign_uuid: string;
  status: string;
  pace?: { per_minute?: number };
  counts?: { contacts?: number };
  rule?: { start_time?: unknown; end_time?: unknown };
  created_at: string;
}

export class ListingsModel {
  readonly listings: ListingRecord[] = [];
  /** Action log rows already read in detail (each belongs to at most one listing). */
  readonly seenRows = new Set<string>();

  byCampaign(campaignUuid: string): ListingRecord | undefined {
    return this.listings.find((l) => l.campaignUuid === campaignUuid);
  }
}

/** The listing an answer of `op` carries, with the fields the model needs (and `more`), where the contract puts them. */
export function listingOf(op: SuiteOperation, answer: Answer, more: readonly string[] = []): Read<ListingView> {
  return resourceOf<ListingView>(op, answer, ['uuid', 'campaign_uuid', 'status', ...more]);
}

/** Whether `next` may follow `previous` (Importing → Active → Completed, never back). */
export function statusMayFollow(previous: string, next: string): boolean {
  const a = STATUS_ORDER.indexOf(previous as (typeof STATUS_ORDER)[number]);
  const b = STATUS_ORDER.indexOf(next as (typeof STATUS_ORDER)[number]);
  return a !== -1 && b !== -1 && b >= a;
}
