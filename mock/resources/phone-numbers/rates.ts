// The outbound call rate table (seed "Outbound call rate item"): per minute and per destination,
// the same for every workspace (it is the service's price list, not workspace data). Generated
// once, deterministically, from a compact list of countries with their fixed-line areas and
// mobile prefixes; ordered by country_code, then destination_prefix.
import type { Schemas } from '../../state/workspace.ts';

export type RateItem = Schemas['PhoneNumberRateItem'];

export interface Country {
  code: string;
  name: string;
  /** The country calling code, digits. */
  cc: string;
  /** Fixed-line areas: [prefix after the calling code, area name]. */
  areas: Array<[string, string]>;
  /** Mobile prefixes after the calling code. */
  mobile: string[];
  /** Price per minute of a fixed-line destination, USD. */
  base: number;
}

export const COUNTRIES: readonly Country[] = [
  { code: 'AT', name: 'Austria', cc: '43', areas: [['1', 'Vienna'], ['316', 'Graz'], ['512', 'Innsbruck'], ['662', 'Salzburg'], ['732', 'Linz']], mobile: ['650', '660', '664', '676', '680', '681', '688', '699'], base: 0.018 },
  { code: 'AU', name: 'Australia', cc: '61', areas: [['2', 'New South Wales'], ['3', 'Victoria'], ['7', 'Queensland'], ['8', 'Western Australia']], mobile: ['4', '40', '41', '42', '43', '44', '45'], base: 0.021 },
  { code: 'BE', name: 'Belgium', cc: '32', areas: [['2', 'Brussels'], ['3', 'Antwerp'], ['4', 'Liège'], ['9', 'Ghent']], mobile: ['460', '470', '471', '472', '473', '474', '475', '476', '477', '478', '479', '48', '49'], base: 0.02 },
  { code: 'BR', name: 'Brazil', cc: '55', areas: [['11', 'São Paulo'], ['21', 'Rio de Janeiro'], ['31', 'Belo Horizonte'], ['61', 'Brasília']], mobile: ['119', '219', '319', '619'], base: 0.03 },
  { code: 'CA', name: 'Canada', cc: '1', areas: [['204', 'Manitoba'], ['416', 'Toronto'], ['514', 'Montreal'], ['604', 'Vancouver'], ['613', 'Ottawa'], ['647', 'Toronto'], ['780', 'Edmonton']], mobile: [], base: 0.011 },
  { code: 'CH', name: 'Switzerland', cc: '41', areas: [['21', 'Lausanne'], ['22', 'Geneva'], ['31', 'Bern'], ['44', 'Zurich'], ['61', 'Basel'], ['91', 'Lugano']], mobile: ['75', '76', '77', '78', '79'], base: 0.025 },
  { code: 'CZ', name: 'Czech Republic', cc: '420', areas: [['2', 'Prague'], ['5', 'Brno']], mobile: ['60', '70', '72', '73', '77', '79'], base: 0.022 },
  { code: 'DE', name: 'Germany', cc: '49', areas: [['30', 'Berlin'], ['40', 'Hamburg'], ['69', 'Frankfurt'], ['89', 'Munich'], ['211', 'Düsseldorf'], ['221', 'Cologne'], ['341', 'Leipzig'], ['711', 'Stuttgart']], mobile: ['151', '152', '155', '157', '159', '160', '162', '163', '170', '171', '172', '173', '174', '175', '176', '177', '178', '179'], base: 0.012 },
  { code: 'DK', name: 'Denmark', cc: '45', areas: [['3', 'Copenhagen'], ['8', 'Aarhus']], mobile: ['2', '30', '31', '40', '41', '42', '50', '60'], base: 0.019 },
  { code: 'ES', name: 'Spain', cc: '34', areas: [['91', 'Madrid'], ['93', 'Barcelona'], ['95', 'Seville'], ['96', 'Valencia']], mobile: ['6', '60', '61', '62', '63', '64', '65', '66', '67', '68', '69', '7'], base: 0.016 },
  { code: 'FI', name: 'Finland', cc: '358', areas: [['9', 'Helsinki'], ['2', 'Turku']], mobile: ['40', '41', '44', '45', '50'], base: 0.024 },
  { code: 'FR', name: 'France', cc: '33', areas: [['1', 'Paris'], ['2', 'North-West'], ['3', 'North-East'], ['4', 'South-East'], ['5', 'South-West']], mobile: ['6', '60', '61', '62', '63', '64', '65', '66', '67', '68', '69', '7'], base: 0.015 },
  { code: 'GB', name: 'United Kingdom', cc: '44', areas: [['20', 'London'], ['113', 'Leeds'], ['121', 'Birmingham'], ['131', 'Edinburgh'], ['141', 'Glasgow'], ['161', 'Manchester']], mobile: ['71', '73', '74', '75', '77', '78', '79'], base: 0.014 },
  { code: 'IE', name: 'Ireland', cc: '353', areas: [['1', 'Dublin'], ['21', 'Cork'], ['61', 'Limerick']], mobile: ['83', '85', '86', '87', '89'], base: 0.018 },
  { code: 'IN', name: 'India', cc: '91', areas: [['11', 'Delhi'], ['22', 'Mumbai'], ['33', 'Kolkata'], ['44', 'Chennai'], ['80', 'Bengaluru']], mobile: ['7', '8', '9'], base: 0.027 },
  { code: 'IT', name: 'Italy', cc: '39', areas: [['02', 'Milan'], ['06', 'Rome'], ['011', 'Turin'], ['055', 'Florence'], ['081', 'Naples']], mobile: ['32', '33', '34', '35', '36', '37', '38', '39'], base: 0.017 },
  { code: 'JP', name: 'Japan', cc: '81', areas: [['3', 'Tokyo'], ['6', 'Osaka'], ['52', 'Nagoya']], mobile: ['70', '80', '90'], base: 0.035 },
  { code: 'LU', name: 'Luxembourg', cc: '352', areas: [['2', 'Luxembourg City']], mobile: ['621', '661', '671', '691'], base: 0.02 },
  { code: 'MX', name: 'Mexico', cc: '52', areas: [['55', 'Mexico City'], ['33', 'Guadalajara'], ['81', 'Monterrey']], mobile: ['1'], base: 0.019 },
  { code: 'NL', name: 'Netherlands', cc: '31', areas: [['10', 'Rotterdam'], ['20', 'Amsterdam'], ['30', 'Utrecht'], ['70', 'The Hague']], mobile: ['6', '61', '62', '63', '64', '65'], base: 0.016 },
  { code: 'NO', name: 'Norway', cc: '47', areas: [['2', 'Oslo'], ['55', 'Bergen']], mobile: ['4', '9'], base: 0.021 },
  { code: 'NZ', name: 'New Zealand', cc: '64', areas: [['4', 'Wellington'], ['9', 'Auckland']], mobile: ['21', '22', '27', '29'], base: 0.026 },
  { code: 'PL', name: 'Poland', cc: '48', areas: [['22', 'Warsaw'], ['12', 'Kraków'], ['71', 'Wrocław']], mobile: ['50', '51', '53', '57', '60', '66', '69', '72', '73', '78', '79', '88'], base: 0.017 },
  { code: 'PT', name: 'Portugal', cc: '351', areas: [['21', 'Lisbon'], ['22', 'Porto']], mobile: ['91', '92', '93', '96'], base: 0.018 },
  { code: 'SE', name: 'Sweden', cc: '46', areas: [['8', 'Stockholm'], ['31', 'Gothenburg'], ['40', 'Malmö']], mobile: ['70', '72', '73', '76', '79'], base: 0.018 },
  { code: 'SG', name: 'Singapore', cc: '65', areas: [['6', 'Fixed']], mobile: ['8', '9'], base: 0.015 },
  { code: 'US', name: 'United States', cc: '1', areas: [['', 'Other'], ['202', 'Washington'], ['212', 'New York'], ['213', 'Los Angeles'], ['305', 'Miami'], ['310', 'Los Angeles'], ['312', 'Chicago'], ['415', 'San Francisco'], ['512', 'Austin'], ['617', 'Boston'], ['646', 'New York'], ['702', 'Las Vegas'], ['713', 'Houston'], ['718', 'New York'], ['808', 'Hawaii'], ['907', 'Alaska']], mobile: [], base: 0.01 },
  { code: 'ZA', name: 'South Africa', cc: '27', areas: [['11', 'Johannesburg'], ['21', 'Cape Town']], mobile: ['6', '7', '8'], base: 0.04 },
];

/** A stable number in [0, 1) from a prefix, so prices vary by destination but never between runs. */
export function spread(text: string): number {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  return (h % 1000) / 1000;
}

function rows(c: Country): RateItem[] {
  const northAmerica = c.cc === '1';
  const item = (prefix: string, description: string, factor: number): RateItem => ({
    country_code: c.code,
    country_name: c.name,
    destination_prefix: prefix,
    origination: 'any',
    description,
    min_duration_seconds: northAmerica ? 6 : factor > 1 ? 30 : 0,
    billing_increment_seconds: northAmerica ? 6 : factor > 1 ? 6 : 1,
    price: { amount: Math.round(c.base * factor * (1 + spread(prefix) / 5) * 10000) / 10000, currency: 'USD' },
  });
  const out: RateItem[] = [];
  if (!northAmerica) out.push(item(c.cc, `${c.name} - Fixed`, 1));
  for (const [area, name] of c.areas) out.push(item(`${c.cc}${area}`, `${c.name} - Fixed ${name}`, 1));
  for (const m of c.mobile) out.push(item(`${c.cc}${m}`, `${c.name} - Mobile`, 3));
  return out;
}

let table: readonly RateItem[] | undefined;

/**
 * Every rate, ordered by country_code, then destination_prefix; no two share both. Built on first
 * use (its sort by localeCompare was a noticeable part of the mock's startup).
 */
export function allRates(): readonly RateItem[] {
  table ??= COUNTRIES.flatMap(rows).sort(
    (a, b) => a.country_code.localeCompare(b.country_code) || (a.destination_prefix < b.destination_prefix ? -1 : a.destination_prefix > b.destination_prefix ? 1 : 0),
  );
  return table;
}

/** The country of an E.164 number by its longest matching destination prefix; undefined when none matches. */
export function countryOfNumber(e164: string): string | undefined {
  const digits = e164.replace(/^\+/, '');
  let best: RateItem | undefined;
  for (const rate of allRates()) {
    if (digits.startsWith(rate.destination_prefix) && (!best || rate.destination_prefix.length > best.destination_prefix.length)) best = rate;
  }
  return best?.country_code;
}

export interface RateFilter {
  country?: string;
  prefix?: string;
}

/** The rates matching the filters: country case-insensitively, prefix as a starts-with match. */
export function filterRates(filter: RateFilter, ignorePrefix = false): RateItem[] {
  const country = filter.country?.toUpperCase();
  return allRates().filter(
    (r) => (country === undefined || r.country_code === country) && (ignorePrefix || filter.prefix === undefined || r.destination_prefix.startsWith(filter.prefix)),
  );
}

export interface ListPage<T> {
  items: T[];
  pagination: Schemas['PhoneNumberRatePagination'];
}

/** One page of a list with the seed's pagination {current_page, per_page, total, last_page, from, to, has_more}. */
export function listPage<T>(all: readonly T[], page: number, perPage: number): ListPage<T> {
  const start = (page - 1) * perPage;
  const items = all.slice(start, start + perPage);
  const lastPage = Math.max(1, Math.ceil(all.length / perPage));
  return {
    items,
    pagination: {
      current_page: page,
      per_page: perPage,
      total: all.length,
      last_page: lastPage,
      from: items.length > 0 ? start + 1 : null,
      to: items.length > 0 ? start + items.length : null,
      has_more: page < lastPage,
    },
  };
}

/** One page of the rates, each a copy. */
export function ratePage(all: RateItem[], page: number, perPage: number): ListPage<RateItem> {
  const result = listPage(all, page, perPage);
  return { ...result, items: result.items.map((r) => ({ ...r, price: { ...r.price } })) };
}
