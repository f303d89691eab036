// Finds a listing's campaign tasks in the action log feed (GET /api/v1/logs/actions?type=task,
// rows created since the listing, each read in detail for its `campaign_uuid` and `contact_uuid`)
// and re-reads a known task's row (GET /api/v1/logs/actions/{uuid}).
import type { Answer } from '../../http/client.ts';
import { isSuccess } from '../../rules/verdicts.ts';
import type { Real } from '../model-kit.ts';
import type { ListingRecord, ListingsModel, TaskRecord } from './model.ts';

const PAGES = 5;
const PER_PAGE = 100;
/** The feed's `from` is set this far before the listing's creation (clock skew, second precision). */
const MARGIN_MS = 5_000;

interface TaskDetail {
  uuid?: string;
  status?: string;
  campaign_uuid?: string | null;
  contact_uuid?: string | null;
}

/** A task row in detail; undefined when it cannot be read. */
export async function readTask(real: Real, uuid: string): Promise<{ detail: TaskDetail; answer: Answer } | undefined> {
  const op = real.client.contract.byId.get('getActionLog');
  if (!op) return undefined;
  const answer = await real.client.send({ op, pathParams: { uuid } });
  const detail = (answer.json as { data?: TaskDetail } | undefined)?.data;
  return isSuccess(answer) && detail && typeof detail.status === 'string' ? { detail, answer } : undefined;
}

/** Reads the task rows created since the listing and files those of the model's listings. */
export async function discoverTasks(model: ListingsModel, listing: ListingRecord, real: Real): Promise<void> {
  const op = real.client.contract.byId.get('listActionLogs');
  const created = Date.parse(listing.createdAt);
  if (!op || Number.isNaN(created)) return;
  const from = new Date(created - MARGIN_MS).toISOString();
  for (let page = 1; page <= PAGES; page++) {
    const answer = await real.client.send({ op, query: { type: 'task', from, per_page: String(PER_PAGE), page: String(page) } });
    const items = (answer.json as { data?: { items?: Array<{ uuid?: string }> } } | undefined)?.data?.items;
    if (!isSuccess(answer) || !Array.isArray(items)) return;
    for (const item of items) {
      if (typeof item.uuid !== 'string' || model.seenRows.has(item.uuid)) continue;
      const read = await readTask(real, item.uuid);
      if (!read) continue;
      model.seenRows.add(item.uuid);
      const owner = read.detail.campaign_uuid ? model.byCampaign(read.detail.campaign_uuid) : undefined;
      if (owner) owner.tasks.set(item.uuid, taskRecord(item.uuid, read.detail));
    }
    if (items.length < PER_PAGE) return;
  }
}

export function taskRecord(uuid: string, detail: TaskDetail): TaskRecord {
  return { uuid, contactUuid: typeof detail.contact_uuid === 'string' ? detail.contact_uuid : null, status: detail.status ?? '' };
}
