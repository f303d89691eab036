// GET /api/v1/listings/{uuid}/report (seed: a listing has "its own pace and report"; shape
// inferred). A live listing: 200 with one task per contact, the totals by state adding up to
// `total`, the status moving forward only and the pace last set. A deleted one: 404.
import { resourceOf } from '../answer-fields.ts';
import { expectResource, type Real } from '../model-kit.ts';
import { requireGone } from './gone.ts';
import { OneListingCommand } from './listing-command.ts';
import { LISTING_STATE, type ListingRecord, type ListingsModel } from './model.ts';
import { observeListing } from './observe-listing.ts';

const TASK_STATES = ['pending', 'in_progress', 'completed', 'failed', 'cancelled'] as const;

interface Report {
  status?: string;
  pace?: { per_minute?: number };
  contacts?: number;
  tasks?: Partial<Record<(typeof TASK_STATES)[number] | 'total', number>>;
}


export class ListingReportCommand extends OneListingCommand {
  protected async actOn(record: ListingRecord, _model: ListingsModel, real: Real): Promise<void> {
    const op = real.client.op('getListingReport');
    const answer = await real.client.send({ op, pathParams: { uuid: record.uuid } });
    if (record.deleted) return requireGone(op, answer, `reading the report of deleted listing ${record.uuid}`);
    const read = resourceOf<Report & { status: string }>(op, answer, ['status', 'tasks']);
    const report = expectResource(LISTING_STATE, op, answer, read, `reading the report of listing ${record.uuid}`, 200);
    if (!report) return;
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
