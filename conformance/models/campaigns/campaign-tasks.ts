// The campaign's tasks in the action log feed (GET /api/v1/logs/actions?type=task from the
// listing's creation, each row read in detail for its campaign: listings/listing-tasks.ts), and
// the invariant of the model: after an update the campaign has exactly the tasks it had before the
// first update, and none of them was cancelled since.
import { hasNextPage } from '../../contract/fields.ts';
import { inconclusive, type RuleCheck, requireRule } from '../../record/rule.ts';
import { describeAnswer, isSuccess } from '../../rules/verdicts.ts';
import { listOf } from '../answer-fields.ts';
import { readTask } from '../listings/listing-tasks.ts';
import type { Real } from '../model-kit.ts';
import { CAMPAIGN_UPDATE_KEEPS_TASKS, CANCELLED, type CampaignModel, type TaskState } from './model.ts';

const PAGES = 5;
const PER_PAGE = 100;
const MARGIN_MS = 5_000;

/** The campaign's task rows (uuid → status), or why they cannot be read. */
export async function campaignTasks(model: CampaignModel, real: Real): Promise<Map<string, TaskState> | string> {
  const op = real.client.op('listActionLogs');
  const created = Date.parse(model.listingCreatedAt);
  if (Number.isNaN(created)) return `the listing's created_at "${model.listingCreatedAt}" is not a date-time`;
  const from = new Date(created - MARGIN_MS).toISOString();
  const tasks = new Map<string, TaskState>();
  for (let page = 1; page <= PAGES; page++) {
    const answer = await real.client.send({ op, query: { type: 'task', from, per_page: String(PER_PAGE), page: String(page) } });
    if (!isSuccess(answer)) return `listing the task rows answered ${describeAnswer(answer)}`;
    const list = listOf<{ uuid: unknown }>(op, answer, ['uuid']);
    if (!list.ok) return list.reason;
    for (const item of list.value.items) {
      if (typeof item.uuid !== 'string') continue;
      const read = await readTask(real, item.uuid);
      if ('reason' in read) return read.reason;
      if (read.detail.campaignUuid === model.campaignUuid) tasks.set(item.uuid, { uuid: item.uuid, status: read.detail.status });
    }
    if (!hasNextPage(list.value, page, PER_PAGE)) break;
  }
  return tasks;
}

/**
 * The invariant after an update: the same tasks as before the first update, none cancelled since.
 * `check` and `operationId` name the rule and the update judged (the campaign update by default;
 * the rule update keeps the campaign's tasks alike).
 */
export async function checkTasksKept(model: CampaignModel, real: Real, check: RuleCheck = CAMPAIGN_UPDATE_KEEPS_TASKS, operationId = 'updateCampaign', what = 'updating campaign'): Promise<void> {
  if (model.tasks.size === 0) return;
  const now = await campaignTasks(model, real);
  if (typeof now === 'string') return inconclusive(check, 'listActionLogs', now);
  const problems: string[] = [];
  for (const [uuid, before] of model.tasks) {
    const after = now.get(uuid);
    if (!after) problems.push(`task ${uuid} is gone`);
    else if (!CANCELLED.has(before.status) && CANCELLED.has(after.status)) problems.push(`task ${uuid} went from ${before.status} to ${after.status}`);
  }
  const added = [...now.keys()].filter((u) => !model.tasks.has(u));
  if (added.length > 0) problems.push(`${added.length} task(s) were added (${added.join(', ')})`);
  requireRule(
    check,
    operationId,
    problems.length === 0 ? true : { message: `after ${what} ${model.campaignUuid}, which had ${model.tasks.size} task(s): ${problems.join('; ')}`, part: 'documented' },
  );
}
