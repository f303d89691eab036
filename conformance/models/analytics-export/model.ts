// The model of the analytics message export (seed "Endpoints", GET /api/v1/analytics/messages and
// its query-parameter table: "Rows are sorted by (created_at ascending, message_uuid ascending)",
// "The range is [from, to)", `limit` 1..1000 default 500, `cursor` the previous page's
// `pagination.next_cursor`). The model is one page of the export over a wide range, read with a
// limit large enough for it: the reference each window paged with a small limit must equal.
import type { RuleCheck } from '../../record/rule.ts';

export const EXPORT_ORDER: RuleCheck = {
  name: 'analytics-export-order',
  rule: 'seed "Endpoints", GET /api/v1/analytics/messages: rows are sorted by (created_at ascending, message_uuid ascending), within a page and across the pages of a cursor',
};
export const EXPORT_RANGE: RuleCheck = {
  name: 'analytics-export-range',
  rule: 'seed "Endpoints", GET /api/v1/analytics/messages: the range is [from, to): every row is created at or after from and before to, none at to',
};
export const EXPORT_PAGES: RuleCheck = {
  name: 'analytics-export-pages',
  rule: 'seed "Endpoints", GET /api/v1/analytics/messages: paging with limit and the previous page\'s pagination.next_cursor gives the rows of the range once each, in order, as one page of a large enough limit does',
};

export interface ExportRow {
  message_uuid: string;
  created_at: string;
}

export class ExportModel {
  /** The rows of the wide range, in the order the export gave them. */
  readonly rows: readonly ExportRow[];

  constructor(rows: readonly ExportRow[]) {
    this.rows = rows;
  }
}

/** Whether `a` comes strictly before `b` in export order; undefined when a timestamp does not parse. */
export function before(a: ExportRow, b: ExportRow): boolean | undefined {
  const ta = Date.parse(a.created_at);
  const tb = Date.parse(b.created_at);
  if (Number.isNaN(ta) || Number.isNaN(tb)) return undefined;
  return ta < tb || (ta === tb && a.message_uuid < b.message_uuid);
}

/** The first place a list of rows is not strictly in export order, described; undefined when it is. */
export function orderProblem(rows: readonly ExportRow[]): string | undefined {
  for (let i = 1; i < rows.length; i++) {
    const a = rows[i - 1] as ExportRow;
    const b = rows[i] as ExportRow;
    if (before(a, b) !== true) return `row ${i} (${a.message_uuid} at ${a.created_at}) is followed by ${b.message_uuid} at ${b.created_at}`;
  }
  return undefined;
}
