// Runs the data table model. Tables cannot be deleted, so it needs full mode. Each fast-check run
// creates its own table with one column of each type; a fixed scenario first makes every run
// exercise each record operation whatever fast-check draws: an add of two records, an update of
// the first, a delete of the second, the fields read with their types, and a record with a value
// of the wrong type refused; then an import of pasted text and a sync on a table of its own.
import { requireRule } from '../../record/rule.ts';
import { suite } from '../../suite/context.ts';
import { resourceOf } from '../answer-fields.ts';
import { expectResource, type Real, runModel, runScenario, runSteps } from '../model-kit.ts';
import { AddRecordsCommand } from './add-records.ts';
import { AddMisfitCommand, checkFieldTypes } from './column-types.ts';
import { checkImportAndSync } from './import-and-sync.ts';
import { dataTableCommands } from './commands.ts';
import { DeleteRecordCommand } from './delete-record.ts';
import { COLUMNS, DATA_TABLE_RECORDS, DataTableModel, freshTableName } from './model.ts';
import { UpdateRecordCommand } from './update-record.ts';

/** A new table of the suite's columns; undefined (recorded) when it cannot be created as the contract says. */
async function newTableModel(real: Real): Promise<DataTableModel | undefined> {
  const op = real.client.op('createDataTable');
  const answer = await real.client.send({
    op,
    json: { name: freshTableName(), columns: COLUMNS },
    expectation: { kind: 'accepted', part: op.contract, rule: DATA_TABLE_RECORDS.rule, what: 'creating a table' },
  });
  const table = expectResource(DATA_TABLE_RECORDS, op, answer, resourceOf<{ uuid: string; columns: unknown; record_count: number }>(op, answer, ['uuid', 'columns', 'record_count']), 'creating a table', 201);
  if (!table) return undefined;
  const same = JSON.stringify(table.columns) === JSON.stringify(COLUMNS) && table.record_count === 0;
  requireRule(DATA_TABLE_RECORDS, op.operationId, same ? true : { message: `the new table answered columns ${JSON.stringify(table.columns)} and record_count ${table.record_count}`, part: 'inferred' }, answer);
  return new DataTableModel(table.uuid);
}

async function fixedScenario(real: Real): Promise<void> {
  const model = await newTableModel(real);
  if (!model) return;
  await runSteps(model, real, [
    new AddRecordsCommand([{ label: 'Trail Runner', amount: 129.9, active: true, day: '2026-02-15' }, { label: 'Road Cruiser', link: 'https://shop.example/p/2' }]),
    new UpdateRecordCommand(0, { amount: 99, extra: { drop_mm: 6 } }),
    new DeleteRecordCommand(1),
    new AddMisfitCommand('amount', '12 EUR'),
    new AddMisfitCommand('day', '2026-02-30'),
  ]);
  await checkFieldTypes(model, real);
}

export async function runDataTablesModel(name: string): Promise<void> {
  const { client, target } = suite();
  const real: Real = { client, tokens: [target.workspaceToken] };
  await runScenario(() => fixedScenario(real));
  await runScenario(() => checkImportAndSync(real));
  await runModel(name, real, { commands: dataTableCommands(), model: () => newTableModel(real) });
}
