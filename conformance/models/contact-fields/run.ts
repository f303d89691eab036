// Runs the contact fields model (full mode: the contract gives no delete, so created fields stay).
// A fixed sequence first reaches every rule whatever fast-check draws: a field created, a second
// one with its key refused, a rename, a key change refused, with both lists read back after each
// step; then fast-check's sequences of those.
import fc from 'fast-check';
import { suite } from '../../suite/context.ts';
import { type Real, runModel, runScenario, runSteps } from '../model-kit.ts';
import { CreateFieldCommand, UpdateFieldCommand } from './commands.ts';
import { ContactFieldsModel } from './model.ts';

export async function runContactFieldsModel(name: string): Promise<void> {
  const { client, target } = suite();
  const real: Real = { client, tokens: [target.workspaceToken] };
  await runScenario(() =>
    runSteps(new ContactFieldsModel(), real, [new CreateFieldCommand(undefined), new CreateFieldCommand(0), new UpdateFieldCommand(0, false), new UpdateFieldCommand(0, true)]),
  );
  await runModel(name, real, {
    commands: [
      fc.option(fc.nat({ max: 5 }), { nil: undefined }).map((r) => new CreateFieldCommand(r)),
      fc.tuple(fc.nat({ max: 5 }), fc.boolean()).map(([p, k]) => new UpdateFieldCommand(p, k)),
    ],
    model: () => new ContactFieldsModel(),
  });
}
