// Reads every coaching agent of the workspace (GET /api/v1/coaching-agents, page by page).
import type { Answer } from '../../http/client.ts';
import { isSuccess } from '../../rules/verdicts.ts';
import type { Real } from '../model-kit.ts';
import type { CoachView } from './model.ts';

const PER_PAGE = 100;
const MAX_PAGES = 20;

export interface CoachList {
  items: CoachView[];
  /** The last page's answer (the evidence a finding shows). */
  answer: Answer;
}

export async function listAllCoaches(real: Real, perPage = PER_PAGE): Promise<CoachList | undefined> {
  const op = real.client.op('listCoachingAgents');
  const items: CoachView[] = [];
  let answer: Answer | undefined;
  for (let page = 1; page <= MAX_PAGES; page++) {
    answer = await real.client.send({ op, query: { page: String(page), per_page: String(perPage) } });
    const data = (answer.json as { data?: { items?: CoachView[]; pagination?: { total_pages?: number } } } | undefined)?.data;
    if (!isSuccess(answer) || !Array.isArray(data?.items)) return undefined;
    items.push(...data.items);
    if (data.items.length < perPage || page >= (data.pagination?.total_pages ?? page)) break;
  }
  return answer ? { items, answer } : undefined;
}
