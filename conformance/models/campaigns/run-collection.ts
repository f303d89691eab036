// Runs the campaign collection model: the collection derived from its declaration
// (collection.ts), then the delete cascade and the rule update on a listing's campaign (cascade.ts).
import { suite } from '../../suite/context.ts';
import { runCollectionModel } from '../collections/run.ts';
import type { Real } from '../model-kit.ts';
import { runCampaignRules } from './cascade.ts';
import { CAMPAIGNS_COLLECTION } from './collection.ts';

export async function runCampaignCollectionModel(): Promise<void> {
  const { client, target } = suite();
  const real: Real = { client, tokens: [target.workspaceToken] };
  await runCollectionModel(CAMPAIGNS_COLLECTION);
  await runCampaignRules(real);
}
