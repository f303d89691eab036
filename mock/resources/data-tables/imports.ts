// The three imports (pasted text, file, crawled website): the target table is resolved (an unknown
// `table_uuid` is 404, a taken `name` 409, a new table is created at once), the source is read into
// records now, and the job writes them when it completes on the clock (settle.ts). Pasted text is
// delimited rows when a delimiter is given or found on its first line, else plain text read as
// passages (a new table only).
import { errors } from '../../pipeline/api-error.ts';
import { base64Decode, utf8Text } from '../../platform/bytes.ts';
import type { Schemas, WorkspaceState } from '../../state/workspace.ts';
import { findOr404, newUuid } from '../shared/lookup.ts';
import { columnNamed } from './cells.ts';
import { columnsFromRows, newColumns, planRows, type RowsPlan, requireColumns } from './plan.ts';
import type { DataImportJobRecord, DataTableColumn, DataTableRecord, RecordValues } from './records.ts';
import { crawl, type Delimiter, delimiterOf, firstLineDelimited, jsonRows, parseDelimited, passages, passagesOfUrl, unreachable, xmlRows } from './sources.ts';

export interface Target {
  table_uuid?: string;
  name?: string;
  description?: string;
  mode?: Schemas['DataTableImportMode'];
}

export function nameTaken(ws: WorkspaceState, name: string): boolean {
  const lower = name.toLowerCase();
  return ws.data_tables.some((t) => t.name.toLowerCase() === lower);
}

export function assertNameFree(ws: WorkspaceState, name: string): void {
  if (nameTaken(ws, name)) throw errors.conflict('Table name taken', `A table named "${name}" already exists in this workspace.`);
}

/** The existing target table, or null when the import creates one (after checking its name is free). */
export function existingTarget(ws: WorkspaceState, target: Target): DataTableRecord | null {
  if (target.table_uuid !== undefined) return findOr404(ws.data_tables, target.table_uuid, 'Data table');
  assertNameFree(ws, target.name as string);
  return null;
}

/** Creates the job (and the new table when the import names one). */
export function startImport(
  ws: WorkspaceState,
  now: Date,
  target: Target,
  existing: DataTableRecord | null,
  columns: DataTableColumn[],
  plan: RowsPlan,
  source: Schemas['DataTableImportSource'],
): DataImportJobRecord {
  let table = existing;
  if (!table) {
    table = {
      uuid: newUuid(),
      name: target.name as string,
      description: target.description ?? null,
      type: 'custom_table',
      columns,
      rows: [],
      assignment: null,
      created_at: now,
      updated_at: now,
    };
    ws.data_tables.push(table);
  }
  const job: DataImportJobRecord = {
    uuid: newUuid(),
    table_uuid: table.uuid,
    mode: existing ? (target.mode ?? 'append') : 'append',
    source,
    pending: plan.pending,
    failure: plan.failure,
    cleared: false,
    applied: false,
    created_at: now,
  };
  ws.data_import_jobs.push(job);
  return job;
}

/** Rows of text cells into the target: an existing table's columns, or new columns from the header. */
export function tabularPlan(existing: DataTableRecord | null, rows: string[][], hasHeader: boolean, field: string): { columns: DataTableColumn[]; plan: RowsPlan } {
  if (existing) return { columns: existing.columns, plan: planRows(existing.columns, rows, hasHeader, field) };
  const columns = columnsFromRows(rows, field);
  return { columns, plan: planRows(columns, rows, true, field) };
}

/** The pasted-text body: the published `{name, data, description?}`, or the earlier `text` and `table_uuid` forms. */
export type TextImportBody = Schemas['DataTableImportCopyPaste'];

/** The pasted text of a body (`data`, or `text` under its earlier name). */
export function pastedText(body: TextImportBody): string {
  return (body.data ?? body.text) as string;
}

export function textImport(ws: WorkspaceState, now: Date, body: TextImportBody, text: string): DataImportJobRecord {
  const existing = existingTarget(ws, body);
  const delimiter = (body.delimiter ?? 'auto') as Delimiter;
  const field = body.data === undefined ? 'text' : 'data';
  if (!existing && delimiter === 'auto' && !firstLineDelimited(text)) {
    const { columns, plan } = passagePlan(null, passages(text));
    return startImport(ws, now, body, null, columns, plan, { type: 'copypaste', delimiter });
  }
  const hasHeader = body.has_header ?? true;
  if (!existing && !hasHeader) throw errors.validation('VALIDATION_ERROR', 'A new table takes its columns from the header row: has_header must be true.', 'has_header');
  let rows: string[][];
  try {
    rows = parseDelimited(text, delimiterOf(text, delimiter));
  } catch (error) {
    throw errors.validation('VALIDATION_ERROR', (error as Error).message, field);
  }
  const { columns, plan } = tabularPlan(existing, rows, hasHeader, field);
  return startImport(ws, now, body, existing, columns, plan, { type: 'copypaste', delimiter });
}

/** Values of a fixed-shape import keyed by the table's own column names (an existing table may differ in case). */
function keyedBy(columns: DataTableColumn[], values: RecordValues): RecordValues {
  const out: RecordValues = {};
  for (const [name, value] of Object.entries(values)) out[columnNamed(columns, name)?.name ?? name] = value;
  return out;
}

function passagePlan(existing: DataTableRecord | null, texts: string[]): { columns: DataTableColumn[]; plan: RowsPlan } {
  if (existing)
    requireColumns(
      existing.columns,
      [
        { name: 'content', types: ['text'] },
        { name: 'position', types: ['number'] },
      ],
      'table_uuid',
    );
  const columns = existing?.columns ?? newColumns([
    ['content', 'text'],
    ['position', 'number'],
  ]);
  return { columns, plan: { pending: texts.map((content, i) => keyedBy(columns, { content, position: i + 1 })), failure: null } };
}

export function fileImport(ws: WorkspaceState, now: Date, body: Schemas['DataTableImportFile']): DataImportJobRecord {
  const existing = existingTarget(ws, body);
  const filename = body.filename ?? (body.url ? decodeURIComponent(new URL(body.url).pathname.split('/').pop() || 'download') : 'upload');
  const source: Schemas['DataTableImportSource'] = { type: 'file', format: body.format, filename, ...(body.url ? { url: body.url } : {}) };
  const text = body.content === undefined ? null : utf8Text(base64Decode(body.content));
  const failed = (failure: string) => startImport(ws, now, body, existing, existing?.columns ?? [], { pending: [], failure }, source);
  if (body.format === 'pdf' || body.format === 'audio') {
    const texts = text === null ? passagesOfUrl(body.url as string, body.format) : passages(text);
    const { columns, plan } = passagePlan(existing, texts);
    return startImport(ws, now, body, existing, columns, plan, source);
  }
  if (text === null) return failed(`The ${body.format} file at ${body.url} could not be downloaded: the mock reads only files given as content.`);
  if (body.format === 'excel') return failed('The workbook could not be read: the mock reads CSV, JSON and XML files, and PDF and audio as passages.');
  let rows: string[][];
  try {
    rows = body.format === 'csv' ? parseDelimited(text, delimiterOf(text, 'auto')) : body.format === 'json' ? jsonRows(text) : xmlRows(text);
  } catch (error) {
    throw errors.validation('VALIDATION_ERROR', (error as Error).message, 'content');
  }
  const { columns, plan } = tabularPlan(existing, rows, true, 'content');
  return startImport(ws, now, body, existing, columns, plan, source);
}

export function websiteImport(ws: WorkspaceState, now: Date, body: Schemas['DataTableImportWebsite']): DataImportJobRecord {
  const existing = existingTarget(ws, body);
  if (existing)
    requireColumns(
      existing.columns,
      [
        { name: 'url', types: ['url', 'text'] },
        { name: 'title', types: ['text'] },
        { name: 'content', types: ['text'] },
      ],
      'table_uuid',
    );
  const maxPages = body.max_pages ?? 50;
  const depth = body.depth ?? 2;
  const source: Schemas['DataTableImportSource'] = { type: 'website', url: body.url, max_pages: maxPages, depth };
  const columns = existing?.columns ?? newColumns([
    ['url', 'url'],
    ['title', 'text'],
    ['content', 'text'],
  ]);
  const plan: RowsPlan = unreachable(body.url)
    ? { pending: [], failure: `The start page ${body.url} could not be reached.` }
    : { pending: crawl(body.url, maxPages, depth).map((page) => keyedBy(columns, { ...page })), failure: null };
  return startImport(ws, now, body, existing, columns, plan, source);
}
