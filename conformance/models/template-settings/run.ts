// Runs the template settings model. Settings are created and deleted again, so it runs from safe
// mode on; the listings that make a campaign reference a setting message contacts, so they join
// only in full mode. Every setting and listing a run creates is deleted at its end. A fixed
// sequence first (full mode) makes every run meet both sides of the rule whatever fast-check
// draws: a setting referenced by an Importing listing campaign cannot be deleted, and can once the
// listing is deleted, or once a quick listing has completed.
import fc from 'fast-check';
import { runProperty } from '../../record/property.ts';
import { recorder } from '../../record/recorder.ts';
import { RuleFailure } from '../../record/rule.ts';
import { allowedIn } from '../../run/modes.ts';
import { suite } from '../../suite/context.ts';
import { withShrinkBudget } from '../builder-agents/shrink-budget.ts';
import { textListingBody } from '../listings/listing-request.ts';
import { type Real, replayPathOf } from '../model-kit.ts';
import { AwaitListingCommand } from './await-listing.ts';
import { templateSettingsCommands } from './commands.ts';
import { CreateBlockingListingCommand } from './create-blocking-listing.ts';
import { CreateSettingCommand } from './create-setting.ts';
import { DeleteBlockingListingCommand } from './delete-blocking-listing.ts';
import { DeleteSettingCommand } from './delete-setting.ts';
import { type TemplateRef, TemplateSettingsModel } from './model.ts';
import { settingsPage, templatesOf } from './settings-page.ts';
import type { SettingCommand } from './setting-command.ts';

async function cleanUp(model: TemplateSettingsModel, real: Real): Promise<void> {
  const deleteListing = real.client.op('deleteListing');
  for (const listing of model.listings) {
    if (listing.deleted) continue;
    await real.client.send({ op: deleteListing, pathParams: { uuid: listing.uuid } });
    listing.deleted = true;
  }
  const deleteSetting = real.client.op('deleteWhatsappTemplateSetting');
  for (const setting of model.settings) {
    if (setting.deleted) continue;
    await real.client.send({ op: deleteSetting, pathParams: { uuid: setting.uuid } });
    setting.deleted = true;
  }
}

async function runSteps(model: TemplateSettingsModel, real: Real, steps: SettingCommand[]): Promise<void> {
  try {
    for (const step of steps) if (step.check(model)) await step.run(model, real);
  } catch (error) {
    if (!(error instanceof RuleFailure)) throw error;
  } finally {
    await cleanUp(model, real);
  }
}

async function fixedScenario(real: Real, templates: TemplateRef[], withListings: boolean): Promise<void> {
  if (!withListings) {
    await runSteps(new TemplateSettingsModel(templates, false), real, [new CreateSettingCommand(0, 'active', true), new DeleteSettingCommand(0), new DeleteSettingCommand(0)]);
    return;
  }
  // Blocked while the listing campaign is Importing or Active, free once the listing is deleted.
  await runSteps(new TemplateSettingsModel(templates, true), real, [
    new CreateSettingCommand(0, 'active', true),
    new CreateBlockingListingCommand(0, false),
    new DeleteSettingCommand(0),
    new DeleteBlockingListingCommand(0),
    new DeleteSettingCommand(0),
  ]);
  // Free once the listing campaign has completed.
  await runSteps(new TemplateSettingsModel(templates, true), real, [
    new CreateSettingCommand(0, undefined, false),
    new CreateBlockingListingCommand(0, true),
    new AwaitListingCommand(0),
    new DeleteSettingCommand(0),
  ]);
}

export async function runTemplateSettingsModel(name: string): Promise<void> {
  const { client, target, profile } = suite();
  const real: Real = { client, tokens: [target.workspaceToken] };
  const existing = await settingsPage(real);
  const templates = existing ? templatesOf(existing.items) : [];
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
  const commands = fc.commands(templateSettingsCommands(withListings), {
    maxCommands: profile.maxCommands,
    size: '+1',
    ...(target.replay?.commands ? { replayPath: target.replay.commands } : {}),
  });
  await runProperty(
    name,
    commands,
    withShrinkBudget(async (cmds) => {
      const model = new TemplateSettingsModel(templates, withListings);
      try {
        await fc.asyncModelRun(() => ({ model, real }), cmds);
      } finally {
        await cleanUp(model, real);
      }
    }),
    { numRuns: profile.modelRuns, endOnFailure: profile.endOnFailure },
    (cmds) => replayPathOf(cmds),
  );
}
