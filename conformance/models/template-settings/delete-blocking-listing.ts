// DELETE /api/v1/listings/{uuid} of a listing the model created on one of its settings: the
// listing campaign is removed (seed "Other statuses"), so it no longer blocks the setting's delete.
import { recordRule } from '../../record/rule.ts';
import { expectStatus, isSuccess } from '../../rules/verdicts.ts';
import type { Real } from '../model-kit.ts';
import { TEMPLATE_SETTING_DELETE_ALLOWED, type TemplateSettingsModel } from './model.ts';
import { SettingCommand } from './setting-command.ts';

export class DeleteBlockingListingCommand extends SettingCommand {
  readonly pick: number;

  constructor(pick: number) {
    super();
    this.pick = pick;
  }

  check(model: Readonly<TemplateSettingsModel>): boolean {
    return model.listings.some((l) => !l.deleted);
  }

  protected async act(model: TemplateSettingsModel, real: Real): Promise<void> {
    const live = model.listings.filter((l) => !l.deleted);
    const listing = live[this.pick % live.length];
    if (!listing) return;
    const op = real.client.op('deleteListing');
    const answer = await real.client.send({ op, pathParams: { uuid: listing.uuid } });
    recordRule(TEMPLATE_SETTING_DELETE_ALLOWED, op.operationId, expectStatus(answer, op, `deleting listing ${listing.uuid}`, 200, undefined), answer);
    if (isSuccess(answer)) listing.deleted = true;
  }

  toString(): string {
    return `deleteListing(${this.pick})`;
  }
}
