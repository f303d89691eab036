// Seed "Time handling" rule 5: every response carries an `X-Timezone` header naming the zone that
// was applied, an IANA identifier.
import { IANAZone } from 'luxon';
import type { ExchangeCheck } from './check.ts';
import { violation } from './check.ts';

export const timezoneHeader: ExchangeCheck = {
  name: 'timezone-header',
  rule: 'seed "Time handling" rule 5: every response carries X-Timezone naming the applied IANA zone',
  run(ex) {
    const zone = ex.response.headers['x-timezone'];
    if (zone === undefined || zone.trim() === '') return violation('the X-Timezone header is missing', 'documented');
    if (!IANAZone.isValidZone(zone)) return violation(`X-Timezone "${zone}" is not an IANA time zone`, 'documented');
    return 'pass';
  },
};
