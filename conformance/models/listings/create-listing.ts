// POST /api/v1/listings (seed "Operations named in prose only"; "Limits" note 2: one request for
// any number of contacts). Predicts 201 with the listing Importing, its pace, its distinct contacts
// and its rule window (sent as HH:MM, answered as HH:MM:SS; contract, inferred), then finds the
// campaign tasks it queued in the action log.
import { recordRule } from '../../record/rule.ts';
import { suite } from '../../suite/context.ts';
import { expectResource, type Real } from '../model-kit.ts';
import { ListingCommand } from './listing-command.ts';
import { freshListingName, LISTING_RULE_WINDOW, textListingBody } from './listing-request.ts';
import { discoverTasks } from './listing-tasks.ts';
import { LISTING_STATE, type ListingRecord, type ListingsModel, listingOf } from './model.ts';

export class CreateListingCommand extends ListingCommand {
  readonly perMinute: number;
  readonly maxContacts: number;

  constructor(perMinute: number, maxContacts: number) {
    super();
    this.perMinute = perMinute;
    this.maxContacts = maxContacts;
  }

  check(): boolean {
    return true;
  }

  protected async act(model: ListingsModel, real: Real): Promise<void> {
    const setting = suite().target.data.whatsapp_template_setting_uuid;
    const plan = setting ? textListingBody(freshListingName(), setting, this.perMinute, this.maxContacts) : undefined;
    if (!plan || typeof plan === 'string') return;
    const op = real.client.op('createListing');
    const answer = await real.client.send({
      op,
      json: plan.body,
      expectation: { kind: 'accepted', part: op.contract, rule: LISTING_STATE.rule, what: 'a text listing create' },
    });
    const view = expectResource(LISTING_STATE, op, answer, listingOf(op, answer, ['created_at', 'rule']), 'creating a text listing', 201);
    if (!view) return;
    const record: ListingRecord = {
      uuid: view.uuid,
      campaignUuid: view.campaign_uuid,
      createdAt: view.created_at,
      contacts: plan.contacts,
      pace: this.perMinute,
      status: 'Importing',
      deleted: false,
      tasks: new Map(),
    };
    model.listings.push(record);
    const problems: string[] = [];
    if (view.status !== 'Importing') problems.push(`created in status ${view.status}, expected Importing`);
    if (view.pace?.per_minute !== this.perMinute) problems.push(`pace ${view.pace?.per_minute}, expected ${this.perMinute}`);
    if (view.counts?.contacts !== plan.contacts) problems.push(`${view.counts?.contacts} contacts, expected ${plan.contacts}`);
    const { startEcho, endEcho } = LISTING_RULE_WINDOW;
    if (view.rule?.start_time !== startEcho || view.rule?.end_time !== endEcho) {
      problems.push(`rule window ${JSON.stringify(view.rule?.start_time)} to ${JSON.stringify(view.rule?.end_time)}, expected ${startEcho} to ${endEcho}`);
    }
    recordRule(LISTING_STATE, op.operationId, problems.length === 0 ? true : { message: problems.join('; '), part: 'inferred' }, answer);
    await discoverTasks(model, record, real);
  }

  toString(): string {
    return `createListing(${this.perMinute}/min, ≤${this.maxContacts} contacts)`;
  }
}
