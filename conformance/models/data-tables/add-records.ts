// POST /api/v1/data/{uuid}/records (seed "Operations named in prose only"): one record as the
// published `{record}`, several as `{records}` (inferred). Predicts 201 with the records in request
// order (one record: that record), each holding the values sent and null for the columns left out,
// and the table's record_count after the add (the answer's shape is inferred).
import { requireRule } from '../../record/rule.ts';
import { expectResource, type Real } from '../model-kit.ts';
import { resourceOf } from '../answer-fields.ts';
import { DATA_TABLE_RECORDS, type DataTableModel, differences, full, type RowView, recordsResultOf, type Values } from './model.ts';
import { TableCommand } from './table-command.ts';

export class AddRecordsCommand extends TableCommand {
  readonly records: Values[];

  constructor(records: Values[]) {
    super();
    this.records = records;
  }

  check(): boolean {
    return true;
  }

  protected async act(model: DataTableModel, real: Real): Promise<void> {
    const op = real.client.op('addDataTableRecords');
    const answer = await real.client.send({
      op,
      pathParams: { uuid: model.tableUuid },
      json: this.records.length === 1 ? { record: this.records[0] } : { records: this.records },
      expectation: { kind: 'accepted', part: op.contract, rule: DATA_TABLE_RECORDS.rule, what: 'adding records of the column types' },
    });
    const wrong: string[] = [];
    let answered: { records: RowView[]; record_count: number } | undefined;
    if (this.records.length === 1) {
      // One record answers that record with the table's record_count.
      const one = expectResource(DATA_TABLE_RECORDS, op, answer, resourceOf<RowView & { record_count: number }>(op, answer, ['uuid', 'values', 'record_count']), 'adding a record', 201);
      answered = one ? { records: [one], record_count: one.record_count } : undefined;
    } else {
      answered = expectResource(DATA_TABLE_RECORDS, op, answer, recordsResultOf(op, answer), 'adding records', 201);
    }
    if (!answered) return;
    if (answered.records.length !== this.records.length) wrong.push(`${answered.records.length} records answered for ${this.records.length} sent`);
    for (const [i, sent] of this.records.entries()) {
      const got = answered.records[i];
      if (!got) continue;
      const expected = full(sent);
      wrong.push(...differences(expected, got.values).map((d) => `records[${i}].${d}`));
      model.rows.push({ uuid: got.uuid, values: expected });
    }
    if (answered.record_count !== model.rows.length) wrong.push(`record_count ${answered.record_count}, expected ${model.rows.length}`);
    requireRule(DATA_TABLE_RECORDS, op.operationId, wrong.length === 0 ? true : { message: `the add answered ${wrong.join('; ')}`, part: 'inferred' }, answer);
  }

  toString(): string {
    return `addRecords(${JSON.stringify(this.records)})`;
  }
}
