// The commands of the template settings model, as fast-check arbitraries: create a setting, list
// with filters, delete a setting, make a new setting on a deleted one's template and, when listings may be created (full mode), create and delete
// a text listing on a setting and wait for a quick one to complete.
import fc from 'fast-check';
import type { Real } from '../model-kit.ts';
import { AwaitListingCommand } from './await-listing.ts';
import { CreateBlockingListingCommand } from './create-blocking-listing.ts';
import { CreateSettingCommand } from './create-setting.ts';
import { DeleteBlockingListingCommand } from './delete-blocking-listing.ts';
import { DeleteSettingCommand } from './delete-setting.ts';
import { ListSettingsCommand } from './list-settings.ts';
import { TemplateKeptCommand } from './template-kept.ts';
import type { TemplateSettingsModel } from './model.ts';

export type TemplateSettingsCommand = fc.AsyncCommand<TemplateSettingsModel, Real>;

export function templateSettingsCommands(withListings: boolean): Array<fc.Arbitrary<TemplateSettingsCommand>> {
  // Arguments do not shrink: a shrink attempt may replay a wait for a listing to complete, so
  // shrinking only drops commands, which is what makes a sequence short.
  const pick = fc.noShrink(fc.nat({ max: 20 }));
  const status = fc.noShrink(fc.constantFrom(undefined, 'active' as const, 'inactive' as const));
  const settings: Array<fc.Arbitrary<TemplateSettingsCommand>> = [
    fc.tuple(pick, status, fc.noShrink(fc.boolean())).map(([t, s, params]) => new CreateSettingCommand(t, s, params)),
    fc.noShrink(fc.record({ template: fc.option(pick, { nil: undefined }), waba: fc.boolean(), status })).map((filter) => new ListSettingsCommand(filter)),
    pick.map((p) => new DeleteSettingCommand(p)),
    pick.map((p) => new TemplateKeptCommand(p)),
  ];
  if (!withListings) return settings;
  return [
    ...settings,
    fc.tuple(pick, fc.noShrink(fc.boolean())).map(([p, quick]) => new CreateBlockingListingCommand(p, quick)),
    pick.map((p) => new DeleteBlockingListingCommand(p)),
    pick.map((p) => new AwaitListingCommand(p)),
  ];
}
