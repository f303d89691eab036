// Column types (seed "What the service does" > Tables: "Column types are text, number, date,
// boolean, json and url"). A table of the six types lists them as its fields (GET
// /api/v1/data/{uuid}/fields), and a record whose value does not fit its column's type is refused
// as a whole (422 naming the field, inferred) and leaves the table as it was (the invariant).
// Accepting it breaks the typed columns; the value mapping of each type is the contract's.
import { inconclusive, requireRule } from '../../record/rule.ts';
import { describeAnswer, expectStatus, isSuccess } from '../../rules/verdicts.ts';
import { listOf } from '../answer-fields.ts';
import type { Real } from '../model-kit.ts';
import { COLUMNS, type ColumnKey, type DataTableModel } from './model.ts';
import { TableCommand } from './table-command.ts';
import type { RuleCheck } from '../../record/rule.ts';

export const DATA_TABLE_COLUMN_TYPES: RuleCheck = {
  name: 'data-table-column-types',
  rule: 'seed "What the service does" > Tables: column types are text, number, date, boolean, json and url; a table lists its columns with their types, and a value that does not fit its column\'s type is refused',
};

/** A value of the wrong type for each typed column (json takes any value). */
export const MISFITS: Record<Exclude<ColumnKey, 'extra'>, readonly unknown[]> = {
  label: [42, true],
  amount: ['12 EUR', false],
  active: ['yes', 1],
  day: ['2026-02-30', '15.02.2026'],
  link: ['shop.example/p/1', 'ftp://example.org/a'],
};

export class AddMisfitCommand extends TableCommand {
  readonly key: keyof typeof MISFITS;
  readonly value: unknown;

  constructor(key: keyof typeof MISFITS, value: unknown) {
    super();
    this.key = key;
    this.value = value;
  }

  check(): boolean {
    return true;
  }

  protected async act(model: DataTableModel, real: Real): Promise<void> {
    const op = real.client.op('addDataTableRecords');
    const column = COLUMNS.find((c) => c.name === this.key);
    const records = [{ label: 'Fits every column' }, { [this.key]: this.value }];
    const answer = await real.client.send({ op, pathParams: { uuid: model.tableUuid }, json: { records } });
    const what = `adding a record with ${JSON.stringify(this.value)} in the ${column?.data_type} column ${this.key}`;
    if (isSuccess(answer)) {
      // Accepted: the records are in the table now, so the model follows (the invariant stays about counts).
      model.rows.push(...records.map((_, i) => ({ uuid: `accepted-misfit-${i}`, values: {} as DataTableModel['rows'][number]['values'] })));
      return requireRule(DATA_TABLE_COLUMN_TYPES, op.operationId, { message: `${what}: accepted (${describeAnswer(answer)}); values must fit their column's type`, part: 'documented' }, answer);
    }
    requireRule(DATA_TABLE_COLUMN_TYPES, op.operationId, expectStatus(answer, op, what, 422, ['VALIDATION_ERROR'], 'inferred'), answer);
  }

  toString(): string {
    return `addMisfit(${this.key}=${JSON.stringify(this.value)})`;
  }
}

/** The table's fields list its columns (by name) with the types they were created with. */
export async function checkFieldTypes(model: DataTableModel, real: Real): Promise<void> {
  const op = real.client.op('listDataTableFields');
  const answer = await real.client.send({ op, pathParams: { uuid: model.tableUuid } });
  if (!isSuccess(answer)) return requireRule(DATA_TABLE_COLUMN_TYPES, op.operationId, expectStatus(answer, op, `listing the fields of table ${model.tableUuid}`, 200, undefined, 'inferred'), answer);
  const list = listOf<{ name: string; data_type: string }>(op, answer, ['name', 'data_type']);
  if (!list.ok) return inconclusive(DATA_TABLE_COLUMN_TYPES, op.operationId, list.reason, answer);
  const wrong = COLUMNS.filter((c) => list.value.items.find((f) => f.name === c.name)?.data_type !== c.data_type).map((c) => `${c.name} is not listed as ${c.data_type}`);
  requireRule(DATA_TABLE_COLUMN_TYPES, op.operationId, wrong.length === 0 ? true : { message: `table ${model.tableUuid}: ${wrong.join('; ')}`, part: 'documented' }, answer);
}
