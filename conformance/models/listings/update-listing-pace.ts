// PUT /api/v1/listings/{uuid}/pace (capability "listing report and pace"; shape inferred). A live
// listing with work left: 200 with the new pace. A Completed one: 409 (inferred); a 409 while the
// model last saw it Active is right only if a read now shows it Completed (statuses only move
// forward). A deleted listing: 404.
import { recordRule } from '../../record/rule.ts';
import { describeAnswer, isSuccess } from '../../rules/verdicts.ts';
import type { Real } from '../model-kit.ts';
import { requireGone } from './gone.ts';
import { OneListingCommand } from './listing-command.ts';
import { LISTING_STATE, type ListingRecord, type ListingsModel, listingOf } from './model.ts';
import { observeListing } from './observe-listing.ts';

export class UpdateListingPaceCommand extends OneListingCommand {
  readonly perMinute: number;

  constructor(pick: number, perMinute: number) {
    super(pick);
    this.perMinute = perMinute;
  }

  protected async actOn(record: ListingRecord, _model: ListingsModel, real: Real): Promise<void> {
    const op = real.client.op('updateListingPace');
    const answer = await real.client.send({ op, pathParams: { uuid: record.uuid }, json: { per_minute: this.perMinute } });
    if (record.deleted) return requireGone(op, answer, `changing the pace of deleted listing ${record.uuid}`);
    const status = answer.response?.status;
    const view = listingOf(answer);
    if (isSuccess(answer) && view) {
      recordRule(LISTING_STATE, op.operationId, record.status === 'Completed' ? { message: `the pace of a Completed listing changed (${describeAnswer(answer)}); expected 409`, part: 'inferred' } : true, answer);
      record.pace = this.perMinute;
      observeListing(record, { status: view.status, perMinute: view.pace?.per_minute, contacts: view.counts?.contacts }, answer, op.operationId);
      return;
    }
    if (status !== 409) {
      recordRule(LISTING_STATE, op.operationId, { message: `changing the pace of a ${record.status} listing answered ${describeAnswer(answer)}`, part: 'inferred' }, answer);
      return;
    }
    if (record.status === 'Completed') return;
    const read = await real.client.send({ op: real.client.op('getListing'), pathParams: { uuid: record.uuid } });
    const now = listingOf(read);
    recordRule(
      LISTING_STATE,
      op.operationId,
      now?.status === 'Completed' ? true : { message: `the pace change was refused (409) while the listing is ${now?.status ?? 'unreadable'}`, part: 'inferred' },
      answer,
    );
    if (now?.status === 'Completed') record.status = 'Completed';
  }

  toString(): string {
    return `pace(${this.pick}, ${this.perMinute}/min)`;
  }
}
