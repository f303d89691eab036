// The commands of the listings model, as fast-check arbitraries: create (a slow pace, so tasks
// stay pending for a while), read, report, pace and delete. Each is followed by the invariant that
// no task of a deleted listing is pending.
import fc from 'fast-check';
import type { Real } from '../model-kit.ts';
import { CreateListingCommand } from './create-listing.ts';
import { DeleteListingCommand } from './delete-listing.ts';
import { ListingReportCommand } from './listing-report.ts';
import type { ListingsModel } from './model.ts';
import { ReadListingCommand } from './read-listing.ts';
import { UpdateListingPaceCommand } from './update-listing-pace.ts';

export type ListingsCommand = fc.AsyncCommand<ListingsModel, Real>;

export function listingCommands(): Array<fc.Arbitrary<ListingsCommand>> {
  const pick = fc.nat({ max: 20 });
  const pace = fc.integer({ min: 1, max: 5 });
  return [
    fc.tuple(pace, fc.integer({ min: 1, max: 2 })).map(([p, n]) => new CreateListingCommand(p, n)),
    pick.map((p) => new ReadListingCommand(p)),
    pick.map((p) => new ListingReportCommand(p)),
    fc.tuple(pick, fc.integer({ min: 1, max: 120 })).map(([p, n]) => new UpdateListingPaceCommand(p, n)),
    pick.map((p) => new DeleteListingCommand(p)),
  ];
}
