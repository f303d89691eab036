// GET /api/v1/builder-agents (named in prose only; order, filter and shape inferred): newest
// first, every item in the status asked for, and, without a filter, every conversation the suite
// created in this run, each compared with the model as a read is.
import type fc from 'fast-check';
import { hasNextPage } from '../../contract/fields.ts';
import { inconclusive, recordRule } from '../../record/rule.ts';
import { isSuccess } from '../../rules/verdicts.ts';
import { listOf } from '../answer-fields.ts';
import type { Real } from '../model-kit.ts';
import { BUILDER_AGENT_LIST, type BuilderAgentModel, CONVERSATION_FIELDS, type ConversationView, type SettledStatus } from './model.ts';
import { observe } from './observe.ts';

const PER_PAGE = 100;

export class ListBuilderAgentsCommand implements fc.AsyncCommand<BuilderAgentModel, Real> {
  readonly status: SettledStatus | 'processing' | undefined;

  constructor(status: SettledStatus | 'processing' | undefined) {
    this.status = status;
  }

  check(): boolean {
    return true;
  }

  async run(model: BuilderAgentModel, real: Real): Promise<void> {
    const op = real.client.op('listBuilderAgents');
    const answer = await real.client.send({ op, query: { per_page: String(PER_PAGE), ...(this.status ? { status: this.status } : {}) } });
    if (!isSuccess(answer)) {
      recordRule(BUILDER_AGENT_LIST, op.operationId, { message: `listing conversations answered ${answer.response?.status ?? 'nothing'}`, part: 'inferred' }, answer);
      return;
    }
    const list = listOf<ConversationView>(op, answer, [...CONVERSATION_FIELDS, 'created_at']);
    if (!list.ok) return inconclusive(BUILDER_AGENT_LIST, op.operationId, list.reason, answer);
    const items = list.value.items;
    const whole = !hasNextPage(list.value, 1, PER_PAGE);
    const problems: string[] = [];
    const times = items.map((c) => Date.parse(c.created_at ?? ''));
    if (times.some((t, i) => i > 0 && t > (times[i - 1] as number))) problems.push('the list is not newest first');
    if (this.status) {
      const other = items.filter((c) => c.status !== this.status);
      if (other.length > 0) problems.push(`${other.length} item(s) not in status ${this.status}`);
    }
    for (const record of model.conversations) {
      const listed = items.find((c) => c.uuid === record.uuid);
      if (listed) observe(model, record, listed, answer, op.operationId);
      else if (!this.status && whole) problems.push(`conversation ${record.uuid} created by the suite is not listed`);
    }
    recordRule(BUILDER_AGENT_LIST, op.operationId, problems.length === 0 ? true : { message: problems.join('; '), part: 'inferred' }, answer);
  }

  toString(): string {
    return `list(${this.status ?? 'all'})`;
  }
}
