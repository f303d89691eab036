// GET /api/v1/listings/{uuid} (capability "reading a campaign and a listing"; shape inferred).
// A live listing: 200 with its status moving forward only, its pace and contacts. A deleted one:
// 404 (seed "Other statuses": the delete removes the listing campaign).
import { expectResource, type Real } from '../model-kit.ts';
import { requireGone } from './gone.ts';
import { OneListingCommand } from './listing-command.ts';
import { LISTING_STATE, type ListingRecord, type ListingsModel, listingOf } from './model.ts';
import { observeListing } from './observe-listing.ts';

export class ReadListingCommand extends OneListingCommand {
  protected async actOn(record: ListingRecord, _model: ListingsModel, real: Real): Promise<void> {
    const op = real.client.op('getListing');
    const answer = await real.client.send({ op, pathParams: { uuid: record.uuid } });
    if (record.deleted) return requireGone(op, answer, `reading deleted listing ${record.uuid}`);
    const view = expectResource(LISTING_STATE, op, answer, listingOf(op, answer), `reading listing ${record.uuid}`, 200);
    if (view) observeListing(record, { status: view.status, perMinute: view.pace?.per_minute, contacts: view.counts?.contacts }, answer, op.operationId);
  }

  toString(): string {
    return `readListing(${this.pick})`;
  }
}
