// GET /api/v1/listings/{uuid}/report (seed: a listing has "its own pace and report"; shape
// inferred). A live listing: 200 with one task per contact, the totals by state adding up to
// `total`, the status moving forward only and the pace last set. A deleted one: 404.
import { recordRule } from '../../record/rule.ts';
import { expectStatus, isSuccess } from '../../rules/verdicts.ts';
import type { Real } from '../model-kit.ts';
import { requireGone } from './gone.ts';
import { ListingCommand } from './listing-command.ts';
import { LISTING_STATE, type ListingsModel } from './model.ts';
import { observeListing } from './observe-listing.ts';

const TASK_STATES = ['pending', 'in_progress', 'completed', 'failed', 'cancelled'] as const;

interface Report {
  status?: string;
  pace?: { per_minute?: number };
  contacts?: number;
  tasks?: Partial<Record<(typeof TASK_STATES)[number] | 'total', number>>;
}

export class ListingReportCommand extends ListingCommand {
  readonly pick: number;

  constructor(pick: number) {
    super();
    this.pick = pick;
  }

  check(model: Readonly<ListingsModel>): boolean {
    return model.listings.length > 0;
  }

  protected async act(model: ListingsModel, real: Real): Promise<void> {
    const record = model.pick(this.pick);
    if (!record) return;
    const op = real.client.op('getListingReport');
    const answer = await real.client.send({ op, pathParams: { uuid: record.uuid } });
    if (record.deleted) return requireGone(op, answer, `reading the report of deleted listing ${record.uuid}`);
    const report = (answer.json as { data?: Report } | undefined)?.data;
    if (!isSuccess(answer) || !report || typeof report.status !== 'string') {
      recordRule(LISTING_STATE, op.operationId, expectStatus(answer, op, `reading the report of listing ${record.uuid}`, 200, undefined, 'inferred'), answer);
      return;
    }
    const tasks = report.tasks ?? {};
    const sum = TASK_STATES.reduce((n, s) => n + (tasks[s] ?? 0), 0);
    const extra: string[] = [];
    if (tasks.total !== sum) extra.push(`tasks.total ${tasks.total} is not the sum of the states (${sum})`);
    if (tasks.total !== record.contacts) extra.push(`${tasks.total} tasks for ${record.contacts} contacts (one task per contact)`);
    if ((tasks.cancelled ?? 0) > 0) extra.push(`${tasks.cancelled} task(s) cancelled in a listing that was not deleted`);
    observeListing(record, { status: report.status, perMinute: report.pace?.per_minute, contacts: report.contacts }, answer, op.operationId, extra);
  }

  toString(): string {
    return `listingReport(${this.pick})`;
  }
}
