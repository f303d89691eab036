// DELETE /api/v1/data/{uuid}/records?uuids=... (shapes inferred): predicts 200 naming the deleted
// record and the table's record_count after the delete.
import { requireRule } from '../../record/rule.ts';
import { resourceOf } from '../answer-fields.ts';
import { expectResource, type Real } from '../model-kit.ts';
import { DATA_TABLE_RECORDS, type DataTableModel, type RowRecord } from './model.ts';
import { RowCommand } from './table-command.ts';

export class DeleteRecordCommand extends RowCommand {
  protected async actOn(row: RowRecord, model: DataTableModel, real: Real): Promise<void> {
    const op = real.client.op('deleteDataTableRecords');
    const answer = await real.client.send({
      op,
      pathParams: { uuid: model.tableUuid },
      query: { uuids: row.uuid },
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
    return `deleteRecord(${this.pick})`;
  }
}
