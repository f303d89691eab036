// Runs the data table model. Tables cannot be deleted, so it needs full mode. Each fast-check run
// creates its own table with one column of each type; a fixed scenario first makes every run
// exercise each record operation whatever fast-check draws: an add of two records, an add of one
// (the published `{record}`), an update of the first by its id and one in bulk, a delete of the
// second by its id and one in bulk, the fields read with their types, and a record with a value of
// the wrong type refused; then an import of pasted text into a new table and a sync of it.
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
  const table = expectResource(DATA_TABLE_RECORDS, op, answer, resourceOf<{ uuid: string; columns: unknown }>(op, answer, ['uuid', 'columns']), 'creating a table', 201);
  if (!table) return undefined;
  // The published answer's columns are {uuid, name, data_type}; the model compares name and type.
  const columns = Array.isArray(table.columns) ? table.columns.map((c: { name?: unknown; data_type?: unknown }) => ({ name: c?.name, data_type: c?.data_type })) : table.columns;
  const same = JSON.stringify(columns) === JSON.stringify(COLUMNS);
  requireRule(DATA_TABLE_RECORDS, op.operationId, same ? true : { message: `the new table answered columns ${JSON.stringify(table.columns)}`, part: 'published' }, answer);
  return new DataTableModel(table.uuid);
}

async function fixedScenario(real: Real): Promise<void> {
  const model = await newTableModel(real);
  if (!model) return;
  await runSteps(model, real, [
    new AddRecordsCommand([{ label: 'Trail Runner', amount: 129.9, active: true, day: '2026-02-15' }, { label: 'Road Cruiser', link: 'https://shop.example/p/2' }]),
    new AddRecordsCommand([{ label: 'Sand Skipper', amount: 59, extra: ['beach'] }]),
    new UpdateRecordCommand(0, { amount: 99, extra: { drop_mm: 6 } }, 'one'),
    new UpdateRecordCommand(2, { active: false }, 'bulk'),
    new DeleteRecordCommand(1, 'one'),
    new DeleteRecordCommand(1, 'bulk'),
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
