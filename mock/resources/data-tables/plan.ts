// An import's rows mapped onto a table before the job is created: header cells name columns by
// name, ignoring case (422 otherwise), cells are read as their column's type, and a row that does not
// fit makes the job fail when it is processed (nothing is written). A new table takes its columns
// from the header row, typed by their values.
import { errors } from '../../pipeline/api-error.ts';
import { newUuid } from '../shared/lookup.ts';
import { cellFromText, columnNamed, isCalendarDate, isHttpUrl } from './cells.ts';
import type { DataTableColumn, RecordValues } from './records.ts';

export interface RowsPlan {
  pending: RecordValues[];
  failure: string | null;
}

/** Rows of text cells into the given columns; the first row is the header when `hasHeader`. */
export function planRows(columns: DataTableColumn[], rows: string[][], hasHeader: boolean, field: string): RowsPlan {
  let mapping: DataTableColumn[] = columns;
  if (hasHeader) {
    mapping = (rows[0] ?? []).map((cell) => {
      const name = cell.trim();
      const column = columnNamed(columns, name);
      if (!column) throw errors.validation('VALIDATION_ERROR', `The header cell "${name}" names no column of the table.`, field);
      return column;
    });
  }
  const pending: RecordValues[] = [];
  const first = hasHeader ? 1 : 0;
  for (let i = first; i < rows.length; i++) {
    const cells = rows[i] ?? [];
    if (cells.length > mapping.length) return { pending: [], failure: `Row ${i + 1} has ${cells.length} cells; the table takes ${mapping.length}.` };
    const values: RecordValues = {};
    for (const [j, cell] of cells.entries()) {
      const column = mapping[j] as DataTableColumn;
      try {
        values[column.name] = cellFromText(column, cell);
      } catch (error) {
        return { pending: [], failure: `Row ${i + 1}, column ${column.name}: ${(error as Error).message}.` };
      }
    }
    pending.push(values);
  }
  return { pending, failure: null };
}

/** A header cell as a column name, unique in the table ignoring case (`Price`, `Price (2)`). */
function nameOf(header: string, index: number, taken: Set<string>): string {
  const base = header.trim().slice(0, 240) || `Column ${index + 1}`;
  let unique = base;
  for (let n = 2; taken.has(unique.toLowerCase()); n++) unique = `${base} (${n})`;
  taken.add(unique.toLowerCase());
  return unique;
}

function typeOf(cells: string[]): DataTableColumn['data_type'] {
  const filled = cells.map((c) => c.trim()).filter((c) => c !== '');
  if (filled.length === 0) return 'text';
  if (filled.every((c) => /^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/.test(c))) return 'number';
  if (filled.every((c) => /^(true|false)$/i.test(c))) return 'boolean';
  if (filled.every(isCalendarDate)) return 'date';
  if (filled.every(isHttpUrl)) return 'url';
  return 'text';
}

/** The columns of a new table from a header row and the values under it. */
export function columnsFromRows(rows: string[][], field: string): DataTableColumn[] {
  const header = rows[0] ?? [];
  if (header.length === 0 || header.every((cell) => cell.trim() === '')) throw errors.validation('VALIDATION_ERROR', 'A new table needs a header row naming its columns.', field);
  if (header.length > 100) throw errors.validation('VALIDATION_ERROR', 'A table has at most 100 columns.', field);
  const taken = new Set<string>();
  return header.map((cell, index) => ({
    uuid: newUuid(),
    name: nameOf(cell, index, taken),
    data_type: typeOf(rows.slice(1).map((row) => row[index] ?? '')),
  }));
}

/** New columns of the given names and types, each with a new uuid. */
export function newColumns(specs: ReadonlyArray<readonly [string, DataTableColumn['data_type']]>): DataTableColumn[] {
  return specs.map(([name, data_type]) => ({ uuid: newUuid(), name, data_type }));
}

/** Columns a fixed-shape import (passages, crawled pages) needs in an existing table, by name. */
export function requireColumns(columns: DataTableColumn[], needed: Array<{ name: string; types: Array<DataTableColumn['data_type']> }>, field: string): void {
  for (const need of needed) {
    const column = columnNamed(columns, need.name);
    if (!column || !need.types.includes(column.data_type)) {
      throw errors.validation('VALIDATION_ERROR', `The table needs a column "${need.name}" of type ${need.types.join(' or ')} for this import.`, field);
    }
  }
}
