// DELETE /api/v1/listings/{uuid} (seed "Endpoints"; "Other statuses": "Deleting a listing removes
// the listing campaign, detaches its pool and rule, and cancels pending campaign tasks. Contacts
// are not deleted."). A live listing: 200; then none of its tasks is pending, each of its contacts
// still exists (the action log's contact filter answers 404 only for an unknown contact), and the
// listing, its report and its campaign answer 404. A deleted listing: 404.
import { inconclusive, notApplicable, recordRule, requireRule } from '../../record/rule.ts';
import { expectStatus, isSuccess } from '../../rules/verdicts.ts';
import { fieldOf } from '../answer-fields.ts';
import type { Real } from '../model-kit.ts';
import { checkNoPendingTask } from './deleted-listings.ts';
import { expectGone } from './gone.ts';
import { OneListingCommand } from './listing-command.ts';
import { discoverTasks } from './listing-tasks.ts';
import {
  LISTING_DELETE_CANCELS_TASKS,
  LISTING_DELETE_KEEPS_CONTACTS,
  LISTING_DELETE_REMOVES_CAMPAIGN,
  LISTING_STATE,
  type ListingRecord,
  type ListingsModel,
} from './model.ts';

async function requireContactsKept(listing: ListingRecord, real: Real): Promise<void> {
  const op = real.client.op('listActionLogs');
  const contacts = new Set([...listing.tasks.values()].map((t) => t.contactUuid).filter((c): c is string => c !== null));
  for (const contact of contacts) {
    const answer = await real.client.send({ op, query: { contact, type: 'task', per_page: '1' } });
    requireRule(LISTING_DELETE_KEEPS_CONTACTS, op.operationId, expectStatus(answer, op, `the action log filtered by contact ${contact} of deleted listing ${listing.uuid}`, 200, undefined), answer);
  }
}

export class DeleteListingCommand extends OneListingCommand {
  protected async actOn(record: ListingRecord, model: ListingsModel, real: Real): Promise<void> {
    if (record.deleted) return expectGone(real, 'deleteListing', record.uuid, `deleting listing ${record.uuid} a second time`);
    const op = real.client.op('deleteListing');
    await discoverTasks(model, record, real);
    const answer = await real.client.send({ op, pathParams: { uuid: record.uuid } });
    requireRule(LISTING_DELETE_REMOVES_CAMPAIGN, op.operationId, expectStatus(answer, op, `deleting listing ${record.uuid}`, 200, undefined), answer);
    if (!isSuccess(answer)) return;
    record.deleted = true;
    const cancelled = fieldOf(op, answer, 'cancelled_tasks');
    if (record.tasks.size > 0) {
      if (!cancelled.ok) inconclusive(LISTING_STATE, op.operationId, `deleting listing ${record.uuid}: ${cancelled.reason}`, answer);
      else {
        const count = cancelled.value;
        recordRule(
          LISTING_STATE,
          op.operationId,
          typeof count === 'number' && count <= record.tasks.size ? true : { message: `cancelled_tasks ${JSON.stringify(count)} for a listing with ${record.tasks.size} task(s)`, part: 'inferred' },
          answer,
        );
      }
      await checkNoPendingTask(record, real);
      await requireContactsKept(record, real);
    } else {
      notApplicable(LISTING_DELETE_CANCELS_TASKS, op.operationId, 'no task row of the listing campaign was found in the action log, so cancelled tasks could not be observed');
    }
    await expectGone(real, 'getListing', record.uuid, `reading deleted listing ${record.uuid}`);
    await expectGone(real, 'getListingReport', record.uuid, `reading the report of deleted listing ${record.uuid}`);
    await expectGone(real, 'getCampaign', record.campaignUuid, `reading campaign ${record.campaignUuid} of deleted listing ${record.uuid}`);
  }

  toString(): string {
    return `deleteListing(${this.pick})`;
  }
}
