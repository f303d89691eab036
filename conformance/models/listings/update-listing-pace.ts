// PUT /api/v1/listings/{uuid}/pace (capability "listing report and pace"; shape inferred). A live
// listing with work left: 200 with the new pace. A Completed one: 409 (inferred); a 409 while the
// model last saw it Active is right only if a read now shows it Completed (statuses only move
// forward). A deleted listing: 404.
import { inconclusive, recordRule } from '../../record/rule.ts';
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
    if (isSuccess(answer)) {
      const view = listingOf(op, answer);
      if (!view.ok) return inconclusive(LISTING_STATE, op.operationId, `changing the pace of listing ${record.uuid}: ${view.reason}`, answer);
      recordRule(LISTING_STATE, op.operationId, record.status === 'Completed' ? { message: `the pace of a Completed listing changed (${describeAnswer(answer)}); expected 409`, part: 'inferred' } : true, answer);
      record.pace = this.perMinute;
      observeListing(record, { status: view.value.status, perMinute: view.value.pace?.per_minute, contacts: view.value.counts?.contacts }, answer, op.operationId);
      return;
    }
    if (status !== 409) {
      recordRule(LISTING_STATE, op.operationId, { message: `changing the pace of a ${record.status} listing answered ${describeAnswer(answer)}`, part: 'inferred' }, answer);
      return;
    }
    if (record.status === 'Completed') return;
    const get = real.client.op('getListing');
    const read = await real.client.send({ op: get, pathParams: { uuid: record.uuid } });
    const now = listingOf(get, read);
    if (isSuccess(read) && !now.ok) return inconclusive(LISTING_STATE, get.operationId, `reading listing ${record.uuid} after a refused pace change: ${now.reason}`, read);
    const nowStatus = now.ok ? now.value.status : undefined;
    recordRule(
      LISTING_STATE,
      op.operationId,
      nowStatus === 'Completed' ? true : { message: `the pace change was refused (409) while the listing is ${nowStatus ?? `unreadable (${describeAnswer(read)})`}`, part: 'inferred' },
      answer,
    );
    if (nowStatus === 'Completed') record.status = 'Completed';
  }

  toString(): string {
    return `pace(${this.pick}, ${this.perMinute}/min)`;
  }
}
