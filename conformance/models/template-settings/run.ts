// Runs the template settings model. Settings are created and deleted again, so it runs from safe
// mode on; the listings that make a campaign reference a setting message contacts, so they join
// only in full mode. Every setting and listing a run creates is deleted at its end. A fixed
// sequence first (full mode) makes every run meet both sides of the rule whatever fast-check
// draws: a setting referenced by an Importing listing campaign cannot be deleted, and can once the
// listing is deleted, or once a quick listing has completed. On the way it lists with the status
// filter the created setting does not have, deletes the deleted setting again (404), creates a new
// setting on the deleted one's template (still there) and creates one with no status (active).
import { recorder } from '../../record/recorder.ts';
import { inconclusive } from '../../record/rule.ts';
import { allowedIn } from '../../run/modes.ts';
import { suite } from '../../suite/context.ts';
import { textListingBody } from '../listings/listing-request.ts';
import { deleteLeftovers, type Real, runModel, runScenario, runSteps } from '../model-kit.ts';
import { AwaitListingCommand } from './await-listing.ts';
import { type TemplateSettingsCommand, templateSettingsCommands } from './commands.ts';
import { CreateBlockingListingCommand } from './create-blocking-listing.ts';
import { CreateSettingCommand } from './create-setting.ts';
import { DeleteBlockingListingCommand } from './delete-blocking-listing.ts';
import { DeleteSettingCommand } from './delete-setting.ts';
import { ListSettingsCommand, type SettingsFilter } from './list-settings.ts';
import { TEMPLATE_SETTING_DELETE_BLOCKED, type TemplateRef, TemplateSettingsModel } from './model.ts';
import { settingsPage, templatesOf } from './settings-page.ts';
import { TemplateKeptCommand } from './template-kept.ts';

/** The inactive settings of the first template: the active setting just created must not be among them. */
const INACTIVE_OF_FIRST: SettingsFilter = { template: 0, waba: false, status: 'inactive' };

async function cleanUp(model: TemplateSettingsModel, real: Real): Promise<void> {
  await deleteLeftovers(real, 'deleteListing', model.listings);
  await deleteLeftovers(real, 'deleteWhatsappTemplateSetting', model.settings);
}

/** One fixed scenario on a fresh model, cleaned up after. */
function scenario(model: TemplateSettingsModel, real: Real, steps: TemplateSettingsCommand[]): Promise<void> {
  return runScenario(() => runSteps(model, real, steps), () => cleanUp(model, real));
}

async function fixedScenario(real: Real, templates: TemplateRef[], withListings: boolean): Promise<void> {
  if (!withListings) {
    await scenario(new TemplateSettingsModel(templates, false), real, [
      new CreateSettingCommand(0, 'active', true),
      new ListSettingsCommand(INACTIVE_OF_FIRST),
      new DeleteSettingCommand(0),
      new DeleteSettingCommand(0),
      new TemplateKeptCommand(0),
    ]);
    return;
  }
  // Blocked while the listing campaign is Importing or Active, free once the listing is deleted.
  await scenario(new TemplateSettingsModel(templates, true), real, [
    new CreateSettingCommand(0, 'active', true),
    new ListSettingsCommand(INACTIVE_OF_FIRST),
    new CreateBlockingListingCommand(0, false),
    new DeleteSettingCommand(0),
    new DeleteBlockingListingCommand(0),
    new DeleteSettingCommand(0),
    new DeleteSettingCommand(0),
    new TemplateKeptCommand(0),
  ]);
  // Free once the listing campaign has completed.
  await scenario(new TemplateSettingsModel(templates, true), real, [
    new CreateSettingCommand(0, undefined, false),
    new CreateBlockingListingCommand(0, true),
    new AwaitListingCommand(0),
    new DeleteSettingCommand(0),
  ]);
}

export async function runTemplateSettingsModel(name: string): Promise<void> {
  const { client, target } = suite();
  const real: Real = { client, tokens: [target.workspaceToken] };
  const existing = await settingsPage(real);
  if ('reason' in existing) return inconclusive(TEMPLATE_SETTING_DELETE_BLOCKED, 'listWhatsappTemplateSettings', existing.reason, existing.answer);
  const templates = templatesOf(existing.items);
  if (templates.length === 0) {
    recorder.note('model template-settings', 'the workspace lists no template setting, so no WhatsApp template is known to create settings for');
    return;
  }
  const listingPlan = textListingBody('probe', templates[0]?.uuid ?? '', 1, 1);
  const withListings = allowedIn(target.mode, 'cost') && typeof listingPlan !== 'string';
  if (!withListings) {
    const why = typeof listingPlan === 'string' ? listingPlan : 'listings message contacts, so they need --mode full';
    recorder.note('model template-settings', `no listing campaign references a setting in this run (${why}), so the blocked delete is not exercised`);
  }
  await fixedScenario(real, templates, withListings);
  await runModel(name, real, {
    commands: templateSettingsCommands(withListings),
    model: () => new TemplateSettingsModel(templates, withListings),
    cleanUp: (model) => cleanUp(model, real),
    shrinkBudget: true,
  });
}
