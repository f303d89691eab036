// Runs the listings model. Listings message their contacts, so it needs full mode; every listing a
// run creates is deleted again at its end (which stops its sending). A fixed sequence first makes
// every run delete a listing with pending tasks whatever fast-check draws: a listing of two
// contacts at one per minute, deleted at once, then read.
import fc from 'fast-check';
import { runProperty } from '../../record/property.ts';
import { recorder } from '../../record/recorder.ts';
import { RuleFailure } from '../../record/rule.ts';
import { suite } from '../../suite/context.ts';
import { type Real, replayPathOf } from '../model-kit.ts';
import { listingCommands } from './commands.ts';
import { CreateListingCommand } from './create-listing.ts';
import { DeleteListingCommand } from './delete-listing.ts';
import { textListingBody } from './listing-request.ts';
import { ListingsModel } from './model.ts';
import { ReadListingCommand } from './read-listing.ts';

/** Why listings cannot be modelled on this target; undefined when they can. */
function unavailable(): string | undefined {
  const setting = suite().target.data.whatsapp_template_setting_uuid;
  if (!setting) return 'no active WhatsApp template setting is known (target data whatsapp_template_setting_uuid), so no text listing is created';
  const plan = textListingBody('probe', setting, 1, 1);
  return typeof plan === 'string' ? plan : undefined;
}

async function deleteLive(model: ListingsModel, real: Real): Promise<void> {
  const op = real.client.op('deleteListing');
  for (const listing of model.listings) {
    if (listing.deleted) continue;
    await real.client.send({ op, pathParams: { uuid: listing.uuid } });
    listing.deleted = true;
  }
}

async function fixedScenario(real: Real): Promise<void> {
  const model = new ListingsModel();
  try {
    for (const step of [new CreateListingCommand(1, 2), new DeleteListingCommand(0), new ReadListingCommand(0)]) {
      if (step.check(model)) await step.run(model, real);
    }
  } catch (error) {
    if (!(error instanceof RuleFailure)) throw error;
  } finally {
    await deleteLive(model, real);
  }
}

export async function runListingsModel(name: string): Promise<void> {
  const why = unavailable();
  if (why) {
    recorder.note('model listings', why);
    return;
  }
  const { client, target, profile } = suite();
  const real: Real = { client, tokens: [target.workspaceToken] };
  await fixedScenario(real);
  const commands = fc.commands(listingCommands(), {
    maxCommands: profile.maxCommands,
    size: '+1',
    ...(target.replay?.commands ? { replayPath: target.replay.commands } : {}),
  });
  await runProperty(
    name,
    commands,
    async (cmds) => {
      const model = new ListingsModel();
      try {
        await fc.asyncModelRun(() => ({ model, real }), cmds);
      } finally {
        await deleteLive(model, real);
      }
    },
    { numRuns: profile.modelRuns, endOnFailure: profile.endOnFailure },
    (cmds) => replayPathOf(cmds),
  );
}
