// The seed's Shape B error (seed "Errors"): status, shape, code and, for validation errors, the field.
import { expect } from 'vitest';
import { type ErrorB, errorShapeOf } from './contract.ts';
import type { Reply } from './harness.ts';

export function expectShapeB(res: Reply, status: number, code: string, field?: string): ErrorB {
  expect(res.status, res.text).toBe(status);
  expect(errorShapeOf(res.body)).toBe('B');
  const body = res.json<ErrorB>();
  expect(body.error.code).toBe(code);
  if (field !== undefined) expect(body.error.field).toBe(field);
  return body;
}
