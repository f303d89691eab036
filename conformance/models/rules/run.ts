// Runs the rules model: the collection derived from its declaration with call rules, then with
// text rules, whose answers must show the one-shot values (collection.ts).
import { runCollectionModel } from '../collections/run.ts';
import { RULES_COLLECTION, TEXT_RULES_COLLECTION } from './collection.ts';

export async function runRulesModel(): Promise<void> {
  await runCollectionModel(RULES_COLLECTION);
  await runCollectionModel(TEXT_RULES_COLLECTION);
}
