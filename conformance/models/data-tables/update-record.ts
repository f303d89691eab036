// PUT /api/v1/data/{uuid}/records (shapes inferred): predicts 200 with the record's values merged
// (only the keys sent change). The contract has no read of a single record, so the stored record is
// read back by a second update that rewrites one column the first did not touch with the value the
// model holds: its answer is the stored record, which must equal the model's. That the update is
// stored is the seed's (a table is "filled by direct record operations"); the answer's shape is inferred.
import { requireRule } from '../../record/rule.ts';
import { expectResource, type Real } from '../model-kit.ts';
import { COLUMNS, type ColumnKey, DATA_TABLE_RECORDS, type DataTableModel, differences, type RowRecord, recordsResultOf, type Values } from './model.ts';
import { RowCommand } from './table-command.ts';

export class UpdateRecordCommand extends RowCommand {
  readonly patch: Values;

  constructor(pick: number, patch: Values) {
    super(pick);
    this.patch = patch;
  }

  private async put(row: RowRecord, model: DataTableModel, real: Real, values: Values, what: string, part: 'documented' | 'inferred'): Promise<void> {
    const op = real.client.op('updateDataTableRecords');
    const answer = await real.client.send({
      op,
      pathParams: { uuid: model.tableUuid },
      json: { records: [{ uuid: row.uuid, values }] },
      expectation: { kind: 'accepted', part: op.contract, rule: DATA_TABLE_RECORDS.rule, what },
    });
    const result = expectResource(DATA_TABLE_RECORDS, op, answer, recordsResultOf(op, answer), what, 200);
    if (!result) return;
    const expected = { ...row.values, ...values } as Record<ColumnKey, unknown>;
    const got = result.records.find((r) => r.uuid === row.uuid);
    const wrong = got ? differences(expected, got.values) : [`record ${row.uuid} is not in the answer`];
    requireRule(DATA_TABLE_RECORDS, op.operationId, wrong.length === 0 ? true : { message: `${what} answered ${wrong.join('; ')}`, part }, answer);
    row.values = expected;
  }

  protected async actOn(row: RowRecord, model: DataTableModel, real: Real): Promise<void> {
    await this.put(row, model, real, this.patch, 'updating a record', 'inferred');
    const untouched = COLUMNS.find((c) => !(c.key in this.patch));
    if (untouched) await this.put(row, model, real, { [untouched.key]: row.values[untouched.key] }, `reading the record back (rewriting ${untouched.key} unchanged)`, 'documented');
  }

  toString(): string {
    return `updateRecord(${this.pick}, ${JSON.stringify(this.patch)})`;
  }
}
