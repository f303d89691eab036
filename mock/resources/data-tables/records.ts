// The state of data tables (seed "What the service does" > Tables: "datasets an agent uses as a
// knowledge base or real-time lookup"): typed columns `{uuid, name, data_type}` (the published
// column shape), records keyed by column name, the agent assignment with its latest sync, and
// import jobs. A job's status is not stored: it follows from its creation time and
// the clock (data-tables/machine.ts); what a finished import writes is applied when the table is
// next touched (data-tables/settle.ts).
import type { Schemas } from '../../state/workspace.ts';

export type DataTableColumn = Schemas['DataTableColumn'];
export type CellValue = Schemas['DataTableCellValue'];
export type RecordValues = Record<string, CellValue>;
export type AssignmentMode = Schemas['DataTableAssignmentMode'];

export interface DataTableRow {
  uuid: string;
  /** Every column of the table by name, null where no value was given. */
  values: RecordValues;
  created_at: Date;
  updated_at: Date;
}

export interface DataTableSyncRecord {
  uuid: string;
  agent_uuid: string;
  mode: AssignmentMode;
  /** Records written to the agent's index when the sync completes (the table's count when it started). */
  records_indexed: number;
  created_at: Date;
}

export interface DataTableRecord {
  uuid: string;
  name: string;
  description: string | null;
  /** The table's kind (`custom_table`, the published value for a created table). */
  type: string;
  columns: DataTableColumn[];
  rows: DataTableRow[];
  assignment: { agent_uuid: string; mode: AssignmentMode; assigned_at: Date; last_sync: DataTableSyncRecord | null } | null;
  created_at: Date;
  updated_at: Date;
}

export interface DataImportJobRecord {
  uuid: string;
  table_uuid: string;
  mode: Schemas['DataTableImportMode'];
  source: Schemas['DataTableImportSource'];
  /** The records the import writes when it completes (already checked against the table's columns). */
  pending: RecordValues[];
  /** Why the job fails when it is processed; null when it completes. */
  failure: string | null;
  /** Whether a `replace` import has cleared the table (when processing starts). */
  cleared: boolean;
  /** Whether the completed import's records were written to the table. */
  applied: boolean;
  created_at: Date;
}
