// Runs the coaching agent model. Coaching agents cannot be deleted, so it needs full mode. Each
// fast-check run starts from the workspace's coaching agents as listed (their count and default).
// A fixed sequence first makes every run exercise the default rule whatever fast-check draws: two
// creates, set-default of the second, a read of the first. Afterwards the workspace's original
// default, if it had one, is made the default again.
import fc from 'fast-check';
import { runProperty } from '../../record/property.ts';
import { RuleFailure, requireRule } from '../../record/rule.ts';
import { suite } from '../../suite/context.ts';
import { type Real, replayPathOf } from '../model-kit.ts';
import { listAllCoaches } from './coach-list.ts';
import { coachingCommands } from './commands.ts';
import { CreateCoachingAgentCommand } from './create-coaching-agent.ts';
import { CoachingModel, ONE_DEFAULT_COACH } from './model.ts';
import { ReadCoachingAgentCommand } from './read-coaching-agent.ts';
import { SetDefaultCoachingAgentCommand } from './set-default-coaching-agent.ts';

/** A model of the workspace as it is now; undefined when the list cannot be read. */
async function currentModel(real: Real): Promise<CoachingModel | undefined> {
  const list = await listAllCoaches(real);
  if (!list) return undefined;
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
  const steps = [new CreateCoachingAgentCommand({}), new CreateCoachingAgentCommand({ coaching_tone: 'direct' }), new SetDefaultCoachingAgentCommand(1), new ReadCoachingAgentCommand(0)];
  for (const step of steps) {
    if (step.check(model)) await step.run(model, real);
  }
}

export async function runCoachingModel(name: string): Promise<void> {
  const { client, target, profile } = suite();
  const real: Real = { client, tokens: [target.workspaceToken] };
  const before = await listAllCoaches(real);
  const originalDefault = before?.items.find((c) => c.is_default)?.uuid;
  try {
    try {
      await fixedScenario(real);
    } catch (error) {
      if (!(error instanceof RuleFailure)) throw error;
    }
    const commands = fc.commands(coachingCommands(), {
      maxCommands: profile.maxCommands,
      size: '+1',
      ...(target.replay?.commands ? { replayPath: target.replay.commands } : {}),
    });
    await runProperty(
      name,
      commands,
      async (cmds) => {
        const model = await currentModel(real);
        if (!model) return;
        await fc.asyncModelRun(() => ({ model, real }), cmds);
      },
      { numRuns: profile.modelRuns, endOnFailure: profile.endOnFailure },
      (cmds) => replayPathOf(cmds),
    );
  } finally {
    if (originalDefault) await client.send({ op: client.op('setDefaultCoachingAgent'), pathParams: { uuid: originalDefault } });
  }
}
