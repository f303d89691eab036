// The model of a data table's records (seed "What the service does" > Tables: "Tables are filled by
// direct record operations"; the contract's record operations: an add stores the values sent, keyed
// by column name, with null for the columns left out; an update merges the values sent into the
// stored record; a delete removes the records). The model keeps the table the suite created in this
// run, its typed columns (the published `{name, data_type}`) and the values it expects each record
// to hold.
import type { Read } from '../../contract/fields.ts';
import type { SuiteOperation } from '../../contract/operation.ts';
import type { Answer } from '../../http/client.ts';
import type { RuleCheck } from '../../record/rule.ts';
import { resourceOf } from '../answer-fields.ts';

export const DATA_TABLE_RECORDS: RuleCheck = {
  name: 'data-table-records',
  rule: 'seed "What the service does" > Tables: filled by direct record operations; the table\'s records equal what was added, updated (values merged) and deleted',
};

/** The columns of the suite's table, one of each type the tests can compare exactly; records are keyed by these names. */
export const COLUMNS = [
  { name: 'label', data_type: 'text' },
  { name: 'amount', data_type: 'number' },
  { name: 'active', data_type: 'boolean' },
  { name: 'day', data_type: 'date' },
  { name: 'link', data_type: 'url' },
  { name: 'extra', data_type: 'json' },
] as const;

export type ColumnKey = (typeof COLUMNS)[number]['name'];
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

/** The record an answer carries (the single-record update), where the contract puts it. */
export function recordOf(op: SuiteOperation, answer: Answer): Read<RowView> {
  return resourceOf<RowView>(op, answer, ['uuid', 'values']);
}

/** The records result an add or bulk update answer carries, where the contract puts it. */
export function recordsResultOf(op: SuiteOperation, answer: Answer): Read<RecordsResultView> {
  return resourceOf<RecordsResultView>(op, answer, ['table_uuid', 'record_count', 'records']);
}

/** Every column with the given values, null for the rest. */
export function full(values: Values): Record<ColumnKey, unknown> {
  const out = {} as Record<ColumnKey, unknown>;
  for (const column of COLUMNS) out[column.name] = values[column.name] === undefined ? null : values[column.name];
  return out;
}

/** Where `got` differs from the expected values, one line per column. */
export function differences(expected: Record<ColumnKey, unknown>, got: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const column of COLUMNS) {
    if (JSON.stringify(got[column.name] ?? null) !== JSON.stringify(expected[column.name])) {
      out.push(`${column.name}: expected ${JSON.stringify(expected[column.name])}, got ${JSON.stringify(got[column.name])}`);
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
