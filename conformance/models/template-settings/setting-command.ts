// The base classes of the template settings commands: each makes its own request and prediction,
// then the model's invariant (the suite's settings listed exactly while it has not deleted them)
// is checked after the step. A SettingPickCommand acts on one record the model keeps (a setting or
// a listing, `pick` chooses it) and runs once there is one.
import { ModelCommand, PickCommand } from '../model-command.ts';
import type { TemplateSettingsModel } from './model.ts';
import { checkSettingsListed } from './settings-listed.ts';

export abstract class SettingCommand extends ModelCommand<TemplateSettingsModel> {
  protected override invariant = checkSettingsListed;
}

export abstract class SettingPickCommand<R> extends PickCommand<TemplateSettingsModel, R> {
  protected override invariant = checkSettingsListed;
}
