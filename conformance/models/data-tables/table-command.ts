// The base classes of the data table commands: each makes its own request and prediction, then
// the invariant is read back from the service after the step: the table's record_count
// (GET /api/v1/data/{uuid}) equals the number of records the model holds (seed: a table is "filled
// by direct record operations", so what they add and delete is what the table holds).
import { requireRule } from '../../record/rule.ts';
import { expectResource, type Real } from '../model-kit.ts';
import { ModelCommand, PickCommand } from '../model-command.ts';
import { resourceOf } from '../answer-fields.ts';
import { DATA_TABLE_RECORDS, type DataTableModel, type RowRecord } from './model.ts';

export async function checkRecordCount(model: DataTableModel, real: Real): Promise<void> {
  const op = real.client.op('getDataTable');
  const answer = await real.client.send({ op, pathParams: { uuid: model.tableUuid } });
  const table = expectResource(DATA_TABLE_RECORDS, op, answer, resourceOf<{ uuid: string; record_count: number }>(op, answer, ['uuid', 'record_count']), 'reading the table', 200);
  if (!table) return;
  requireRule(
    DATA_TABLE_RECORDS,
    op.operationId,
    table.record_count === model.rows.length ? true : { message: `the table reads record_count ${table.record_count}; ${model.rows.length} records were added and not deleted`, part: 'documented' },
    answer,
  );
}

export abstract class TableCommand extends ModelCommand<DataTableModel> {
  protected override invariant = checkRecordCount;
}

export abstract class RowCommand extends PickCommand<DataTableModel, RowRecord> {
  protected override invariant = checkRecordCount;

  protected records(model: Readonly<DataTableModel>): readonly RowRecord[] {
    return model.rows;
  }
}
