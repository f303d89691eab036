// Deleting one record: DELETE /api/v1/data/{uuid}/records/{record_id} (published: the record id in
// the path) or the bulk DELETE /api/v1/data/{uuid}/records?uuids=... (inferred). Predicts 200 naming
// the deleted record and the table's record_count after the delete (the answer's shape is inferred).
import { requireRule } from '../../record/rule.ts';
import { resourceOf } from '../answer-fields.ts';
import { expectResource, type Real } from '../model-kit.ts';
import { DATA_TABLE_RECORDS, type DataTableModel, type RowRecord } from './model.ts';
import { RowCommand } from './table-command.ts';

/** Which request deletes the record: the published single-record DELETE, or the bulk DELETE. */
export type DeleteForm = 'one' | 'bulk';

export class DeleteRecordCommand extends RowCommand {
  readonly form: DeleteForm;

  constructor(pick: number, form: DeleteForm = 'one') {
    super(pick);
    this.form = form;
  }

  protected async actOn(row: RowRecord, model: DataTableModel, real: Real): Promise<void> {
    const op = real.client.op(this.form === 'one' ? 'deleteDataTableRecord' : 'deleteDataTableRecords');
    const answer = await real.client.send({
      op,
      ...(this.form === 'one' ? { pathParams: { uuid: model.tableUuid, record_id: row.uuid } } : { pathParams: { uuid: model.tableUuid }, query: { uuids: row.uuid } }),
      expectation: { kind: 'accepted', part: op.contract, rule: DATA_TABLE_RECORDS.rule, what: 'deleting a record' },
    });
    const read = resourceOf<{ deleted_uuids: string[]; record_count: number }>(op, answer, ['deleted_uuids', 'record_count']);
    const result = expectResource(DATA_TABLE_RECORDS, op, answer, read, 'deleting a record', 200);
    if (!result) return;
    model.rows.splice(model.rows.indexOf(row), 1);
    const ok = JSON.stringify(result.deleted_uuids) === JSON.stringify([row.uuid]) && result.record_count === model.rows.length;
    requireRule(
      DATA_TABLE_RECORDS,
      op.operationId,
      ok ? true : { message: `the delete answered deleted_uuids ${JSON.stringify(result.deleted_uuids)} and record_count ${result.record_count}; expected [${row.uuid}] and ${model.rows.length}`, part: 'inferred' },
      answer,
    );
  }

  toString(): string {
    return `deleteRecord(${this.pick}, ${this.form})`;
  }
}
