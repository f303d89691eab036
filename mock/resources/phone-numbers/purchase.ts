// Buying a number: only one the search offers (422 naming it otherwise), never one the workspace
// already owns or runs on its own trunk (409), and at most the workspace's cap of active numbers
// bought through the API (403 `purchase_limit_reached` with `limit` and `current`, published, in
// Shape B; the default cap of 5 is inferred). The bought number is `source: purchased`, `is_external: false`,
// with the search's capabilities and the compliance of its country and type: `completed` once every
// requirement has a value or a document (and the address when one is needed), else `pending`. The
// first active number of a workspace is free.
import { errors } from '../../pipeline/api-error.ts';
import type { PhoneNumberRecord, Schemas, WorkspaceState } from '../../state/workspace.ts';
import { normalizeE164 } from '../shared/lookup.ts';
import { compliance, findOffer, type NumberType, type SearchItem } from './catalogue.ts';
import { countryOfNumber } from './rates.ts';

export type PurchaseBody = Schemas['PhoneNumberPurchase'];

/** Active numbers a workspace may buy through the API when it sets no cap of its own (inferred). */
export const DEFAULT_PURCHASE_LIMIT = 5;

export interface PurchaseCap {
  limit: number;
  current: number;
}

/** The workspace's cap and how many active numbers it has bought through the API. */
export function purchaseCap(ws: WorkspaceState): PurchaseCap {
  const current = ws.phone_numbers.filter((p) => p.via_api === true && (p.status ?? 'active') === 'active').length;
  return { limit: ws.phone_number_purchase_limit ?? DEFAULT_PURCHASE_LIMIT, current };
}

/** The offer a purchase names, or the refusal: 409 for a number already in the workspace, 422 for one not offered. */
export function offerOf(ws: WorkspaceState, body: PurchaseBody): SearchItem {
  const number = normalizeE164(body.number);
  const owned = ws.phone_numbers.find((p) => p.number === number);
  if (owned) {
    const where = owned.is_external ? 'registered as an external trunk' : 'already in the inventory';
    throw errors.conflict('Phone number already owned', `The number ${number} is ${where} of this workspace.`);
  }
  const country = body.country_code ?? countryOfNumber(number) ?? '';
  const offer = findOffer(number, country, body.type as NumberType | undefined);
  if (!offer) {
    throw errors.validation('VALIDATION_ERROR', `The number ${number} is not available for purchase${body.type ? ` as a ${body.type} number` : ''} in ${country.toUpperCase() || 'any country'}; search for one first.`, 'number');
  }
  return offer;
}

/** Every requirement of the country and type answered, and the address given when one is needed. */
function complianceOf(offer: SearchItem, body: PurchaseBody): NonNullable<PhoneNumberRecord['compliance']> {
  const needed = compliance(offer.country_code, offer.type);
  const answers = body.requirements ?? [];
  const answered = needed.requirements.every((r) =>
    answers.some((a) => (a.key === r.key || a.requirement_id === r.requirement_id) && ((a.value ?? '') !== '' || (a.document_id ?? '') !== '')),
  );
  const complete = answered && (!needed.address_required || body.address !== undefined);
  return { status: complete ? 'completed' : 'pending', requirements: needed.requirements.map((r) => ({ name: r.name, type: r.type, description: r.description })) };
}

/** The record of a bought number. */
export function boughtNumber(ws: WorkspaceState, uuid: string, offer: SearchItem, body: PurchaseBody, now: Date): PhoneNumberRecord {
  const caps = { ...offer.capabilities, ...body.capabilities };
  const firstActive = !ws.phone_numbers.some((p) => (p.status ?? 'active') === 'active');
  const destinations = [offer.country_code];
  return {
    uuid,
    number: offer.number,
    is_external: false,
    source: 'purchased',
    call: { capable: caps.voice, enabled: caps.voice, channel_limit: 1, whitelisted_destinations: caps.voice ? destinations : [] },
    sms: { capable: caps.sms, enabled: caps.sms, channel_limit: caps.sms ? 1 : 0, whitelisted_destinations: caps.sms ? [...destinations] : [] },
    inbound: { enabled: caps.voice, channel_limit: caps.voice ? 1 : 0 },
    country_code: offer.country_code,
    location: body.location ?? offer.country_code,
    type: offer.type,
    status: 'active',
    monthly_fee: firstActive ? 0 : (body.monthly_fee ?? offer.monthly_fee),
    currency: offer.currency,
    purchased_at: now,
    updated_at: now,
    capabilities: caps,
    compliance: complianceOf(offer, body),
    ...(body.address ? { address: structuredClone(body.address) } : {}),
    ...(body.requirements ? { requirement_answers: structuredClone(body.requirements) } : {}),
    via_api: true,
  };
}
