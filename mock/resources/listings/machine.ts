// A listing's lifecycle as pure functions (contract, POST /api/v1/listings: status `Importing`
// while contacts are attached, then `Active` while tasks wait or run or while it has had none (an
// empty listing waits for contacts), and `Completed` once it had tasks and none is pending or in
// progress; with `auto_start: false`, `Draft` after the import until the campaign
// update sets it `Active`; PUT .../pace: 409 once `Completed` or `Archived`). The listing campaign
// follows this while its status is one the listing sets; a status a client set by the campaign
// update (`Draft`, `Archived`, ...) stays, and seed behaviour 2 holds: a campaign update never
// rebuilds tasks already scheduled.
import { type ApiError, errors } from '../../pipeline/api-error.ts';
import type { ListingPace, ListingRecord } from './records.ts';
import type { TaskStatus } from './task-machine.ts';

/** Contacts are attached for this long after the create; the first task starts then. */
export const IMPORT_MS = 2_000;

/** Statuses the listing itself moves on as its tasks progress. */
const AUTOMATIC = new Set(['Importing', 'Active']);

export interface ListingProgress {
  /** Whether the listing's tasks were queued (auto_start, or its campaign set Active since). */
  started: boolean;
  importDoneAt: Date;
  counts: Record<TaskStatus, number>;
  /** When the last task ended or was cancelled; null when none did. */
  lastEndAt: Date | null;
}

/** The listing campaign's status at `now`, and since when it holds (for `updated_at`). */
export function listingStatusAt(current: string, progress: ListingProgress, now: Date): { status: string; since: Date | null } {
  if (!AUTOMATIC.has(current)) return { status: current, since: null };
  if (now.getTime() < progress.importDoneAt.getTime()) return { status: 'Importing', since: null };
  if (!progress.started) return { status: 'Draft', since: progress.importDoneAt };
  const { pending, in_progress, completed, failed, cancelled } = progress.counts;
  const total = pending + in_progress + completed + failed + cancelled;
  if (total === 0 || pending + in_progress > 0) return { status: 'Active', since: progress.importDoneAt };
  const end = progress.lastEndAt && progress.lastEndAt > progress.importDoneAt ? progress.lastEndAt : progress.importDoneAt;
  return { status: 'Completed', since: end };
}

/** Pace change event: the listing takes the new pace, refused once it has no pending work left. */
export function changePace(listing: ListingRecord, status: string, pace: ListingPace, now: Date): ListingRecord | ApiError {
  if (status === 'Completed' || status === 'Archived') {
    return errors.conflict('Listing has no pending work', `The listing campaign is ${status}; its pace can no longer change.`);
  }
  return { ...listing, pace: { per_minute: pace.per_minute }, updated_at: now };
}
