// Reads the call list (GET /api/v1/calls, newest first) and compares it with the model: each call
// the suite had accepted appears once, however often its request_key was retried, and no call
// exists for a request that got 429 (seed "Limits": "nothing is created or sent").
import type fc from 'fast-check';
import { hasNextPage } from '../../contract/fields.ts';
import type { Answer } from '../../http/client.ts';
import { inconclusive, requireRule } from '../../record/rule.ts';
import { describeAnswer, isSuccess } from '../../rules/verdicts.ts';
import { suite } from '../../suite/context.ts';
import { listOf } from '../answer-fields.ts';
import type { Real } from '../model-kit.ts';
import { IDEMPOTENCY, type OutboundModel, SEND_NOTHING_CREATED } from './model.ts';

const PAGES = 5;
const PER_PAGE = 100;

interface CallRow {
  request_key: string | null;
}

export class CheckCallsCommand implements fc.AsyncCommand<OutboundModel, Real> {
  check(model: OutboundModel): boolean {
    return [...model.accepted, ...model.refused].some((s) => s.operationId === 'startCall');
  }

  async run(model: OutboundModel, real: Real): Promise<void> {
    const list = suite().contract.byId.get('listCalls');
    if (!list) return;
    const rows: CallRow[] = [];
    let last: Answer | undefined;
    for (let page = 1; page <= PAGES; page++) {
      last = await real.client.send({ op: list, query: { per_page: String(PER_PAGE), page: String(page) } });
      if (!isSuccess(last)) return inconclusive(IDEMPOTENCY, list.operationId, `listing the calls answered ${describeAnswer(last)}`, last);
      const read = listOf<CallRow>(list, last, ['request_key']);
      if (!read.ok) return inconclusive(IDEMPOTENCY, list.operationId, read.reason, last);
      rows.push(...read.value.items);
      if (!hasNextPage(read.value, page, PER_PAGE)) break;
    }
    for (const sent of model.accepted.filter((s) => s.operationId === 'startCall')) {
      const copies = rows.filter((r) => r.request_key === sent.requestKey).length;
      requireRule(IDEMPOTENCY, 'listCalls', copies <= 1 ? true : { message: `${copies} calls carry request_key "${sent.requestKey}"`, part: 'documented' }, last);
    }
    for (const refused of model.refused.filter((s) => s.operationId === 'startCall')) {
      const created = rows.filter((r) => r.request_key === refused.requestKey).length;
      requireRule(SEND_NOTHING_CREATED, 'listCalls', created === 0 ? true : { message: `a call with request_key "${refused.requestKey}" exists although its request got 429`, part: 'documented' }, last);
    }
  }

  toString(): string {
    return 'checkCalls';
  }
}
