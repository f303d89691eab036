// Runs the listings model. Listings message their contacts, so it needs full mode; every listing a
// run creates is deleted again at its end (which stops its sending). A fixed sequence first makes
// every run delete a listing with pending tasks whatever fast-check draws: a listing of two
// contacts at one per minute, deleted at once, then read; and one listing of many contacts created
// in one request (bulk-listing.ts).
import { recorder } from '../../record/recorder.ts';
import { suite } from '../../suite/context.ts';
import { deleteLeftovers, type Real, runModel, runScenario, runSteps } from '../model-kit.ts';
import { checkBulkListing } from './bulk-listing.ts';
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

function deleteLive(model: ListingsModel, real: Real): Promise<void> {
  return deleteLeftovers(real, 'deleteListing', model.listings);
}

async function fixedScenario(real: Real): Promise<void> {
  const model = new ListingsModel();
  await runScenario(() => runSteps(model, real, [new CreateListingCommand(1, 2), new DeleteListingCommand(0), new ReadListingCommand(0)]), () => deleteLive(model, real));
}

export async function runListingsModel(name: string): Promise<void> {
  const why = unavailable();
  if (why) {
    recorder.note('model listings', why);
    return;
  }
  const { client, target } = suite();
  const real: Real = { client, tokens: [target.workspaceToken] };
  await fixedScenario(real);
  await runScenario(() => checkBulkListing(real));
  await runModel(name, real, { commands: listingCommands(), model: () => new ListingsModel(), cleanUp: (model) => deleteLive(model, real) });
}
