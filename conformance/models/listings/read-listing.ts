// GET /api/v1/listings/{uuid} (capability "reading a campaign and a listing"; shape inferred).
// A live listing: 200 with its status moving forward only, its pace and contacts. A deleted one:
// 404 (seed "Other statuses": the delete removes the listing campaign).
import { recordRule } from '../../record/rule.ts';
import { expectStatus, isSuccess } from '../../rules/verdicts.ts';
import type { Real } from '../model-kit.ts';
import { requireGone } from './gone.ts';
import { ListingCommand } from './listing-command.ts';
import { LISTING_STATE, type ListingsModel, listingOf } from './model.ts';
import { observeListing } from './observe-listing.ts';

export class ReadListingCommand extends ListingCommand {
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
    const op = real.client.op('getListing');
    const answer = await real.client.send({ op, pathParams: { uuid: record.uuid } });
    if (record.deleted) return requireGone(op, answer, `reading deleted listing ${record.uuid}`);
    const view = listingOf(answer);
    if (!isSuccess(answer) || !view) {
      recordRule(LISTING_STATE, op.operationId, expectStatus(answer, op, `reading listing ${record.uuid}`, 200, undefined, 'inferred'), answer);
      return;
    }
    observeListing(record, { status: view.status, perMinute: view.pace?.per_minute, contacts: view.counts?.contacts }, answer, op.operationId);
  }

  toString(): string {
    return `readListing(${this.pick})`;
  }
}
