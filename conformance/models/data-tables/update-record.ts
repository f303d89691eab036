// Updating one record: PUT /api/v1/data/{uuid}/records/{record_id} with `{record}` (published: the
// record id in the path, the values keyed by column name) or the bulk PUT /api/v1/data/{uuid}/records
// (inferred). Predicts 200 with the record's values merged (only the columns sent change), then
// reads the stored record back from the published record list (GET /api/v1/data/{uuid}/records),
// which must equal the model's. That the update is stored is the seed's (a table is "filled by
// direct record operations"); the answers' shapes are inferred.
import { inconclusive, requireRule } from '../../record/rule.ts';
import { describeAnswer, isSuccess } from '../../rules/verdicts.ts';
import { listOf } from '../answer-fields.ts';
import { expectResource, type Real } from '../model-kit.ts';
import type { Answer } from '../../http/client.ts';
import { type ColumnKey, DATA_TABLE_RECORDS, type DataTableModel, differences, type RowRecord, type RowView, recordOf, recordsResultOf, type Values } from './model.ts';
import { RowCommand } from './table-command.ts';

/** Which request updates the record: the published single-record PUT, or the bulk PUT. */
export type UpdateForm = 'one' | 'bulk';

export class UpdateRecordCommand extends RowCommand {
  readonly patch: Values;
  readonly form: UpdateForm;

  constructor(pick: number, patch: Values, form: UpdateForm = 'one') {
    super(pick);
    this.patch = patch;
    this.form = form;
  }

  /** The record as the update answered it (undefined when the answer was recorded as wrong). */
  private async put(row: RowRecord, model: DataTableModel, real: Real): Promise<{ got: RowView | undefined; operationId: string; answer: Answer } | undefined> {
    const what = 'updating a record';
    if (this.form === 'one') {
      const op = real.client.op('updateDataTableRecord');
      const answer = await real.client.send({
        op,
        pathParams: { uuid: model.tableUuid, record_id: row.uuid },
        json: { record: this.patch },
        expectation: { kind: 'accepted', part: op.contract, rule: DATA_TABLE_RECORDS.rule, what },
      });
      const got = expectResource(DATA_TABLE_RECORDS, op, answer, recordOf(op, answer), what, 200);
      return got ? { got, operationId: op.operationId, answer } : undefined;
    }
    const op = real.client.op('updateDataTableRecords');
    const answer = await real.client.send({
      op,
      pathParams: { uuid: model.tableUuid },
      json: { records: [{ uuid: row.uuid, values: this.patch }] },
      expectation: { kind: 'accepted', part: op.contract, rule: DATA_TABLE_RECORDS.rule, what },
    });
    const result = expectResource(DATA_TABLE_RECORDS, op, answer, recordsResultOf(op, answer), what, 200);
    return result ? { got: result.records.find((r) => r.uuid === row.uuid), operationId: op.operationId, answer } : undefined;
  }

  /** The stored record, read from the table's record list (every page the suite's small tables need: one of 100). */
  private async readBack(row: RowRecord, model: DataTableModel, real: Real): Promise<void> {
    const op = real.client.op('listDataTableRecords');
    const answer = await real.client.send({ op, pathParams: { uuid: model.tableUuid }, query: { page: '1', per_page: '100' } });
    if (!isSuccess(answer)) return inconclusive(DATA_TABLE_RECORDS, op.operationId, `listing the records of table ${model.tableUuid} answered ${describeAnswer(answer)}`, answer);
    const list = listOf<RowView>(op, answer, ['uuid', 'values']);
    if (!list.ok) return inconclusive(DATA_TABLE_RECORDS, op.operationId, list.reason, answer);
    const stored = list.value.items.find((r) => r.uuid === row.uuid);
    const wrong = stored ? differences(row.values, stored.values) : [`record ${row.uuid} is not listed`];
    requireRule(DATA_TABLE_RECORDS, op.operationId, wrong.length === 0 ? true : { message: `after updating record ${row.uuid}, the table holds ${wrong.join('; ')}`, part: 'documented' }, answer);
  }

  protected async actOn(row: RowRecord, model: DataTableModel, real: Real): Promise<void> {
    const answered = await this.put(row, model, real);
    if (!answered) return;
    const expected = { ...row.values, ...this.patch } as Record<ColumnKey, unknown>;
    const wrong = answered.got ? differences(expected, answered.got.values) : [`record ${row.uuid} is not in the answer`];
    requireRule(DATA_TABLE_RECORDS, answered.operationId, wrong.length === 0 ? true : { message: `updating a record answered ${wrong.join('; ')}`, part: 'inferred' }, answered.answer);
    row.values = expected;
    await this.readBack(row, model, real);
  }

  toString(): string {
    return `updateRecord(${this.pick}, ${JSON.stringify(this.patch)}, ${this.form})`;
  }
}
