// Waits (bounded) until a quick listing's campaign leaves the blocking statuses (Completed once no
// task is pending or in progress), so that the next delete of its setting must succeed. Once per run.
import { sleep } from '../../http/pacer.ts';
import { suite } from '../../suite/context.ts';
import type { Real } from '../model-kit.ts';
import { readCampaignStatus } from './campaign-status.ts';
import { BLOCKING_STATUSES, type ListingRef, type TemplateSettingsModel } from './model.ts';
import { SettingPickCommand } from './setting-command.ts';

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
    const until = Date.now() + (suite().target.isMock ? 10_000 : 120_000);
    for (;;) {
      const read = await readCampaignStatus(real, listing);
      if ('reason' in read || !BLOCKING_STATUSES.has(read.status) || Date.now() >= until) return;
      await sleep(500);
    }
  }

  toString(): string {
    return `awaitListing(${this.pick})`;
  }
}
