// The contacts rules beyond the collection, each a scenario over HTTP: custom contact fields as
// top-level keys (an unregistered key a 422 naming it), a listing's contact objects matched to the
// existing contact (phone number first) and updating it, no new task for a blacklisted contact,
// and the list's `total` and `last_page` counting what its filters keep. Every contact a check
// creates is deleted again.
import { randomUUID } from 'node:crypto';
import type { Answer } from '../../http/client.ts';
import { type RuleCheck, requireRule } from '../../record/rule.ts';
import { describeAnswer, expectStatus, isSuccess } from '../../rules/verdicts.ts';
import { suite } from '../../suite/context.ts';
import { listOf, resourceOf } from '../answer-fields.ts';
import { textListingBody } from '../listings/listing-request.ts';
import type { Real } from '../model-kit.ts';
import { phoneOf } from './collection.ts';

export const CUSTOM_FIELDS: RuleCheck = {
  name: 'contact-custom-fields',
  rule: 'published API "Contacts": a registered custom contact field is a top-level key of the body and of the answers; an unregistered key gives 422 naming it',
};
export const CONTACT_MATCHING: RuleCheck = {
  name: 'contact-matching',
  rule: 'published API "Listings": a listing\u2019s contact objects are matched to existing contacts by phone number, then email, and update the contact they match',
};
export const BLACKLIST_NO_TASKS: RuleCheck = {
  name: 'contact-blacklist-no-tasks',
  rule: 'contract (inferred): a blacklisted contact gets no new task; a listing queues tasks only for its other contacts',
};
export const LIST_TOTALS: RuleCheck = {
  name: 'contact-list-totals',
  rule: 'published API "Lists and paging": the contact list\u2019s total and last_page count the contacts its filters keep, and the pages hold them all',
};

type Json = Record<string, unknown>;
const tag = (): string => randomUUID().slice(0, 8);

/** Creates contacts, remembers them, deletes them at the end. */
class Contacts {
  readonly created: string[] = [];
  readonly real: Real;
  constructor(real: Real) {
    this.real = real;
  }
  async create(check: RuleCheck, body: Json): Promise<string | undefined> {
    const op = this.real.client.op('createContact');
    const answer = await this.real.client.send({ op, json: body });
    requireRule(check, op.operationId, expectStatus(answer, op, 'creating a contact', 201, undefined, 'published'), answer);
    const read = resourceOf<{ uuid: string }>(op, answer, ['uuid']);
    if (!read.ok) return void requireRule(check, op.operationId, { inconclusive: read.reason }, answer);
    this.created.push(read.value.uuid);
    return read.value.uuid;
  }
  async read(check: RuleCheck, uuid: string, fields: string[]): Promise<Json | undefined> {
    const op = this.real.client.op('getContact');
    const answer = await this.real.client.send({ op, pathParams: { uuid } });
    requireRule(check, op.operationId, expectStatus(answer, op, `reading contact ${uuid}`, 200, undefined, 'published'), answer);
    const read = resourceOf<Json>(op, answer, ['uuid', ...fields]);
    if (!read.ok) return void requireRule(check, op.operationId, { inconclusive: read.reason }, answer);
    return read.value;
  }
  async cleanUp(): Promise<void> {
    const op = this.real.client.op('deleteContact');
    for (const uuid of this.created.splice(0)) await this.real.client.send({ op, pathParams: { uuid } });
  }
}

const errorField = (answer: Answer): string | undefined => (answer.json as { error?: { field?: string } } | undefined)?.error?.field;
const errorText = (answer: Answer): string => JSON.stringify(answer.json ?? '');

export async function checkCustomFields(real: Real): Promise<void> {
  const contacts = new Contacts(real);
  try {
    const key = `conformance_${tag()}`;
    const fieldOp = real.client.op('createContactField');
    const field = await real.client.send({ op: fieldOp, json: { key, name: `Conformance ${key}`, type: 'text' } });
    requireRule(CUSTOM_FIELDS, fieldOp.operationId, expectStatus(field, fieldOp, `registering the custom contact field ${key}`, 201, undefined, 'inferred'), field);
    const t = tag();
    const uuid = await contacts.create(CUSTOM_FIELDS, { name: `Conformance ${t}`, phone_number: phoneOf(t), [key]: 'registered value' });
    if (!uuid) return;
    // A custom field is a key the contract cannot name (additionalProperties): the contact is read by its uuid.
    const read = await contacts.read(CUSTOM_FIELDS, uuid, []);
    if (read && read[key] !== 'registered value') requireRule(CUSTOM_FIELDS, 'getContact', { message: `the custom field ${key} reads ${JSON.stringify(read[key])}, not "registered value"`, part: 'published' });
    const unknown = `unregistered_${tag()}`;
    const op = real.client.op('createContact');
    const t2 = tag();
    const answer = await real.client.send({ op, json: { name: `Conformance ${t2}`, phone_number: phoneOf(t2), [unknown]: 'x' } });
    if (isSuccess(answer)) {
      const made = resourceOf<{ uuid: string }>(op, answer, ['uuid']);
      if (made.ok) contacts.created.push(made.value.uuid);
      return requireRule(CUSTOM_FIELDS, op.operationId, { message: `a contact with the unregistered key ${unknown} was accepted (${describeAnswer(answer)}); it must be a 422 naming the key`, part: 'published' }, answer);
    }
    requireRule(CUSTOM_FIELDS, op.operationId, expectStatus(answer, op, `creating a contact with the unregistered key ${unknown}`, 422, undefined, 'published'), answer);
    const named = errorField(answer) === unknown || errorText(answer).includes(unknown);
    requireRule(CUSTOM_FIELDS, op.operationId, named ? true : { message: `the 422 for the unregistered key ${unknown} does not name it`, part: 'published' }, answer);
  } finally {
    await contacts.cleanUp();
  }
}

/** A listing of the given contact objects (mock only: a listing messages its contacts), deleted again by the caller. */
async function createListing(real: Real, check: RuleCheck, entries: Json[]): Promise<string | undefined> {
  const { target } = suite();
  const setting = target.data.whatsapp_template_setting_uuid;
  const plan = setting ? textListingBody(`Conformance contacts ${tag()}`, setting, 60, 1) : 'no whatsapp_template_setting_uuid in the target data';
  if (typeof plan === 'string') return void requireRule(check, 'createListing', { inconclusive: plan });
  const op = real.client.op('createListing');
  const answer = await real.client.send({ op, json: { ...plan.body, contacts: entries } });
  requireRule(check, op.operationId, expectStatus(answer, op, 'creating a listing', 201, undefined, 'published'), answer);
  const read = resourceOf<{ uuid: string }>(op, answer, ['uuid']);
  if (!read.ok) return void requireRule(check, op.operationId, { inconclusive: read.reason }, answer);
  return read.value.uuid;
}

async function deleteListing(real: Real, uuid: string | undefined): Promise<void> {
  if (uuid) await real.client.send({ op: real.client.op('deleteListing'), pathParams: { uuid } });
}

/** Whether the checks that create listings may run here (they message the contacts they name). */
export function listingsUnavailable(): string | undefined {
  const { target } = suite();
  if (!target.isMock) return 'a listing would message the suite\u2019s fresh contacts, so the listing checks run against the mock only';
  if (!target.data.whatsapp_template_setting_uuid || !target.data.agent_uuid) return 'no agent_uuid or whatsapp_template_setting_uuid in the target data';
  return undefined;
}

export async function checkMatching(real: Real): Promise<void> {
  const contacts = new Contacts(real);
  let listing: string | undefined;
  try {
    const t = tag();
    const phone = phoneOf(t);
    const uuid = await contacts.create(CONTACT_MATCHING, { name: `Conformance ${t}`, phone_number: phone });
    if (!uuid) return;
    listing = await createListing(real, CONTACT_MATCHING, [{ phone_number: phone, name: `Matched ${t}`, surname: `Listing ${t}` }]);
    if (!listing) return;
    const read = await contacts.read(CONTACT_MATCHING, uuid, ['name', 'surname']);
    if (!read) return;
    const wrong = [read.name !== `Matched ${t}` ? `name ${JSON.stringify(read.name)}` : '', read.surname !== `Listing ${t}` ? `surname ${JSON.stringify(read.surname)}` : ''].filter(Boolean);
    requireRule(CONTACT_MATCHING, 'getContact', wrong.length === 0 ? true : { message: `the contact ${uuid} a listing entry matched by its phone number shows ${wrong.join(', ')}, not what the entry sent`, part: 'published' });
    const op = real.client.op('listContacts');
    const answer = await real.client.send({ op, query: { search: phone.slice(1), per_page: '100' } });
    const list = listOf<{ uuid: string; phone_number: string | null }>(op, answer, ['uuid', 'phone_number']);
    if (!list.ok) return requireRule(CONTACT_MATCHING, op.operationId, { inconclusive: list.reason }, answer);
    const holders = list.value.items.filter((c) => c.phone_number === phone);
    for (const h of holders) if (h.uuid !== uuid) contacts.created.push(h.uuid);
    requireRule(CONTACT_MATCHING, op.operationId, holders.length === 1 ? true : { message: `${holders.length} contacts hold ${phone} after a listing named it (one expected: the entry updates the contact it matches)`, part: 'published' }, answer);
  } finally {
    await deleteListing(real, listing);
    await contacts.cleanUp();
  }
}

export async function checkBlacklist(real: Real): Promise<void> {
  const contacts = new Contacts(real);
  let listing: string | undefined;
  try {
    const [a, b] = [tag(), tag()];
    const blocked = await contacts.create(BLACKLIST_NO_TASKS, { name: `Conformance ${a}`, phone_number: phoneOf(a) });
    const free = await contacts.create(BLACKLIST_NO_TASKS, { name: `Conformance ${b}`, phone_number: phoneOf(b) });
    if (!blocked || !free) return;
    const op = real.client.op('blacklistContact');
    const answer = await real.client.send({ op, pathParams: { uuid: blocked }, json: { reason: 'Conformance check of the blacklist', type: 'Both', is_permanent: true } });
    requireRule(BLACKLIST_NO_TASKS, op.operationId, expectStatus(answer, op, `blacklisting contact ${blocked}`, 200, undefined, 'published'), answer);
    listing = await createListing(real, BLACKLIST_NO_TASKS, [{ phone_number: phoneOf(a) }, { phone_number: phoneOf(b) }]);
    if (!listing) return;
    const reportOp = real.client.op('getListingReport');
    const report = await real.client.send({ op: reportOp, pathParams: { uuid: listing } });
    const read = resourceOf<{ tasks: { total?: number } }>(reportOp, report, ['tasks']);
    if (!read.ok) return requireRule(BLACKLIST_NO_TASKS, reportOp.operationId, { inconclusive: read.reason }, report);
    const total = read.value.tasks?.total;
    requireRule(BLACKLIST_NO_TASKS, reportOp.operationId, total === 1 ? true : { message: `a listing of a blacklisted and a free contact has ${total} task(s); the blacklisted contact must get none`, part: 'inferred' }, report);
  } finally {
    await deleteListing(real, listing);
    await contacts.cleanUp();
  }
}

export async function checkListTotals(real: Real): Promise<void> {
  const contacts = new Contacts(real);
  try {
    const marker = `Totals${tag()}`;
    for (let i = 0; i < 3; i++) {
      const t = tag();
      await contacts.create(LIST_TOTALS, { name: `${marker} ${i}`, phone_number: phoneOf(t) });
    }
    const op = real.client.op('listContacts');
    const seen = new Set<string>();
    for (let page = 1; page <= 3; page++) {
      const answer = await real.client.send({ op, query: { search: marker, per_page: '2', page: String(page) } });
      requireRule(LIST_TOTALS, op.operationId, expectStatus(answer, op, `listing contacts matching ${marker}, page ${page}`, 200, undefined, 'published'), answer);
      const list = listOf<{ uuid: string }>(op, answer, ['uuid']);
      const total = (answer.json as { data?: { total?: unknown } } | undefined)?.data?.total;
      if (!list.ok) return requireRule(LIST_TOTALS, op.operationId, { inconclusive: list.reason }, answer);
      for (const item of list.value.items) seen.add(item.uuid);
      const wrong: string[] = [];
      if (total !== 3) wrong.push(`total ${JSON.stringify(total)}`);
      if (list.value.lastPage !== undefined && list.value.lastPage !== 2) wrong.push(`last_page ${list.value.lastPage}`);
      requireRule(LIST_TOTALS, op.operationId, wrong.length === 0 ? true : { message: `the list filtered by search=${marker} (3 contacts, 2 a page) shows ${wrong.join(', ')}, not total 3 and last_page 2`, part: 'published' }, answer);
      if (page >= 2) break;
    }
    const missing = contacts.created.filter((uuid) => !seen.has(uuid));
    requireRule(LIST_TOTALS, op.operationId, missing.length === 0 && seen.size === 3 ? true : { message: `the two pages of search=${marker} hold ${seen.size} contacts; missing ${missing.join(', ') || 'none'}`, part: 'published' });
  } finally {
    await contacts.cleanUp();
  }
}
