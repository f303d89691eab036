// Phone numbers: the outbound call rates (a price list shared by every workspace, with the
// published country_code and prefix filters and page size up to 200, default 50), the channel
// snapshot of a workspace number by number (leading `+` optional) or by uuid, and external numbers
// (BYO numbers): listed, registered on a channel for an agent, their trunk rows updated and moved
// to another agent, found by number and channel; create, update and assign answer the number's
// snapshot. A number of another workspace is never found. The owned numbers list, the search of
// numbers to buy with their compliance requirements, and the purchase (rules in purchase.ts).
import type { HandlerGroup, HandlerResult } from '../../core/handler.ts';
import { errors } from '../../pipeline/api-error.ts';
import type { PhoneNumberRecord, WorkspaceState } from '../../state/workspace.ts';
import { findOr404, newUuid, normalizeE164 } from '../shared/lookup.ts';
import { compliance, type NumberType, offered } from './catalogue.ts';
import { inventoryItem } from './inventory.ts';
import { agentOnChannel, bindTrunkChannel, registerTrunk, servesAnotherNumber, type TrunkChannel, trunkRow, updateTrunk } from './machine.ts';
import { boughtNumber, offerOf, type PurchaseCap, purchaseCap } from './purchase.ts';
import { filterRates, listPage, ratePage } from './rates.ts';
import { channelSnapshot } from './snapshot.ts';

/** Page size of the rates and external numbers lists when none is asked (published: 50). */
const PHONE_LIST_PER_PAGE = 50;

/** The external number of the workspace with a trunk row on the channel; anything else is 404. */
function trunkNumberOr404(ws: WorkspaceState, number: string, channel: TrunkChannel): PhoneNumberRecord {
  const wanted = normalizeE164(number);
  const n = ws.phone_numbers.find((p) => p.number === wanted && p.is_external && trunkRow(p, channel) !== undefined);
  if (!n) throw errors.notFound('Trunk');
  return n;
}

/** A prefix filter without its leading `+`. */
function stripPlus(prefix: string | undefined): string | undefined {
  return prefix?.startsWith('+') ? prefix.slice(1) : prefix;
}

function storeNumber(ws: WorkspaceState, next: PhoneNumberRecord): void {
  ws.phone_numbers = ws.phone_numbers.some((p) => p.uuid === next.uuid) ? ws.phone_numbers.map((p) => (p.uuid === next.uuid ? next : p)) : [...ws.phone_numbers, next];
}

/** Page size of the search when none is asked (inferred). */
const SEARCH_LIMIT = 10;

function byNumber(x: PhoneNumberRecord, y: PhoneNumberRecord): number {
  return x.number < y.number ? -1 : x.number > y.number ? 1 : x.uuid < y.uuid ? -1 : x.uuid > y.uuid ? 1 : 0;
}

/**
 * The refusal past the purchase cap: a 403 in Shape B whose `error` also holds `limit` and
 * `current`, which the error catalogue cannot carry, so it is answered rather than thrown (handler
 * results name success answers only, hence the cast).
 */
function capRefusal(cap: PurchaseCap): HandlerResult<'purchasePhoneNumber'> {
  const details = `The workspace has bought ${cap.current} of its ${cap.limit} numbers through the API.`;
  const body = { success: false, message: 'Phone number purchase limit reached', error: { code: 'purchase_limit_reached', details, limit: cap.limit, current: cap.current } };
  return { status: 403, body } as unknown as HandlerResult<'purchasePhoneNumber'>;
}

export const phoneNumberHandlers = {
  listPhoneNumbers: ({ ws, query }) => {
    const owned = [...ws.phone_numbers].sort(byNumber).map((p) => inventoryItem(ws, p));
    return { status: 200, body: { success: true, message: 'Phone numbers retrieved', data: listPage(owned, query.page ?? 1, query.per_page ?? PHONE_LIST_PER_PAGE) } };
  },

  purchasePhoneNumber: ({ ws, body, now, faults }) => {
    const offer = offerOf(ws, body);
    const cap = purchaseCap(ws);
    // The `purchase-cap-ignored` fault buys past the workspace's cap.
    if (cap.current >= cap.limit && !faults.has('purchase-cap-ignored')) {
      return capRefusal(cap);
    }
    const record = boughtNumber(ws, newUuid(), offer, body, now);
    // The `purchased-number-not-stored` fault answers the number without adding it to the workspace.
    if (!faults.has('purchased-number-not-stored')) storeNumber(ws, record);
    return { status: 201, body: { success: true, data: inventoryItem(ws, record) } };
  },

  searchPhoneNumbers: ({ ws, query }) => {
    const owned = new Set(ws.phone_numbers.map((p) => p.number));
    const digits = query.pattern?.replace(/^\+/, '');
    const items = offered(query.country_code, (query.type ?? 'local') as NumberType)
      .filter((o) => !owned.has(o.number) && (digits === undefined || o.number.slice(1).includes(digits)))
      .slice(0, query.limit ?? SEARCH_LIMIT)
      .map((o) => ({ ...o, capabilities: { ...o.capabilities } }));
    return { status: 200, body: { success: true, message: 'Available phone numbers retrieved', data: { items } } };
  },

  getPhoneNumberRequirements: ({ query }) => {
    const type = (query.type ?? 'local') as NumberType;
    const needed = compliance(query.country_code, type);
    return { status: 200, body: { success: true, message: 'Phone number requirements retrieved', data: { country_code: query.country_code.toUpperCase(), type, ...needed } } };
  },

  listPhoneNumberRates: ({ query, faults }) => {
    const all = filterRates({ country: query.country_code, prefix: stripPlus(query.prefix) }, faults.has('rates-ignore-prefix'));
    const page = ratePage(all, query.page ?? 1, query.per_page ?? PHONE_LIST_PER_PAGE);
    // The `rates-has-more-on-last-page` fault says there is more on the last page too.
    if (faults.has('rates-has-more-on-last-page')) page.pagination.has_more = page.pagination.current_page <= page.pagination.last_page;
    return { status: 200, body: { success: true, data: page } };
  },

  getPhoneNumberChannelsByNumber: ({ ws, query, faults }) => {
    // The fault channels-lookup-needs-plus compares the number as given, so one without its `+` is never found.
    const wanted = faults.has('channels-lookup-needs-plus') ? query.number : normalizeE164(query.number);
    const n = ws.phone_numbers.find((p) => p.number === wanted);
    if (!n) throw errors.notFound('Phone number');
    return { status: 200, body: { success: true, message: 'Phone number channels retrieved', data: channelSnapshot(ws, n) } };
  },

  getPhoneNumberChannels: ({ ws, path }) => {
    const n = findOr404(ws.phone_numbers, path.uuid, 'Phone number');
    return { status: 200, body: { success: true, message: 'Phone number channels retrieved', data: channelSnapshot(ws, n) } };
  },

  listPhoneNumberTrunks: ({ ws, query }) => {
    const external = ws.phone_numbers
      .filter((p) => p.is_external)
      .sort(byNumber)
      .map((p) => inventoryItem(ws, p));
    return { status: 200, body: { success: true, data: listPage(external, query.page ?? 1, query.per_page ?? PHONE_LIST_PER_PAGE) } };
  },

  createPhoneNumberTrunk: ({ ws, body, now }) => {
    const number = normalizeE164(body.phone_number);
    const existing = ws.phone_numbers.find((p) => p.number === number);
    if (existing && !existing.is_external) {
      throw errors.conflict('Phone number already purchased', `The number ${number} is in this workspace's purchased inventory.`);
    }
    if (existing && trunkRow(existing, body.channel)) {
      throw errors.conflict('Trunk already exists', `The number ${number} is already registered on the ${body.channel} channel.`);
    }
    const agent = findOr404(ws.agents, body.agent_uuid, 'Agent');
    const next = registerTrunk(existing, newUuid(), number, body, now);
    if (servesAnotherNumber(agent, next, body.channel)) {
      throw errors.conflict('Agent already has a number on this channel', `The agent ${agent.uuid} already serves another number on the ${body.channel} channel.`);
    }
    storeNumber(ws, next);
    ws.agents = bindTrunkChannel(ws.agents, next, body.channel, agent.uuid);
    return { status: 201, body: { success: true, message: 'Trunk created', data: channelSnapshot(ws, next) } };
  },

  updatePhoneNumberTrunk: ({ ws, body, now }) => {
    const next = updateTrunk(trunkNumberOr404(ws, body.phone_number, body.channel), body, now);
    storeNumber(ws, next);
    return { status: 200, body: { success: true, message: 'Trunk updated', data: channelSnapshot(ws, next) } };
  },

  assignPhoneNumberTrunk: ({ ws, body, now }) => {
    const n = trunkNumberOr404(ws, body.phone_number, body.channel);
    const agent = findOr404(ws.agents, body.agent_uuid, 'Agent');
    if (agentOnChannel(ws.agents, n, body.channel)?.uuid !== agent.uuid) {
      ws.agents = bindTrunkChannel(ws.agents, n, body.channel, agent.uuid);
      storeNumber(ws, { ...n, updated_at: now });
    }
    return { status: 200, body: { success: true, message: 'Trunk assigned', data: channelSnapshot(ws, n) } };
  },
} satisfies HandlerGroup;
