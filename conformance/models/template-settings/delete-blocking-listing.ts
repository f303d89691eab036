// DELETE /api/v1/listings/{uuid} of a listing the model created on one of its settings: the
// listing campaign is removed (seed "Other statuses"), so it no longer blocks the setting's delete.
import { recordRule } from '../../record/rule.ts';
import { expectStatus, isSuccess } from '../../rules/verdicts.ts';
import type { Real } from '../model-kit.ts';
import { type ListingRef, TEMPLATE_SETTING_DELETE_ALLOWED, type TemplateSettingsModel } from './model.ts';
import { SettingPickCommand } from './setting-command.ts';

export class DeleteBlockingListingCommand extends SettingPickCommand<ListingRef> {
  protected records(model: Readonly<TemplateSettingsModel>): ListingRef[] {
    return model.listings.filter((l) => !l.deleted);
  }

  protected async actOn(listing: ListingRef, _model: TemplateSettingsModel, real: Real): Promise<void> {
    const op = real.client.op('deleteListing');
    const answer = await real.client.send({ op, pathParams: { uuid: listing.uuid } });
    recordRule(TEMPLATE_SETTING_DELETE_ALLOWED, op.operationId, expectStatus(answer, op, `deleting listing ${listing.uuid}`, 200, undefined), answer);
    if (isSuccess(answer)) listing.deleted = true;
  }

  toString(): string {
    return `deleteListing(${this.pick})`;
  }
}
