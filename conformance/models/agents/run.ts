// Runs the agents model: the agents collection derived from its declaration (collection.ts), then
// the nested-sections, website-job and appointments-replace scenarios (checks.ts). It creates
// agents (which have no delete): full mode only.
import { suite } from '../../suite/context.ts';
import { runCollectionModel } from '../collections/run.ts';
import { type Real, runScenario } from '../model-kit.ts';
import { checkAppointmentsReplace, checkCreateSections, checkWebsiteJob } from './checks.ts';
import { AGENTS_COLLECTION } from './collection.ts';

export async function runAgentsModel(): Promise<void> {
  const { client, target } = suite();
  const real: Real = { client, tokens: [target.workspaceToken] };
  await runCollectionModel(AGENTS_COLLECTION);
  await runScenario(() => checkCreateSections(real));
  await runScenario(() => checkWebsiteJob(real));
  await runScenario(() => checkAppointmentsReplace(real));
}
