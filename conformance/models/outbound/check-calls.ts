// Reads the call list (GET /api/v1/calls, newest first) and compares it with the model: each call
// the suite had accepted appears once, however often its request_key was retried, and no call
// exists for a request that got 429 (seed "Limits": "nothing is created or sent").
import type fc from 'fast-check';
import type { Answer } from '../../http/client.ts';
import { requireRule } from '../../record/rule.ts';
import { isSuccess } from '../../rules/verdicts.ts';
import { suite } from '../../suite/context.ts';
import type { Real } from '../model-kit.ts';
import { IDEMPOTENCY, type OutboundModel, SEND_NOTHING_CREATED } from './model.ts';

const PAGES = 5;

interface CallRow {
  uuid?: string;
  request_key?: string | null;
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
      last = await real.client.send({ op: list, query: { per_page: '100', page: String(page) } });
      const items = (last.json as { data?: { items?: CallRow[] } } | undefined)?.data?.items;
      if (!isSuccess(last) || !Array.isArray(items) || items.length === 0) break;
      rows.push(...items);
      if (items.length < 100) break;
    }
    if (!rows.some((r) => 'request_key' in r)) return;
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
