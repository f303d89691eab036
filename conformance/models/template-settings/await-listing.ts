// Waits (bounded) until a quick listing's campaign leaves the blocking statuses (Completed once no
// task is pending or in progress), so that the next delete of its setting must succeed. Once per run.
import { suite } from '../../suite/context.ts';
import type { Real } from '../model-kit.ts';
import { passTime } from '../pass-time.ts';
import { readCampaignStatus } from './campaign-status.ts';
import { BLOCKING_STATUSES, type ListingRef, type TemplateSettingsModel } from './model.ts';
import { SettingPickCommand } from './setting-command.ts';

const STEP_MS = 500;

export class AwaitListingCommand extends SettingPickCommand<ListingRef> {
  /** The quick listings whose campaign the model last saw blocking. */
  protected records(model: Readonly<TemplateSettingsModel>): ListingRef[] {
    return model.listings.filter((l) => !l.deleted && l.quick && BLOCKING_STATUSES.has(l.campaignStatus));
  }

  override check(model: Readonly<TemplateSettingsModel>): boolean {
    return !model.waited && super.check(model);
  }

  protected async actOn(listing: ListingRef, model: TemplateSettingsModel, real: Real): Promise<void> {
    model.waited = true;
    // The target's time the campaign gets to finish, in steps of half a second.
    const budgetMs = suite().target.isMock ? 10_000 : 120_000;
    for (let spent = 0; ; spent += STEP_MS) {
      const read = await readCampaignStatus(real, listing);
      if ('reason' in read || !BLOCKING_STATUSES.has(read.status) || spent >= budgetMs) return;
      await passTime(STEP_MS);
    }
  }

  toString(): string {
    return `awaitListing(${this.pick})`;
  }
}
