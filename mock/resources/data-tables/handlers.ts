// Data tables (seed "What the service does" > Tables): create a table with typed columns, read it
// and its columns, list / add / update / delete records (keyed by column name, values checked
// against the column types, all or nothing; one record by its id in the path, or several at once),
// import pasted text, a file or a crawled website as jobs that progress on the clock, assign the
// table to an agent and sync the agent's index. Every handler first settles finished imports
// (settle.ts), so reads show what the clock says.
import { errors } from '../../pipeline/api-error.ts';
import type { HandlerGroup } from '../../core/handler.ts';
import { findOr404, newUuid } from '../shared/lookup.ts';
import { pagedList } from '../shared/paging.ts';
import { checkValues, fullValues } from './cells.ts';
import { assertNameFree, fileImport, pastedText, textImport, websiteImport } from './imports.ts';
import { isRunning, jobStatusAt } from './machine.ts';
import type { DataTableRecord, DataTableRow, RecordValues } from './records.ts';
import { settleDataTables } from './settle.ts';
import { jobView, rowView, syncView, tableView } from './views.ts';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function uuidsOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  return String(value ?? '')
    .split(',')
    .filter((s) => s !== '');
}

function rowOr404(table: DataTableRecord, uuid: string): DataTableRow {
  const row = table.rows.find((r) => r.uuid === uuid);
  if (!row) throw errors.notFound('Record');
  return row;
}

/** The record merged with checked values; stored unless the fault data-table-update-ignored is on. */
function mergeInto(table: DataTableRecord, row: DataTableRow, values: RecordValues, now: Date, ignored: boolean): DataTableRow {
  const next: DataTableRow = { ...row, values: { ...row.values, ...values }, updated_at: now };
  if (!ignored) {
    Object.assign(row, next);
    table.updated_at = now;
  }
  return next;
}

function deleteRows(table: DataTableRecord, uuids: string[], now: Date) {
  for (const uuid of uuids) rowOr404(table, uuid);
  table.rows = table.rows.filter((r) => !uuids.includes(r.uuid));
  table.updated_at = now;
  const data = { table_uuid: table.uuid, deleted_uuids: uuids, record_count: table.rows.length };
  return { status: 200 as const, body: { success: true as const, message: `${plural(uuids.length, 'record')} deleted`, data } };
}

export const dataTableHandlers = {
  createDataTable: ({ ws, body, now }) => {
    settleDataTables(ws, now);
    const seen = new Set<string>();
    for (const [i, column] of body.columns.entries()) {
      const lower = column.name.toLowerCase();
      if (seen.has(lower)) throw errors.validation('VALIDATION_ERROR', `Column name "${column.name}" is used twice.`, `columns[${i}].name`);
      seen.add(lower);
    }
    assertNameFree(ws, body.name);
    const table: DataTableRecord = {
      uuid: newUuid(),
      name: body.name,
      description: body.description ?? null,
      type: 'custom_table',
      columns: body.columns.map((c) => ({ uuid: newUuid(), name: c.name, data_type: c.data_type })),
      rows: [],
      assignment: null,
      created_at: now,
      updated_at: now,
    };
    ws.data_tables.push(table);
    return { status: 201, body: { success: true, message: 'Table created successfully', data: tableView(table, now) } };
  },

  getDataTable: ({ ws, path, now }) => {
    settleDataTables(ws, now);
    const table = findOr404(ws.data_tables, path.uuid, 'Data table');
    return { status: 200, body: { success: true, message: 'Table retrieved', data: tableView(table, now) } };
  },

  listDataTableFields: ({ ws, path, now }) => {
    settleDataTables(ws, now);
    const table = findOr404(ws.data_tables, path.uuid, 'Data table');
    return { status: 200, body: { success: true, message: 'Fields retrieved', data: table.columns.map((c) => ({ ...c })) } };
  },

  listDataTableRecords: ({ ws, path, query, now }) => {
    settleDataTables(ws, now);
    const table = findOr404(ws.data_tables, path.uuid, 'Data table');
    const page = pagedList(table.rows, query.page, query.per_page);
    return { status: 200, body: { success: true, message: 'Records retrieved', data: { ...page, data: page.data.map(rowView) } } };
  },

  addDataTableRecords: ({ ws, path, body, now, faults }) => {
    settleDataTables(ws, now);
    const table = findOr404(ws.data_tables, path.uuid, 'Data table');
    const typed = !faults.has('data-table-types-unchecked');
    const newRow = (values: RecordValues): DataTableRow => ({ uuid: newUuid(), values: fullValues(table.columns, values), created_at: now, updated_at: now });
    // One record (`record`, the published form) answers that record; several (`records`) answer the list.
    if (body.record !== undefined) {
      const row = newRow(checkValues(table.columns, body.record, 'record', typed));
      table.rows.push(row);
      table.updated_at = now;
      return { status: 201, body: { success: true, message: 'Record added', data: { ...rowView(row), table_uuid: table.uuid, record_count: table.rows.length } } };
    }
    const added = (body.records ?? []).map((values, i) => newRow(checkValues(table.columns, values, `records[${i}]`, typed)));
    table.rows.push(...added);
    table.updated_at = now;
    const data = { table_uuid: table.uuid, record_count: table.rows.length, records: added.map(rowView) };
    return { status: 201, body: { success: true, message: `${plural(added.length, 'record')} added`, data } };
  },

  updateDataTableRecords: ({ ws, path, body, now, faults }) => {
    settleDataTables(ws, now);
    const table = findOr404(ws.data_tables, path.uuid, 'Data table');
    const seen = new Set<string>();
    const changes = body.records.map((item, i) => {
      if (seen.has(item.uuid)) throw errors.validation('VALIDATION_ERROR', `Record ${item.uuid} is named twice.`, `records[${i}].uuid`);
      seen.add(item.uuid);
      const row = rowOr404(table, item.uuid);
      return { row, values: checkValues(table.columns, item.values, `records[${i}].values`, !faults.has('data-table-types-unchecked')) };
    });
    const updated = changes.map(({ row, values }) => mergeInto(table, row, values, now, faults.has('data-table-update-ignored')));
    const data = { table_uuid: table.uuid, record_count: table.rows.length, records: updated.map(rowView) };
    return { status: 200, body: { success: true, message: `${plural(updated.length, 'record')} updated`, data } };
  },

  updateDataTableRecord: ({ ws, path, body, now, faults }) => {
    settleDataTables(ws, now);
    const table = findOr404(ws.data_tables, path.uuid, 'Data table');
    const row = rowOr404(table, path.record_id);
    const values = checkValues(table.columns, body.record, 'record', !faults.has('data-table-types-unchecked'));
    const updated = mergeInto(table, row, values, now, faults.has('data-table-update-ignored'));
    return { status: 200, body: { success: true, message: 'Record updated', data: rowView(updated) } };
  },

  deleteDataTableRecords: ({ ws, path, query, now }) => {
    settleDataTables(ws, now);
    const table = findOr404(ws.data_tables, path.uuid, 'Data table');
    const uuids = uuidsOf(query.uuids);
    if (new Set(uuids).size !== uuids.length) throw errors.validation('VALIDATION_ERROR', 'A record is named twice.', 'uuids');
    return deleteRows(table, uuids, now);
  },

  deleteDataTableRecord: ({ ws, path, now }) => {
    settleDataTables(ws, now);
    const table = findOr404(ws.data_tables, path.uuid, 'Data table');
    return deleteRows(table, [path.record_id], now);
  },

  importDataFromText: ({ ws, body, now, faults }) => {
    settleDataTables(ws, now);
    const pasted = pastedText(body);
    // The fault data-table-import-drops-last-row loses a last line that has no line break after it.
    const text = faults.has('data-table-import-drops-last-row') && !/\n$/.test(pasted) ? pasted.replace(/\r?\n[^\n]*$/, '') : pasted;
    const job = textImport(ws, now, body, text);
    return { status: 201, body: { success: true, message: 'Import started', data: jobView(job, now) } };
  },

  importDataFromFile: ({ ws, body, now }) => {
    settleDataTables(ws, now);
    const job = fileImport(ws, now, body);
    return { status: 201, body: { success: true, message: 'Import started', data: jobView(job, now) } };
  },

  importDataFromWebsite: ({ ws, body, now }) => {
    settleDataTables(ws, now);
    const job = websiteImport(ws, now, body);
    return { status: 201, body: { success: true, message: 'Import started', data: jobView(job, now) } };
  },

  getDataImportJob: ({ ws, path, now }) => {
    settleDataTables(ws, now);
    const job = findOr404(ws.data_import_jobs, path.uuid, 'Import job');
    return { status: 200, body: { success: true, message: 'Import job retrieved', data: jobView(job, now) } };
  },

  assignDataTable: ({ ws, path, body, now }) => {
    settleDataTables(ws, now);
    const table = findOr404(ws.data_tables, path.uuid, 'Data table');
    findOr404(ws.agents, body.agent_uuid, 'Agent');
    const sameAgent = table.assignment?.agent_uuid === body.agent_uuid;
    table.assignment = { agent_uuid: body.agent_uuid, mode: body.mode ?? 'knowledge_base', assigned_at: now, last_sync: sameAgent ? (table.assignment?.last_sync ?? null) : null };
    table.updated_at = now;
    return { status: 200, body: { success: true, message: 'Table assigned to agent', data: tableView(table, now) } };
  },

  syncDataTable: ({ ws, path, now, faults }) => {
    settleDataTables(ws, now);
    const table = findOr404(ws.data_tables, path.uuid, 'Data table');
    const assignment = table.assignment;
    if (!assignment) throw errors.conflict('Table not assigned', 'Assign the table to an agent before syncing it.');
    const last = assignment.last_sync;
    if (last && isRunning(jobStatusAt(last.created_at, false, now))) throw errors.conflict('Sync in progress', `Sync ${last.uuid} of this table is still running.`);
    // The fault data-table-sync-indexes-nothing completes the sync without indexing a record.
    const indexed = faults.has('data-table-sync-indexes-nothing') ? 0 : table.rows.length;
    const sync = { uuid: newUuid(), agent_uuid: assignment.agent_uuid, mode: assignment.mode, records_indexed: indexed, created_at: now };
    table.assignment = { ...assignment, last_sync: sync };
    return { status: 201, body: { success: true, message: 'Sync started', data: syncView(table, sync, now) } };
  },
} satisfies HandlerGroup;
