// Finds a listing's campaign tasks in the action log feed (GET /api/v1/logs/actions?type=task,
// rows created since the listing, each read in detail for its campaign and its contact) and
// re-reads a known task's row (GET /api/v1/logs/actions/task/{uuid}). Every field is read where
// the contract puts it; a feed or a row that lacks one makes the delete rule inconclusive.
import { hasNextPage } from '../../contract/fields.ts';
import type { Answer } from '../../http/client.ts';
import { inconclusive } from '../../record/rule.ts';
import { describeAnswer, isSuccess } from '../../rules/verdicts.ts';
import { fieldOf, listOf, stringOf } from '../answer-fields.ts';
import type { Real } from '../model-kit.ts';
import { LISTING_DELETE_CANCELS_TASKS, type ListingRecord, type ListingsModel, type TaskRecord } from './model.ts';

const PAGES = 5;
const PER_PAGE = 100;
/** The feed's `from` is set this far before the listing's creation (clock skew, second precision). */
const MARGIN_MS = 5_000;

interface TaskDetail {
  status: string;
  campaignUuid: string | null;
  contactUuid: string | null;
}

export type TaskRead = { detail: TaskDetail; answer: Answer } | { reason: string; answer: Answer | undefined };

function uuidOrNull(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/** A task row in detail, or why it cannot be read. */
export async function readTask(real: Real, uuid: string): Promise<TaskRead> {
  const op = real.client.contract.byId.get('getActionLog');
  if (!op) return { reason: 'the contract has no action log detail (getActionLog)', answer: undefined };
  const answer = await real.client.send({ op, pathParams: { type: 'task', uuid } });
  if (!isSuccess(answer)) return { reason: `reading task ${uuid} answered ${describeAnswer(answer)}`, answer };
  const status = stringOf(op, answer, 'status');
  const campaign = fieldOf(op, answer, 'campaign_uuid');
  const contact = fieldOf(op, answer, 'contact.uuid');
  if (!status.ok) return { reason: `reading task ${uuid}: ${status.reason}`, answer };
  if (!campaign.ok) return { reason: `reading task ${uuid}: ${campaign.reason}`, answer };
  if (!contact.ok) return { reason: `reading task ${uuid}: ${contact.reason}`, answer };
  return { detail: { status: status.value, campaignUuid: uuidOrNull(campaign.value), contactUuid: uuidOrNull(contact.value) }, answer };
}

/** Reads the task rows created since the listing and files those of the model's listings. */
export async function discoverTasks(model: ListingsModel, listing: ListingRecord, real: Real): Promise<void> {
  const op = real.client.contract.byId.get('listActionLogs');
  const created = Date.parse(listing.createdAt);
  if (!op) return;
  if (Number.isNaN(created)) return inconclusive(LISTING_DELETE_CANCELS_TASKS, 'createListing', `listing ${listing.uuid} has created_at "${listing.createdAt}", so its tasks cannot be looked up`);
  const from = new Date(created - MARGIN_MS).toISOString();
  for (let page = 1; page <= PAGES; page++) {
    const answer = await real.client.send({ op, query: { type: 'task', from, per_page: String(PER_PAGE), page: String(page) } });
    if (!isSuccess(answer)) return inconclusive(LISTING_DELETE_CANCELS_TASKS, op.operationId, `listing the task rows answered ${describeAnswer(answer)}`, answer);
    const list = listOf<{ uuid: unknown }>(op, answer, ['uuid']);
    if (!list.ok) return inconclusive(LISTING_DELETE_CANCELS_TASKS, op.operationId, list.reason, answer);
    for (const item of list.value.items) {
      if (typeof item.uuid !== 'string' || model.seenRows.has(item.uuid)) continue;
      const read = await readTask(real, item.uuid);
      if ('reason' in read) {
        inconclusive(LISTING_DELETE_CANCELS_TASKS, 'getActionLog', read.reason, read.answer);
        continue;
      }
      model.seenRows.add(item.uuid);
      const owner = read.detail.campaignUuid ? model.byCampaign(read.detail.campaignUuid) : undefined;
      if (owner) owner.tasks.set(item.uuid, taskRecord(item.uuid, read.detail));
    }
    if (!hasNextPage(list.value, page, PER_PAGE)) return;
  }
}

export function taskRecord(uuid: string, detail: TaskDetail): TaskRecord {
  return { uuid, contactUuid: detail.contactUuid, status: detail.status };
}
