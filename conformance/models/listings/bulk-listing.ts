// Bulk sending through a listing (seed "Limits" note 2: "Bulk sending to many contacts is done with
// a listing (one request, any number of contacts)"; "A listing is a campaign for a list of any
// number of contacts"). One create names BULK_CONTACTS distinct contacts and the listing must hold
// them all (its contact count). Only on the mock: the generated numbers would be messaged; a real
// deployment gives one safe phone (send_to.phone), which shows nothing about "any number". The
// listing is deleted at once.
import { notApplicable, recordRule } from '../../record/rule.ts';
import type { RuleCheck } from '../../record/rule.ts';
import { suite } from '../../suite/context.ts';
import { expectResource, type Real } from '../model-kit.ts';
import { freshListingName, textListingBody } from './listing-request.ts';
import { listingOf } from './model.ts';

export const LISTING_BULK: RuleCheck = {
  name: 'listing-bulk-contacts',
  rule: 'seed "Limits" note 2 and "Campaigns and listings": one listing create takes any number of contacts, and the listing holds every one of them',
};

/** More contacts than one page of anything the service might cap a create at. */
export const BULK_CONTACTS = 120;

/** Distinct E.164 numbers of the 555 exchange (used for fictional numbers in North America). */
function bulkPhones(count: number): string[] {
  return Array.from({ length: count }, (_, i) => `+1202555${String(1000 + i).padStart(4, '0')}`);
}

export async function checkBulkListing(real: Real): Promise<void> {
  const { target } = suite();
  const op = real.client.op('createListing');
  if (!target.isMock) return notApplicable(LISTING_BULK, op.operationId, 'a bulk listing would message many contacts; only the mock may be given generated ones');
  const setting = target.data.whatsapp_template_setting_uuid;
  const plan = setting ? textListingBody(freshListingName(), setting, 1, 1) : 'no active WhatsApp template setting is known';
  if (typeof plan === 'string') return notApplicable(LISTING_BULK, op.operationId, plan);
  const body = { ...plan.body, contacts: bulkPhones(BULK_CONTACTS).map((phone_number, i) => ({ name: `Bulk contact ${i + 1}`, phone_number })) };
  const answer = await real.client.send({ op, json: body });
  const view = expectResource(LISTING_BULK, op, answer, listingOf(op, answer, ['counts']), `creating a listing of ${BULK_CONTACTS} contacts in one request`, 201);
  if (!view) return;
  try {
    const count = view.counts?.contacts;
    recordRule(LISTING_BULK, op.operationId, count === BULK_CONTACTS ? true : { message: `a listing created with ${BULK_CONTACTS} distinct contacts in one request holds ${JSON.stringify(count)}`, part: 'documented' }, answer);
  } finally {
    await real.client.send({ op: real.client.op('deleteListing'), pathParams: { uuid: view.uuid } });
  }
}
