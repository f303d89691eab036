// The shape of every listings command: its own request and prediction, then the model's invariant
// (no task of a deleted listing pending) read back from the action log after the step.
import type fc from 'fast-check';
import type { Real } from '../model-kit.ts';
import { checkDeletedListings } from './deleted-listings.ts';
import type { ListingsModel } from './model.ts';

export abstract class ListingCommand implements fc.AsyncCommand<ListingsModel, Real> {
  abstract check(model: Readonly<ListingsModel>): boolean;
  protected abstract act(model: ListingsModel, real: Real): Promise<void>;
  abstract toString(): string;

  async run(model: ListingsModel, real: Real): Promise<void> {
    await this.act(model, real);
    await checkDeletedListings(model, real);
  }
}
