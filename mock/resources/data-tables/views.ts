// Tables, records and jobs as the contract shows them, with job status derived from the clock.
import type { Schemas } from '../../state/workspace.ts';
import { cloneJson } from './cells.ts';
import { finishedAt, jobChangedAt, jobStatusAt } from './machine.ts';
import type { DataImportJobRecord, DataTableRecord, DataTableRow, DataTableSyncRecord } from './records.ts';

export function rowView(row: DataTableRow): Schemas['DataTableRecord'] {
  return { uuid: row.uuid, values: cloneJson(row.values), created_at: row.created_at, updated_at: row.updated_at };
}

export function syncView(table: DataTableRecord, sync: DataTableSyncRecord, now: Date): Schemas['DataTableSyncJob'] {
  const status = jobStatusAt(sync.created_at, false, now);
  const done = status === 'completed';
  return {
    uuid: sync.uuid,
    table_uuid: table.uuid,
    agent_uuid: sync.agent_uuid,
    mode: sync.mode,
    status,
    records_indexed: done ? sync.records_indexed : 0,
    error: null,
    created_at: sync.created_at,
    updated_at: jobChangedAt(sync.created_at, now),
    completed_at: done ? finishedAt(sync.created_at) : null,
  };
}

export function tableView(table: DataTableRecord, now: Date): Schemas['DataTable'] & Required<Pick<Schemas['DataTable'], 'record_count' | 'assignment'>> {
  const a = table.assignment;
  return {
    uuid: table.uuid,
    name: table.name,
    description: table.description,
    type: table.type,
    columns: table.columns.map((c) => ({ ...c })),
    record_count: table.rows.length,
    assignment: a ? { agent_uuid: a.agent_uuid, mode: a.mode, assigned_at: a.assigned_at, last_sync: a.last_sync ? syncView(table, a.last_sync, now) : null } : null,
    created_at: table.created_at,
    updated_at: table.updated_at,
  };
}

export function jobView(job: DataImportJobRecord, now: Date): Schemas['DataTableImportJob'] {
  const status = jobStatusAt(job.created_at, job.failure !== null, now);
  const ended = status === 'completed' || status === 'failed';
  return {
    uuid: job.uuid,
    table_uuid: job.table_uuid,
    status,
    mode: job.mode,
    source: { ...job.source },
    records_imported: status === 'completed' ? job.pending.length : 0,
    error: status === 'failed' ? job.failure : null,
    created_at: job.created_at,
    updated_at: jobChangedAt(job.created_at, now),
    completed_at: ended ? finishedAt(job.created_at) : null,
  };
}
