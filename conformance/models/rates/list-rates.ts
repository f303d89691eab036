// GET /api/v1/phone-numbers/rates with filters drawn from rates the model has seen: predicts that
// every item matches the filters (the seed's country and starts-with prefix filters, under their
// published names `country_code` and `prefix`, so a broken filter is a finding on a published
// part), that a filter built from a listed rate finds at least that rate, and that the pagination
// describes the page asked for.
import { fieldOf, listOf } from '../answer-fields.ts';
import { ModelCommand, pickOne } from '../model-command.ts';
import type { Real } from '../model-kit.ts';
import { inconclusive, requireRule } from '../../record/rule.ts';
import { describeAnswer, isSuccess } from '../../rules/verdicts.ts';
import { RATE_FILTERS, RATE_PAGINATION, type RateSample, type RatesModel } from './model.ts';

const PAGING = ['current_page', 'per_page', 'total', 'last_page', 'from', 'to', 'has_more'] as const;

export interface RateQuery {
  pick: number;
  useCountry: boolean;
  /** Digits of the picked rate's prefix used as the prefix filter; 0: no prefix filter. */
  prefixLength: number;
  perPage: number;
  page: number;
}

export class ListRatesCommand extends ModelCommand<RatesModel> {
  readonly q: RateQuery;

  constructor(q: RateQuery) {
    super();
    this.q = q;
  }

  check(model: Readonly<RatesModel>): boolean {
    return model.samples.length > 0;
  }

  protected async act(model: RatesModel, real: Real): Promise<void> {
    const sample = pickOne(model.samples, this.q.pick) as RateSample;
    const country = this.q.useCountry ? sample.country_code : undefined;
    const prefix = this.q.prefixLength > 0 ? sample.destination_prefix.slice(0, this.q.prefixLength) : undefined;
    const query: Record<string, string> = { per_page: String(this.q.perPage), page: String(this.q.page) };
    if (country !== undefined) query.country_code = country;
    if (prefix !== undefined) query.prefix = prefix;
    const op = real.client.op('listPhoneNumberRates');
    const answer = await real.client.send({ op, query, expectation: { kind: 'accepted', part: op.contract, rule: RATE_FILTERS.rule, what: 'a filtered rates page' } });
    if (!isSuccess(answer)) {
      requireRule(RATE_FILTERS, op.operationId, { message: `a rates page with ${JSON.stringify(query)} answered ${describeAnswer(answer)}`, part: 'documented' }, answer);
      return;
    }
    const list = listOf<RateSample>(op, answer, ['country_code', 'destination_prefix']);
    if (!list.ok) return inconclusive(RATE_FILTERS, op.operationId, list.reason, answer);
    const items = list.value.items;
    const wrong = items.filter((r) => (country !== undefined && r.country_code !== country) || (prefix !== undefined && !String(r.destination_prefix).startsWith(prefix)));
    requireRule(
      RATE_FILTERS,
      op.operationId,
      wrong.length === 0
        ? true
        : { message: `with ${JSON.stringify(query)}, ${wrong.length} of ${items.length} rates do not match, e.g. ${JSON.stringify(wrong[0])}`, part: 'published' },
      answer,
    );
    const paging: Record<string, unknown> = {};
    for (const name of PAGING) {
      const read = fieldOf(op, answer, name);
      if (!read.ok) return inconclusive(RATE_PAGINATION, op.operationId, read.reason, answer);
      paging[name] = read.value;
    }
    requireRule(RATE_PAGINATION, op.operationId, paginationProblem(paging, items.length, this.q, model.total, country !== undefined || prefix !== undefined), answer);
  }

  toString(): string {
    return `listRates(${JSON.stringify(this.q)})`;
  }
}

function paginationProblem(p: Record<string, unknown>, count: number, q: RateQuery, unfiltered: number, filtered: boolean): true | { message: string; part: 'published' } {
  const total = Number(p.total);
  const lastPage = Math.max(1, Math.ceil(total / q.perPage));
  const expectedCount = Math.max(0, Math.min(q.perPage, total - (q.page - 1) * q.perPage));
  const from = (q.page - 1) * q.perPage + 1;
  const problems: string[] = [];
  if (p.current_page !== q.page) problems.push(`current_page ${String(p.current_page)} for page ${q.page}`);
  if (p.per_page !== q.perPage) problems.push(`per_page ${String(p.per_page)} for per_page ${q.perPage}`);
  if (count > q.perPage || count > 200) problems.push(`${count} items on a page of ${q.perPage}`);
  if (p.last_page !== lastPage) problems.push(`last_page ${String(p.last_page)} with total ${total}`);
  if (p.has_more !== q.page < lastPage) problems.push(`has_more ${String(p.has_more)} on page ${q.page} of ${lastPage}`);
  if (count !== expectedCount) problems.push(`${count} items where total ${total} gives ${expectedCount} on page ${q.page}`);
  if (count > 0 && (p.from !== from || p.to !== from + count - 1)) problems.push(`from ${String(p.from)}, to ${String(p.to)} for items ${from}..${from + count - 1}`);
  if (filtered && total > unfiltered) problems.push(`a filtered total ${total} above the unfiltered ${unfiltered}`);
  if (filtered && q.prefixLength > 0 && total === 0) problems.push('a filter built from a listed rate matches nothing');
  return problems.length === 0 ? true : { message: `rates pagination: ${problems.join('; ')}`, part: 'published' };
}
