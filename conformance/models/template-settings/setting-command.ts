// The shape of every template settings command: its own request and prediction, then the model's
// invariant (the suite's settings listed exactly while it has not deleted them) after the step.
import type fc from 'fast-check';
import type { Real } from '../model-kit.ts';
import type { TemplateSettingsModel } from './model.ts';
import { checkSettingsListed } from './settings-listed.ts';

export abstract class SettingCommand implements fc.AsyncCommand<TemplateSettingsModel, Real> {
  abstract check(model: Readonly<TemplateSettingsModel>): boolean;
  protected abstract act(model: TemplateSettingsModel, real: Real): Promise<void>;
  abstract toString(): string;

  async run(model: TemplateSettingsModel, real: Real): Promise<void> {
    await this.act(model, real);
    await checkSettingsListed(model, real);
  }
}
