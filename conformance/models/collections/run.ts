// Runs the model derived for a collection (collection-spec.ts, commands.ts): a fixed sequence
// first, so every operation is reached whatever fast-check draws (create two, update one, list,
// delete one, list again), then fast-check's sequences of the same commands. Records a run leaves
// are deleted afterwards when the collection has a delete.
import fc from 'fast-check';
import { suite } from '../../suite/context.ts';
import { type Real, runModel, runScenario, runSteps } from '../model-kit.ts';
import type { CollectionSpec } from './collection-spec.ts';
import { CollectionModel, CreateCommand, DeleteCommand, ListCommand, UpdateCommand } from './commands.ts';

async function cleanUp(model: CollectionModel, real: Real): Promise<void> {
  const { spec } = model;
  if (!spec.ops.remove) return;
  const op = real.client.op(spec.ops.remove);
  for (const record of model.live()) {
    await real.client.send({ op, pathParams: { [spec.idParam ?? 'uuid']: record.id } });
    record.deleted = true;
  }
}

export async function runCollectionModel(spec: CollectionSpec): Promise<void> {
  const { client, target } = suite();
  const real: Real = { client, tokens: [target.workspaceToken] };
  const fixed = new CollectionModel(spec);
  await runScenario(
    () => runSteps(fixed, real, [new CreateCommand(), new CreateCommand(), new UpdateCommand(0), new ListCommand(), new DeleteCommand(1), new ListCommand()]),
    () => cleanUp(fixed, real),
  );
  await runModel(`model: ${spec.noun}s`, real, {
    commands: [
      fc.constant(new CreateCommand()),
      fc.nat({ max: 5 }).map((p) => new UpdateCommand(p)),
      fc.nat({ max: 5 }).map((p) => new DeleteCommand(p)),
      fc.constant(new ListCommand()),
    ],
    model: () => new CollectionModel(spec),
    cleanUp: (model) => cleanUp(model, real),
  });
}
