// Runs the pools model: the collection derived from its declaration (collection.ts).
import { runCollectionModel } from '../collections/run.ts';
import { POOLS_COLLECTION } from './collection.ts';

export async function runPoolsModel(): Promise<void> {
  await runCollectionModel(POOLS_COLLECTION);
}
