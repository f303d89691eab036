// Runs the builder agent model. Conversations cannot be deleted and deployed apps accrue cost, so
// it needs full mode. A fixed sequence first makes every run try a rebuild while one is
// processing whatever fast-check draws: a conversation is driven to deployed or failed (answering
// and approving on the way when the service asks), answered once finished (refused), rebuilt, and
// rebuilt again at once; then a second conversation is created and the conversations are listed
// once, so the list rule (newest first) is exercised in every run; the files of the first app
// deployed are listed without a path and at the root. When the model is done, the apps its
// conversations deployed are stopped.
import { suite } from '../../suite/context.ts';
import { type Real, runModel, runScenario } from '../model-kit.ts';
import { AnswerBuilderAgentCommand } from './answer-builder-agent.ts';
import { checkFilesDefaultRoot } from './app-files.ts';
import { ApproveBuilderAgentCommand } from './approve-builder-agent.ts';
import { builderAgentCommands } from './commands.ts';
import { CreateBuilderAgentCommand } from './create-builder-agent.ts';
import { ListBuilderAgentsCommand } from './list-builder-agents.ts';
import { BuilderAgentModel } from './model.ts';
import { pollSettled } from './poll.ts';
import { RebuildBuilderAgentCommand } from './rebuild-builder-agent.ts';

const DRIVE_ROUNDS = 4;

async function fixedScenario(real: Real, apps: Set<string>): Promise<void> {
  const model = new BuilderAgentModel(apps);
  await driveAndRebuild(model, real);
  const [app] = apps;
  if (app) await checkFilesDefaultRoot(real, app);
  await new CreateBuilderAgentCommand('gathering', 100, true).run(model, real);
  await new ListBuilderAgentsCommand(undefined).run(model, real);
}

async function driveAndRebuild(model: BuilderAgentModel, real: Real): Promise<void> {
  await new CreateBuilderAgentCommand('deployed', 200, false).run(model, real);
  const record = model.conversations[0];
  if (!record) return;
  for (let round = 0; round < DRIVE_ROUNDS; round++) {
    await pollSettled(model, record, real);
    if (record.status === 'gathering') await new AnswerBuilderAgentCommand(0, 'deployed', 200).run(model, real);
    else if (record.status === 'awaiting_approval') await new ApproveBuilderAgentCommand(0).run(model, real);
    else break;
  }
  if (record.status !== 'deployed' && record.status !== 'failed') return;
  // "The answers operation rejects a finished conversation."
  await new AnswerBuilderAgentCommand(0, 'deployed', 200).run(model, real);
  await new RebuildBuilderAgentCommand(0, 'deployed', 2500, false).run(model, real);
  await new RebuildBuilderAgentCommand(0, 'deployed', 300, true).run(model, real);
  await pollSettled(model, record, real);
}

async function stopApps(real: Real, apps: Set<string>): Promise<void> {
  const stop = real.client.contract.byId.get('stopBuilder');
  if (!stop) return;
  for (const uuid of apps) await real.client.send({ op: stop, pathParams: { uuid } });
}

export async function runBuilderAgentModel(name: string): Promise<void> {
  const { client, target } = suite();
  const real: Real = { client, tokens: [target.workspaceToken] };
  const apps = new Set<string>();
  try {
    await runScenario(() => fixedScenario(real, apps));
    await runModel(name, real, { commands: builderAgentCommands(), model: () => new BuilderAgentModel(apps), shrinkBudget: true });
  } finally {
    await stopApps(real, apps);
  }
}
