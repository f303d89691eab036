// Runs the tasks model: the collection derived from its declaration (collection.ts), then the state
// machine's scenarios (checks.ts). It creates tasks, and the queue scenario makes a call to the
// target's own phone: full mode only.
import { suite } from '../../suite/context.ts';
import { runCollectionModel } from '../collections/run.ts';
import { type Real, runScenario } from '../model-kit.ts';
import { checkCancelUnfinished, checkQueuedRuns, checkRetryOnlyFailed } from './checks.ts';
import { TASKS_COLLECTION } from './collection.ts';

export async function runTasksModel(): Promise<void> {
  const { client, target } = suite();
  const real: Real = { client, tokens: [target.workspaceToken] };
  await runCollectionModel(TASKS_COLLECTION);
  await runScenario(() => checkRetryOnlyFailed(real));
  await runScenario(() => checkCancelUnfinished(real));
  await runScenario(() => checkQueuedRuns(real));
}
