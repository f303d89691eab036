// The base classes of the listings commands: each makes its own request and prediction, then the
// model's invariant (no task of a deleted listing pending) is read back from the action log after
// the step. A command on one of the suite's listings (`pick` chooses it) runs once the model has one.
import { ModelCommand, PickCommand } from '../model-command.ts';
import { checkDeletedListings } from './deleted-listings.ts';
import type { ListingRecord, ListingsModel } from './model.ts';

export abstract class ListingCommand extends ModelCommand<ListingsModel> {
  protected override invariant = checkDeletedListings;
}

export abstract class OneListingCommand extends PickCommand<ListingsModel, ListingRecord> {
  protected override invariant = checkDeletedListings;

  protected records(model: Readonly<ListingsModel>): readonly ListingRecord[] {
    return model.listings;
  }
}
