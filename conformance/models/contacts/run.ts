// Runs the contacts model: the collection derived from its declaration (collection.ts), then the
// contacts rules' scenarios (checks.ts). The listing scenarios run where a listing may be created.
import { recorder } from '../../record/recorder.ts';
import { suite } from '../../suite/context.ts';
import { runCollectionModel } from '../collections/run.ts';
import { type Real, runScenario } from '../model-kit.ts';
import { checkBlacklist, checkCustomFields, checkListTotals, checkMatching, listingsUnavailable } from './checks.ts';
import { CONTACTS_COLLECTION } from './collection.ts';

export async function runContactsModel(): Promise<void> {
  const { client, target } = suite();
  const real: Real = { client, tokens: [target.workspaceToken] };
  await runCollectionModel(CONTACTS_COLLECTION);
  await runScenario(() => checkCustomFields(real));
  await runScenario(() => checkListTotals(real));
  const why = listingsUnavailable();
  if (why) return void recorder.note('model contacts', why);
  await runScenario(() => checkMatching(real));
  await runScenario(() => checkBlacklist(real));
}
