// Runs the app lifecycle scenario (lifecycle.ts) in full mode: it uploads an app, which runs and
// costs on a deployment, and the contract has no delete, so the app is left stopped afterwards.
import { suite } from '../../suite/context.ts';
import { type Real, runScenario } from '../model-kit.ts';
import { lifecycleScenario, stopLeftovers } from './lifecycle.ts';

export async function runBuildersLifecycle(): Promise<void> {
  const { client, target } = suite();
  const real: Real = { client, tokens: [target.workspaceToken] };
  const created: string[] = [];
  await runScenario(
    () => lifecycleScenario(real, created),
    () => stopLeftovers(real, created),
  );
}
