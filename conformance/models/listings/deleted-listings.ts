// The invariant checked after every step of the listings model (seed "Other statuses": deleting a
// listing "cancels pending campaign tasks"): no task of a listing the suite deleted is pending.
import { inconclusive, requireRule } from '../../record/rule.ts';
import type { Real } from '../model-kit.ts';
import { readTask } from './listing-tasks.ts';
import { type ListingRecord, LISTING_DELETE_CANCELS_TASKS, type ListingsModel, PENDING_STATUSES } from './model.ts';

/** Re-reads the tasks of one deleted listing: none may be pending. */
export async function checkNoPendingTask(listing: ListingRecord, real: Real): Promise<void> {
  for (const task of listing.tasks.values()) {
    const read = await readTask(real, task.uuid);
    if ('reason' in read) {
      inconclusive(LISTING_DELETE_CANCELS_TASKS, 'getActionLog', `task ${task.uuid} of deleted listing ${listing.uuid}: ${read.reason}`, read.answer);
      continue;
    }
    const status = read.detail.status;
    task.status = status;
    requireRule(
      LISTING_DELETE_CANCELS_TASKS,
      'getActionLog',
      PENDING_STATUSES.has(status) ? { message: `task ${task.uuid} of deleted listing ${listing.uuid} is still ${status}`, part: 'documented' } : true,
      read.answer,
    );
  }
}

export async function checkDeletedListings(model: ListingsModel, real: Real): Promise<void> {
  for (const listing of model.listings) if (listing.deleted) await checkNoPendingTask(listing, real);
}
