// Compares a read of a live listing (the listing or its report) with the model: the status only
// moves forward (Importing → Active → Completed), the pace is the last one set and the contact
// count is the one created (contract, inferred).
import type { Answer } from '../../http/client.ts';
import { recordRule } from '../../record/rule.ts';
import { LISTING_STATE, type ListingRecord, STATUS_ORDER, statusMayFollow } from './model.ts';

export interface ListingFacts {
  status: string;
  perMinute: number | undefined;
  contacts: number | undefined;
}

export function observeListing(record: ListingRecord, facts: ListingFacts, answer: Answer, operationId: string, extra: string[] = []): void {
  const problems = [...extra];
  if (!statusMayFollow(record.status, facts.status)) problems.push(`status ${facts.status} after ${record.status}`);
  if (facts.perMinute !== record.pace) problems.push(`pace ${facts.perMinute} per minute, expected ${record.pace}`);
  if (facts.contacts !== record.contacts) problems.push(`${facts.contacts} contacts, expected ${record.contacts}`);
  recordRule(LISTING_STATE, operationId, problems.length === 0 ? true : { message: `listing ${record.uuid}: ${problems.join('; ')}`, part: 'inferred' }, answer);
  if ((STATUS_ORDER as readonly string[]).includes(facts.status)) record.status = facts.status;
}
