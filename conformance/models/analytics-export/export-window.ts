// Pages one window of the export with a small limit through the cursor. The window starts at a
// row the model holds and ends at the created_at of a later row, so a row sits exactly at `to`
// and must be left out. Predicts: every page is in export order and inside [from, to), the pages
// together give each row once (a row of an earlier page given again breaks the paging) in export
// order, and they hold exactly the model's rows of the window.
import type { Answer } from '../../http/client.ts';
import { inconclusive, requireRule } from '../../record/rule.ts';
import { describeAnswer, isSuccess } from '../../rules/verdicts.ts';
import { fieldOf, listOf } from '../answer-fields.ts';
import { ModelCommand } from '../model-command.ts';
import type { Real } from '../model-kit.ts';
import { EXPORT_ORDER, EXPORT_PAGES, EXPORT_RANGE, type ExportModel, type ExportRow, orderProblem } from './model.ts';

export const ROW_NAMES = ['message_uuid', 'created_at'] as const;

/** Pages read at most for one window (the window holds far fewer rows than this allows). */
const MAX_PAGES = 50;

export interface Window {
  /** Index of the model's row the window starts at. */
  start: number;
  /** How many rows after the start the end row is (its created_at is `to`). */
  span: number;
  limit: number;
}

export class ExportWindowCommand extends ModelCommand<ExportModel> {
  readonly w: Window;

  constructor(w: Window) {
    super();
    this.w = w;
  }

  check(model: Readonly<ExportModel>): boolean {
    return model.rows.length >= 2;
  }

  protected async act(model: ExportModel, real: Real): Promise<void> {
    const start = this.w.start % (model.rows.length - 1);
    const endIndex = Math.min(model.rows.length - 1, start + Math.max(1, this.w.span));
    const first = model.rows[start] as ExportRow;
    const end = model.rows[endIndex] as ExportRow;
    const from = first.created_at;
    const to = end.created_at;
    const fromMs = Date.parse(from);
    const toMs = Date.parse(to);
    if (fromMs >= toMs) return; // rows created at the same instant give no window
    const expected = model.rows.filter((r) => Date.parse(r.created_at) >= fromMs && Date.parse(r.created_at) < toMs).map((r) => r.message_uuid);
    const op = real.client.op('exportAnalyticsMessages');
    const seen: ExportRow[] = [];
    let cursor: string | undefined;
    let last: Answer | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const query: Record<string, string> = { from, to, limit: String(this.w.limit), ...(cursor === undefined ? {} : { cursor }) };
      const answer = await real.client.send({ op, query, expectation: { kind: 'accepted', part: op.contract, rule: EXPORT_PAGES.rule, what: 'a page of the message export' } });
      last = answer;
      if (!isSuccess(answer)) {
        requireRule(EXPORT_PAGES, op.operationId, { message: `page ${page + 1} of the window [${from}, ${to}) with limit ${this.w.limit} answered ${describeAnswer(answer)}`, part: 'documented' }, answer);
        return;
      }
      const list = listOf<ExportRow>(op, answer, ROW_NAMES);
      if (!list.ok) return inconclusive(EXPORT_PAGES, op.operationId, list.reason, answer);
      const rows = list.value.items.map((r) => ({ message_uuid: String(r.message_uuid), created_at: String(r.created_at) }));
      const outside = rows.filter((r) => !(Date.parse(r.created_at) >= fromMs && Date.parse(r.created_at) < toMs));
      requireRule(
        EXPORT_RANGE,
        op.operationId,
        outside.length === 0 ? true : { message: `the window [${from}, ${to}) lists ${outside.map((r) => `${r.message_uuid} at ${r.created_at}`).join(', ')}`, part: 'documented' },
        answer,
      );
      requireRule(
        EXPORT_PAGES,
        op.operationId,
        rows.length <= this.w.limit ? true : { message: `a page with limit ${this.w.limit} lists ${rows.length} rows`, part: 'documented' },
        answer,
      );
      const given = new Set(seen.map((r) => r.message_uuid));
      const repeated = rows.filter((r) => given.has(r.message_uuid)).map((r) => r.message_uuid);
      requireRule(
        EXPORT_PAGES,
        op.operationId,
        repeated.length === 0 ? true : { message: `page ${page + 1} of [${from}, ${to}) with limit ${this.w.limit} gives again ${repeated.join(', ')}, already on an earlier page`, part: 'documented' },
        answer,
      );
      seen.push(...rows);
      const problem = orderProblem(seen);
      requireRule(EXPORT_ORDER, op.operationId, problem === undefined ? true : { message: `the pages of [${from}, ${to}) with limit ${this.w.limit} up to page ${page + 1}: ${problem}`, part: 'documented' }, answer);
      const next = fieldOf(op, answer, 'next_cursor');
      if (!next.ok) return inconclusive(EXPORT_PAGES, op.operationId, next.reason, answer);
      if (typeof next.value !== 'string' || next.value === '') break;
      cursor = next.value;
    }
    const got = seen.map((r) => r.message_uuid);
    requireRule(
      EXPORT_PAGES,
      op.operationId,
      JSON.stringify(got) === JSON.stringify(expected)
        ? true
        : { message: `paging [${from}, ${to}) with limit ${this.w.limit} gave ${JSON.stringify(got)}; one large page gives ${JSON.stringify(expected)}`, part: 'documented' },
      last,
    );
  }

  toString(): string {
    return `exportWindow(${JSON.stringify(this.w)})`;
  }
}
