// The model of a data table's records (seed "What the service does" > Tables: "Tables are filled by
// direct record operations"; the contract's record operations: an add stores the values sent, with
// null for the columns left out; an update merges the values sent into the stored record; a delete
// removes the records). The model keeps the table the suite created in this run, its typed columns
// and the values it expects each record to hold.
import type { Read } from '../../contract/fields.ts';
import type { SuiteOperation } from '../../contract/operation.ts';
import type { Answer } from '../../http/client.ts';
import type { RuleCheck } from '../../record/rule.ts';
import { resourceOf } from '../answer-fields.ts';

export const DATA_TABLE_RECORDS: RuleCheck = {
  name: 'data-table-records',
  rule: 'seed "What the service does" > Tables: filled by direct record operations; the table\'s records equal what was added, updated (values merged) and deleted',
};

/** The columns of the suite's table, one of each type the tests can compare exactly. */
export const COLUMNS = [
  { key: 'label', name: 'Label', type: 'text' },
  { key: 'amount', name: 'Amount', type: 'number' },
  { key: 'active', name: 'Active', type: 'boolean' },
  { key: 'day', name: 'Day', type: 'date' },
  { key: 'link', name: 'Link', type: 'url' },
  { key: 'extra', name: 'Extra', type: 'json' },
] as const;

export type ColumnKey = (typeof COLUMNS)[number]['key'];
export type Values = Partial<Record<ColumnKey, unknown>>;

export interface RowRecord {
  uuid: string;
  /** Every column, as the model expects it stored. */
  values: Record<ColumnKey, unknown>;
}

export class DataTableModel {
  readonly tableUuid: string;
  readonly rows: RowRecord[] = [];

  constructor(tableUuid: string) {
    this.tableUuid = tableUuid;
  }
}

export interface RowView {
  uuid: string;
  values: Record<string, unknown>;
}

export interface RecordsResultView {
  table_uuid: string;
  record_count: number;
  records: RowView[];
}

/** The records result an add or update answer carries, where the contract puts it. */
export function recordsResultOf(op: SuiteOperation, answer: Answer): Read<RecordsResultView> {
  return resourceOf<RecordsResultView>(op, answer, ['table_uuid', 'record_count', 'records']);
}

/** Every column with the given values, null for the rest. */
export function full(values: Values): Record<ColumnKey, unknown> {
  const out = {} as Record<ColumnKey, unknown>;
  for (const column of COLUMNS) out[column.key] = values[column.key] === undefined ? null : values[column.key];
  return out;
}

/** Where `got` differs from the expected values, one line per column. */
export function differences(expected: Record<ColumnKey, unknown>, got: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const column of COLUMNS) {
    if (JSON.stringify(got[column.key] ?? null) !== JSON.stringify(expected[column.key])) {
      out.push(`${column.key}: expected ${JSON.stringify(expected[column.key])}, got ${JSON.stringify(got[column.key])}`);
    }
  }
  return out;
}

let names = 0;
const runTag = Math.random().toString(36).slice(2, 8);

/** A table name no earlier table of this suite run has. */
export function freshTableName(): string {
  names++;
  return `Conformance table ${runTag}-${names}`;
}
