// Runs the purchase model (full mode: it buys numbers). It searches numbers of the United States
// (local, no compliance needed), buys the first and checks the owned list and the channel snapshot,
// then buys the next ones until the cap refuses one (at most MAX_PURCHASES in all).
import type { Answer } from '../../http/client.ts';
import { inconclusive, recordRule } from '../../record/rule.ts';
import { describeAnswer, isSuccess } from '../../rules/verdicts.ts';
import { suite } from '../../suite/context.ts';
import { type CapRefusal, capProblem, MAX_PURCHASES, type OwnedItem, PURCHASE_CAP, PURCHASED_NUMBER_LISTED } from './model.ts';

interface Offer {
  number: string;
  country_code: string;
  type: string;
}

function dataOf<T>(answer: Answer): T | undefined {
  return (answer.json as { data?: T } | undefined)?.data;
}

async function offers(): Promise<Offer[] | undefined> {
  const { client } = suite();
  const op = client.op('searchPhoneNumbers');
  const answer = await client.send({ op, query: { country_code: 'US', type: 'local', limit: String(MAX_PURCHASES + 1) } });
  if (!isSuccess(answer)) return void inconclusive(PURCHASE_CAP, op.operationId, `the search answered ${describeAnswer(answer)}`, answer);
  const items = dataOf<{ items?: Offer[] }>(answer)?.items ?? [];
  if (items.length === 0) inconclusive(PURCHASE_CAP, op.operationId, 'the search offers no number to buy', answer);
  return items;
}

/** The owned numbers, every page (at most 10 pages of 200). */
async function ownedNumbers(): Promise<{ items: OwnedItem[]; answer: Answer } | undefined> {
  const { client } = suite();
  const op = client.op('listPhoneNumbers');
  const items: OwnedItem[] = [];
  let answer: Answer | undefined;
  for (let page = 1; page <= 10; page++) {
    answer = await client.send({ op, query: { page: String(page), per_page: '200' } });
    if (!isSuccess(answer)) return void inconclusive(PURCHASED_NUMBER_LISTED, op.operationId, `the owned list answered ${describeAnswer(answer)}`, answer);
    const data = dataOf<{ items?: OwnedItem[]; pagination?: { has_more?: unknown } }>(answer);
    items.push(...(data?.items ?? []));
    if (data?.pagination?.has_more !== true) break;
  }
  return answer ? { items, answer } : undefined;
}

async function checkListed(bought: OwnedItem, purchase: Answer): Promise<void> {
  const { client } = suite();
  const owned = await ownedNumbers();
  if (!owned) return;
  const listed = owned.items.find((i) => i.phone_number_uuid === bought.phone_number_uuid);
  const op = client.op('listPhoneNumbers');
  if (!listed) {
    recordRule(PURCHASED_NUMBER_LISTED, op.operationId, { message: `the bought number ${String(bought.number)} (${String(bought.phone_number_uuid)}) is not in the owned list`, part: 'published' }, owned.answer);
    return;
  }
  const wrong = listed.source !== 'purchased' || listed.is_external !== false || listed.number !== bought.number;
  recordRule(PURCHASED_NUMBER_LISTED, op.operationId, wrong ? { message: `the owned list shows the bought number as ${JSON.stringify(listed)}`, part: 'published' } : true, owned.answer);
  const snapshotOp = client.op('getPhoneNumberChannels');
  const snapshot = await client.send({ op: snapshotOp, pathParams: { uuid: String(bought.phone_number_uuid) } });
  recordRule(PURCHASED_NUMBER_LISTED, snapshotOp.operationId, isSuccess(snapshot) ? true : { message: `the bought number's channel snapshot answered ${describeAnswer(snapshot)}`, part: 'published' }, snapshot ?? purchase);
}

export async function runPurchaseModel(): Promise<void> {
  const { client } = suite();
  const op = client.op('purchasePhoneNumber');
  const available = await offers();
  if (!available || available.length === 0) return;
  let first = true;
  for (const offer of available.slice(0, MAX_PURCHASES + 1)) {
    const answer = await client.send({ op, json: { number: offer.number, country_code: offer.country_code, type: offer.type } });
    const refusal = (answer.json as { error?: CapRefusal } | undefined)?.error;
    if (answer.response?.status === 403 && refusal?.code === 'purchase_limit_reached') {
      const problem = capProblem(refusal);
      if (problem) return void recordRule(PURCHASE_CAP, op.operationId, { message: problem, part: 'published' }, answer);
      const owned = await ownedNumbers();
      if (!owned) return;
      const bought = owned.items.some((i) => i.number === offer.number);
      recordRule(PURCHASE_CAP, op.operationId, bought ? { message: `the refused number ${offer.number} is owned after the 403`, part: 'published' } : true, answer);
      return;
    }
    if (!isSuccess(answer)) return void inconclusive(PURCHASE_CAP, op.operationId, `buying ${offer.number} answered ${describeAnswer(answer)}`, answer);
    if (first) {
      first = false;
      const bought = dataOf<OwnedItem>(answer);
      if (!bought) inconclusive(PURCHASED_NUMBER_LISTED, op.operationId, 'the purchase answered no data', answer);
      else await checkListed(bought, answer);
    }
  }
  recordRule(PURCHASE_CAP, op.operationId, { message: `${Math.min(available.length, MAX_PURCHASES + 1)} purchases in a row were accepted; the cap never answered 403 purchase_limit_reached`, part: 'published' });
}
