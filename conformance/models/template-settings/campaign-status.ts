// Reads the status of a listing's campaign (GET /api/v1/campaigns/{uuid}); `gone` when the
// campaign no longer exists (its listing was deleted: seed "Deleting a listing removes the listing
// campaign").
import type { Answer } from '../../http/client.ts';
import { isSuccess } from '../../rules/verdicts.ts';
import type { Real } from '../model-kit.ts';
import type { ListingRef } from './model.ts';

export interface CampaignRead {
  status: string;
  answer: Answer;
}

export async function readCampaignStatus(real: Real, listing: ListingRef): Promise<CampaignRead | undefined> {
  const answer = await real.client.send({ op: real.client.op('getCampaign'), pathParams: { uuid: listing.campaignUuid } });
  if (answer.response?.status === 404) return { status: 'gone', answer };
  const status = (answer.json as { data?: { status?: unknown } } | undefined)?.data?.status;
  if (!isSuccess(answer) || typeof status !== 'string') return undefined;
  listing.campaignStatus = status;
  return { status, answer };
}
