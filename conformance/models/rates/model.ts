// The model of the outbound call rates (seed "Endpoints", GET /api/v1/phone-numbers/rates: "a
// country filter (2-letter country code), a destination prefix filter (starts-with match), and a
// numeric page-size parameter with upper bound 200"; "Outbound call rate item": pagination
// {current_page, per_page, total, last_page, from, to, has_more}). The model keeps rates seen in an
// unfiltered listing, from which the commands draw their filters, and the unfiltered total.
import type { RuleCheck } from '../../record/rule.ts';

export const RATE_FILTERS: RuleCheck = {
  name: 'rate-filters',
  rule: 'seed "Endpoints", GET /api/v1/phone-numbers/rates: every rate listed matches the country filter (2-letter country code) and the destination prefix filter (starts-with match)',
};
export const RATE_PAGINATION: RuleCheck = {
  name: 'rate-pagination',
  rule: 'seed "Outbound call rate item": pagination {current_page, per_page, total, last_page, from, to, has_more} describes the page; "Limits": page size at most 200',
};

export interface RateSample {
  country_code: string;
  destination_prefix: string;
}

export class RatesModel {
  readonly samples: RateSample[];
  readonly total: number;

  constructor(samples: RateSample[], total: number) {
    this.samples = samples;
    this.total = total;
  }
}
