// Runs the agent parts model on the workspace's first listed agent: first a fixed scenario that
// adds, updates (steps kept, then replaced), replaces and deletes each kind once, then command
// sequences of those over the four kinds (commands.ts), each starting from the parts the agent
// has; after each the agent's parts are written back as they were (new uuids).
import fc from 'fast-check';
import { suite } from '../../suite/context.ts';
import { type Real, runModel, runScenario, runSteps } from '../model-kit.ts';
import { AddPart, DeletePart, type PartsModel, ReplaceParts, readAgent, UpdatePart } from './commands.ts';
import { PART_KINDS, type PartField } from './kinds.ts';

/** The model's part: its uuid and what it shows (every field but the uuid). */
function modelPart(shown: Record<string, unknown> & { uuid: string }): { uuid: string; expected: Record<string, unknown> } {
  const { uuid, ...expected } = shown;
  return { uuid, expected };
}

export async function runAgentPartsModel(): Promise<void> {
  const { client, target } = suite();
  const real: Real = { client, tokens: [target.workspaceToken] };
  const listed = await client.send({ op: client.op('listAgents') });
  const first = (listed.json as { data?: { items?: Array<{ agent_uuid?: string }> } } | undefined)?.data?.items?.[0]?.agent_uuid;
  if (!first) return;
  let original: Awaited<ReturnType<typeof readAgent>>;
  const fresh = async (): Promise<PartsModel | undefined> => {
    original = await readAgent(real, first);
    if (!original) return undefined;
    const parts = Object.fromEntries(PART_KINDS.map((k) => [k.field, (original?.[k.field] ?? []).map(modelPart)])) as PartsModel['parts'];
    return { agent: first, parts };
  };
  const restore = async (model: PartsModel): Promise<void> => {
    for (const k of PART_KINDS) {
      const field: PartField = k.field;
      const shown = original?.[field] ?? [];
      await client.send({ op: client.op(k.ops.replace), pathParams: { uuid: model.agent }, json: { [field]: shown.map((p) => k.restore(p)) } });
    }
  };
  const scenario = await fresh();
  if (!scenario) return;
  // The part just added is the last of its kind in the model: pick -1 names the last.
  const steps = PART_KINDS.flatMap((k) => [new AddPart(k), new UpdatePart(k, -1, 0), new UpdatePart(k, -1, 1), new ReplaceParts(k, 2), new DeletePart(k, 0)]);
  await runScenario(
    () => runSteps(scenario, real, steps),
    () => restore(scenario),
  );
  const kind = fc.constantFrom(...PART_KINDS);
  await runModel<PartsModel>('model: agent parts', real, {
    commands: [
      kind.map((k) => new AddPart(k)),
      fc.tuple(kind, fc.integer({ min: 0, max: 2 })).map(([k, n]) => new ReplaceParts(k, n)),
      fc.tuple(kind, fc.nat(), fc.integer({ min: 0, max: 1 })).map(([k, pick, variant]) => new UpdatePart(k, pick, variant)),
      fc.tuple(kind, fc.nat()).map(([k, pick]) => new DeletePart(k, pick)),
    ],
    model: fresh,
    cleanUp: restore,
  });
}
