// Record values against their column types (seed: "Column types are text, number, date, boolean,
// json and url"; the value mapping is the contract's: text -> string, number -> number, date ->
// `YYYY-MM-DD`, boolean -> boolean, json -> any JSON value, url -> absolute http(s) URL). A date is
// kept as the text given, never moved to another zone.
import { errors } from '../../pipeline/api-error.ts';
import type { CellValue, DataTableColumn, RecordValues } from './records.ts';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isCalendarDate(text: string): boolean {
  const m = DATE.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const at = new Date(Date.UTC(y, mo - 1, d));
  return at.getUTCFullYear() === y && at.getUTCMonth() === mo - 1 && at.getUTCDate() === d;
}

export function isHttpUrl(text: string): boolean {
  if (!/^https?:\/\//i.test(text)) return false;
  try {
    return new URL(text).hostname.length > 0;
  } catch {
    return false;
  }
}

/** Why a value does not fit the column, or null when it does (null always fits). */
export function cellProblem(column: DataTableColumn, value: CellValue): string | null {
  if (value === null) return null;
  switch (column.data_type) {
    case 'text':
      return typeof value === 'string' ? null : 'must be a string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? null : 'must be a number';
    case 'boolean':
      return typeof value === 'boolean' ? null : 'must be true or false';
    case 'date':
      return typeof value === 'string' && isCalendarDate(value) ? null : 'must be a calendar date YYYY-MM-DD';
    case 'url':
      return typeof value === 'string' && isHttpUrl(value) ? null : 'must be an absolute http(s) URL';
    case 'json':
      return null;
  }
}

/** The column a record names by `name`: its exact name, else the one name equal to it ignoring case. */
export function columnNamed(columns: DataTableColumn[], name: string): DataTableColumn | undefined {
  return columns.find((c) => c.name === name) ?? columns.find((c) => c.name.toLowerCase() === name.toLowerCase());
}

/**
 * Checks given values, keyed by column name, against the columns (unknown column or mismatched
 * type: 422 naming `field`, e.g. `records[2].Price`) and returns a copy keyed by the columns' own
 * names. `typed` false (fault data-table-types-unchecked) skips the type check.
 */
export function checkValues(columns: DataTableColumn[], values: RecordValues, fieldPrefix: string, typed = true): RecordValues {
  const out: RecordValues = {};
  for (const [name, value] of Object.entries(values)) {
    const column = columnNamed(columns, name);
    const field = `${fieldPrefix}.${name}`;
    if (!column) throw errors.validation('VALIDATION_ERROR', `The table has no column "${name}".`, field);
    if (column.name in out) throw errors.validation('VALIDATION_ERROR', `The column "${column.name}" is given twice.`, field);
    const problem = typed ? cellProblem(column, value) : null;
    if (problem) throw errors.validation('VALIDATION_ERROR', `${column.name} (${column.data_type}) ${problem}.`, field);
    out[column.name] = cloneJson(value);
  }
  return out;
}

/** A full row: every column by name, null where not given. */
export function fullValues(columns: DataTableColumn[], given: RecordValues): RecordValues {
  const out: RecordValues = {};
  for (const column of columns) out[column.name] = given[column.name] === undefined ? null : cloneJson(given[column.name] as CellValue);
  return out;
}

/** A text cell read as a value of the column's type; throws a readable message when it does not fit. */
export function cellFromText(column: DataTableColumn, text: string): CellValue {
  const cell = text.trim();
  if (cell === '') return null;
  switch (column.data_type) {
    case 'text':
      return text;
    case 'number': {
      if (!/^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/.test(cell)) throw new Error(`"${cell}" is not a number`);
      return Number(cell);
    }
    case 'boolean': {
      const lower = cell.toLowerCase();
      if (lower === 'true') return true;
      if (lower === 'false') return false;
      throw new Error(`"${cell}" is not true or false`);
    }
    case 'date':
      if (!isCalendarDate(cell)) throw new Error(`"${cell}" is not a date YYYY-MM-DD`);
      return cell;
    case 'url':
      if (!isHttpUrl(cell)) throw new Error(`"${cell}" is not an http(s) URL`);
      return cell;
    case 'json':
      try {
        return JSON.parse(cell) as CellValue;
      } catch {
        throw new Error(`"${cell}" is not JSON`);
      }
  }
}

/** A deep copy of a JSON value (works on the transaction's views of state, which structuredClone refuses). */
export function cloneJson<T extends CellValue | RecordValues>(value: T): T {
  return value === null ? value : (JSON.parse(JSON.stringify(value)) as T);
}
