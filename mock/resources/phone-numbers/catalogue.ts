// The numbers the service offers for purchase and the compliance each country and type asks for.
// Generated deterministically from the rate table's countries (their fixed-line areas and mobile
// prefixes), like the rates: the same offer on every call, a few numbers per area or prefix. The
// North American plan (calling code 1) has no mobile or national ranges and needs no compliance.
import type { Schemas } from '../../state/workspace.ts';
import { COUNTRIES, type Country, spread } from './rates.ts';

export type NumberType = 'local' | 'toll_free' | 'mobile' | 'national';
export type SearchItem = Schemas['PhoneNumberSearchItem'];
export type Requirement = Schemas['PhoneNumberRequirement'];

export const NUMBER_TYPES: readonly NumberType[] = ['local', 'toll_free', 'mobile', 'national'];

/** Numbers offered per area (local) or range (the first three mobile prefixes, toll-free 800, national 87). */
const PER_RANGE = 4;

/** A stable FNV-1a hash of a text. */
function hash(text: string): number {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  return h;
}

/** A stable UUID (version 4 layout) named by a text. */
function stableUuid(text: string): string {
  const hex = [0, 1, 2, 3].map((i) => hash(`${i}:${text}`).toString(16).padStart(8, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function isNorthAmerican(c: Country): boolean {
  return c.cc === '1';
}

/** The ranges a country offers for a type: [prefix after the calling code, location]. */
function ranges(c: Country, type: NumberType): Array<[string, string]> {
  if (type === 'local') return c.areas.filter(([area]) => area !== '');
  if (type === 'mobile') return c.mobile.slice(0, 3).map((m) => [m, c.name]);
  if (type === 'toll_free') return [['800', c.name]];
  return isNorthAmerican(c) ? [] : [['87', c.name]];
}

function capabilities(c: Country, type: NumberType): SearchItem['capabilities'] {
  const na = isNorthAmerican(c);
  const sms = type === 'mobile' || (na && type === 'local');
  return { voice: true, sms, mms: sms && na, fax: false, emergency: type === 'local', local_calling: type === 'local' || type === 'national' };
}

const BASE_FEE: Record<NumberType, number> = { local: 1, national: 1.5, mobile: 2, toll_free: 3 };

function offers(c: Country, type: NumberType): SearchItem[] {
  const out: SearchItem[] = [];
  for (const [prefix, location] of ranges(c, type)) {
    const subscriberLength = Math.max(6, 10 - prefix.length);
    for (let i = 0; i < PER_RANGE; i++) {
      const seed = String(hash(`${c.code}:${type}:${prefix}:${i}`) % 10 ** (subscriberLength - 2)).padStart(subscriberLength - 2, '0');
      const number = `+${c.cc}${prefix}${seed}${String(i).padStart(2, '0')}`;
      const fee = Math.round((BASE_FEE[type] + spread(number) / 2) * 100) / 100;
      out.push({ number, country_code: c.code, type, location, monthly_fee: fee, currency: 'EUR', capabilities: capabilities(c, type) });
    }
  }
  return out.sort((a, b) => (a.number < b.number ? -1 : a.number > b.number ? 1 : 0));
}

function country(code: string): Country | undefined {
  const wanted = code.toUpperCase();
  return COUNTRIES.find((c) => c.code === wanted);
}

/** Every number offered in a country for a type, ordered by number (none for an unknown country). */
export function offered(countryCode: string, type: NumberType): SearchItem[] {
  const c = country(countryCode);
  return c ? offers(c, type) : [];
}

/** The offer of a number in a country, under the type given or under any type. */
export function findOffer(number: string, countryCode: string, type: NumberType | undefined): SearchItem | undefined {
  for (const t of type ? [type] : NUMBER_TYPES) {
    const found = offered(countryCode, t).find((o) => o.number === number);
    if (found) return found;
  }
  return undefined;
}

export interface Compliance {
  address_required: boolean;
  requirements: Requirement[];
}

/** What a purchase of a number of the country and type must answer. */
export function compliance(countryCode: string, type: NumberType): Compliance {
  const code = countryCode.toUpperCase();
  const c = country(code);
  if (!c || isNorthAmerican(c)) return { address_required: false, requirements: [] };
  const req = (key: string, name: string, kind: 'textual' | 'document', description: string): Requirement => ({
    requirement_id: stableUuid(`${code}:${type}:${key}`),
    key,
    name,
    type: kind,
    description,
  });
  if (type === 'toll_free') return { address_required: false, requirements: [req('business_use', 'Business use', 'textual', 'What the number will be used for.')] };
  if (type === 'mobile') return { address_required: true, requirements: [req('identity_document', 'Identity document', 'document', 'An identity document of the number holder.')] };
  return { address_required: true, requirements: [req('proof_of_address', 'Proof of address', 'document', "A document showing an address in the number's country.")] };
}
