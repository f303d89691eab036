// Reads the status of a listing's campaign (GET /api/v1/campaigns/{uuid}), where the contract
// puts it; `gone` when the campaign no longer exists (its listing was deleted: seed "Deleting a
// listing removes the listing campaign").
import type { Answer } from '../../http/client.ts';
import { describeAnswer, isSuccess } from '../../rules/verdicts.ts';
import { stringOf } from '../answer-fields.ts';
import type { Real } from '../model-kit.ts';
import type { ListingRef } from './model.ts';

export interface CampaignRead {
  status: string;
  answer: Answer;
}

/** Why the status could not be read, with the answer that shows it. */
export interface Unreadable {
  reason: string;
  answer: Answer;
}

export async function readCampaignStatus(real: Real, listing: ListingRef): Promise<CampaignRead | Unreadable> {
  const op = real.client.op('getCampaign');
  const answer = await real.client.send({ op, pathParams: { uuid: listing.campaignUuid } });
  if (answer.response?.status === 404) return { status: 'gone', answer };
  if (!isSuccess(answer)) return { reason: `reading campaign ${listing.campaignUuid} answered ${describeAnswer(answer)}`, answer };
  const status = stringOf(op, answer, 'status');
  if (!status.ok) return { reason: `reading campaign ${listing.campaignUuid}: ${status.reason}`, answer };
  listing.campaignStatus = status.value;
  return { status: status.value, answer };
}
