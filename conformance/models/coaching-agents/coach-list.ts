// Reads every coaching agent of the workspace (GET /api/v1/coaching-agents, page by page), each
// with the fields the model needs, where the contract puts the list and its paging fields.
import { hasNextPage } from '../../contract/fields.ts';
import type { Answer } from '../../http/client.ts';
import { describeAnswer, isSuccess } from '../../rules/verdicts.ts';
import { listOf } from '../answer-fields.ts';
import type { Real } from '../model-kit.ts';
import type { CoachView } from './model.ts';

const PER_PAGE = 100;
const MAX_PAGES = 20;

export interface CoachList {
  items: CoachView[];
  /** The last page's answer (the evidence a finding shows). */
  answer: Answer;
}

/** Why the list could not be read whole, with the answer that shows it. */
export interface Unreadable {
  reason: string;
  answer: Answer | undefined;
}

/** The fields of a listed coaching agent every reader needs. */
const NEEDED = ['uuid', 'is_default'];

/** Every coaching agent, each with the fields every reader needs and `more`, or why they cannot be read. */
export async function listAllCoaches(real: Real, perPage = PER_PAGE, more: readonly string[] = []): Promise<CoachList | Unreadable> {
  const op = real.client.op('listCoachingAgents');
  const items: CoachView[] = [];
  let answer: Answer | undefined;
  for (let page = 1; page <= MAX_PAGES; page++) {
    answer = await real.client.send({ op, query: { page: String(page), per_page: String(perPage) } });
    if (!isSuccess(answer)) return { reason: `listing the coaching agents answered ${describeAnswer(answer)}`, answer };
    const read = listOf<CoachView>(op, answer, [...NEEDED, ...more]);
    if (!read.ok) return { reason: read.reason, answer };
    items.push(...read.value.items);
    if (!hasNextPage(read.value, page, perPage)) break;
  }
  return answer ? { items, answer } : { reason: 'the coaching agents were not listed', answer };
}
