// The one place errors become bodies, in the shape the spec names for the operation and status:
// Shape A `{success:false, message, data:[]}` or Shape B `{success:false, message, error:{...}}`.
import type { ErrorShape } from '../contract/operation-table.ts';
import type { ApiError } from './api-error.ts';

export function errorBody(error: ApiError, shape: ErrorShape): unknown {
  if (shape === 'A') return { success: false, message: shapeAMessage(error), data: [] };
  const detail: Record<string, unknown> = { code: error.code, details: error.details };
  if (error.field !== undefined) detail.field = error.field;
  if (error.retryAfter !== undefined) detail.retryAfter = error.retryAfter;
  return { success: false, message: error.message, error: detail };
}

function shapeAMessage(error: ApiError): string {
  // Shape A carries no code or field, so the message says what failed.
  if (error.status === 422) return `Validation errors: ${error.details}`;
  return error.message;
}
