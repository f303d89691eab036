// Runs the coaching agent model. Coaching agents cannot be deleted, so it needs full mode. Each
// fast-check run starts from the workspace's coaching agents as listed (their count and default).
// A fixed sequence first makes every run exercise the default rule whatever fast-check draws: two
// creates, set-default of the second, a read of the first; then an update of the second that sends
// one setting (its tone, set at create, must stay) and a read of it; then the published `is_default`:
// a create with true takes the default, an update with false keeps it where it is, an update with
// true moves it, and a read. Afterwards the workspace's original default, if it had one, is made the
// default again.
import { inconclusive, requireRule } from '../../record/rule.ts';
import { suite } from '../../suite/context.ts';
import { type Real, runModel, runScenario, runSteps } from '../model-kit.ts';
import { listAllCoaches } from './coach-list.ts';
import { coachingCommands } from './commands.ts';
import { CreateCoachingAgentCommand } from './create-coaching-agent.ts';
import { CoachingModel, ONE_DEFAULT_COACH } from './model.ts';
import { ReadCoachingAgentCommand } from './read-coaching-agent.ts';
import { SetDefaultCoachingAgentCommand } from './set-default-coaching-agent.ts';
import { UpdateCoachingAgentCommand } from './update-coaching-agent.ts';

/** A model of the workspace as it is now; undefined (the rule inconclusive) when the list cannot be read. */
async function currentModel(real: Real): Promise<CoachingModel | undefined> {
  const list = await listAllCoaches(real);
  if ('reason' in list) {
    inconclusive(ONE_DEFAULT_COACH, 'listCoachingAgents', list.reason, list.answer);
    return undefined;
  }
  const defaults = list.items.filter((c) => c.is_default);
  if (list.items.length > 0) {
    requireRule(
      ONE_DEFAULT_COACH,
      'listCoachingAgents',
      defaults.length === 1 ? true : { message: `before the run, ${list.items.length} coaching agent(s) with ${defaults.length} default(s)`, part: 'documented' },
      list.answer,
    );
  }
  return new CoachingModel(list.items.length, defaults[0]?.uuid);
}

async function fixedScenario(real: Real): Promise<void> {
  const model = await currentModel(real);
  if (!model) return;
  await runSteps(model, real, [new CreateCoachingAgentCommand({}), new CreateCoachingAgentCommand({ coaching_tone: 'direct' }), new SetDefaultCoachingAgentCommand(1), new ReadCoachingAgentCommand(0)]);
  await runSteps(model, real, [new UpdateCoachingAgentCommand(1, { auto_trigger_threshold: 45 }, false), new ReadCoachingAgentCommand(1)]);
  await runSteps(model, real, [
    new CreateCoachingAgentCommand({ language: 'English' }, true),
    new UpdateCoachingAgentCommand(2, {}, false, false),
    new UpdateCoachingAgentCommand(0, {}, false, true),
    new ReadCoachingAgentCommand(2),
  ]);
}

export async function runCoachingModel(name: string): Promise<void> {
  const { client, target } = suite();
  const real: Real = { client, tokens: [target.workspaceToken] };
  const before = await listAllCoaches(real);
  const originalDefault = 'items' in before ? before.items.find((c) => c.is_default)?.uuid : undefined;
  try {
    await runScenario(() => fixedScenario(real));
    await runModel(name, real, { commands: coachingCommands(), model: () => currentModel(real) });
  } finally {
    if (originalDefault) await client.send({ op: client.op('setDefaultCoachingAgent'), pathParams: { uuid: originalDefault } });
  }
}
