// The purchase of phone numbers (published: buy-a-phone-number, list-your-phone-numbers): a number
// the search offers, once bought, is in the owned list with the answered uuid, `source: purchased`
// and not external, and its channel snapshot reads; past the workspace's cap of numbers bought
// through the API the purchase is 403 `purchase_limit_reached` with an integer `limit` and
// `current` (current at least limit; in Shape B's `error`, the API document's error shape), and the
// refused number is not owned.
import type { RuleCheck } from '../../record/rule.ts';

export const PURCHASED_NUMBER_LISTED: RuleCheck = {
  name: 'purchased-number-listed',
  rule: 'published buy-a-phone-number, list-your-phone-numbers: a bought number is listed among the owned numbers (same uuid, source purchased, not external) and its channel snapshot reads',
};

export const PURCHASE_CAP: RuleCheck = {
  name: 'phone-number-purchase-cap',
  rule: 'published buy-a-phone-number: past the workspace cap a purchase is 403 purchase_limit_reached with limit and current, and buys nothing (inferred: the cap is at most 10)',
};

/** Purchases tried before the cap must have answered 403 (the mock's default cap is 5; inferred). */
export const MAX_PURCHASES = 10;

export interface OwnedItem {
  phone_number_uuid?: unknown;
  number?: unknown;
  source?: unknown;
  is_external?: unknown;
}

export interface CapRefusal {
  code?: unknown;
  limit?: unknown;
  current?: unknown;
}

/** What is wrong with a cap refusal's `error`, or undefined when it is the published one. */
export function capProblem(error: CapRefusal | undefined): string | undefined {
  if (!error) return 'the 403 has no error';
  if (!Number.isInteger(error.limit) || !Number.isInteger(error.current)) return 'error.limit and error.current are not both integers';
  if ((error.current as number) < (error.limit as number)) return `error.current ${error.current} is below error.limit ${error.limit}`;
  return undefined;
}
