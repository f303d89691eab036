// Seed "Errors": two error body shapes. Shape A `{success:false, message, data:[]}` where the seed
// gives per-operation responses (campaign update, flow read, agent operations); Shape B
// `{success:false, message, error:{code, details, field?}}` everywhere else. The contract names
// the shape of each (operation, status); an undocumented error status gets Shape B.
import type { ExchangeCheck } from './check.ts';
import { violation } from './check.ts';

export function shapeOf(body: unknown): 'A' | 'B' | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const b = body as Record<string, unknown>;
  if (b.success !== false || typeof b.message !== 'string') return undefined;
  const error = b.error as Record<string, unknown> | undefined;
  if (typeof error === 'object' && error !== null && typeof error.code === 'string' && typeof error.details === 'string' && b.data === undefined) return 'B';
  if (Array.isArray(b.data) && b.error === undefined) return 'A';
  return undefined;
}

export const errorShape: ExchangeCheck = {
  name: 'error-shape',
  rule: 'seed "Errors": error bodies in Shape A or Shape B, as the contract names for the operation and status',
  run(ex, ctx) {
    if (ex.response.status < 400) return 'skip';
    const expected = ctx.documented?.shape ?? 'B';
    const actual = shapeOf(ctx.json);
    if (actual === expected) return 'pass';
    const got = actual === undefined ? 'in neither error shape' : `in Shape ${actual}`;
    return violation(`the ${ex.response.status} body is ${got}; the contract names Shape ${expected} for ${ctx.op.operationId}`, 'documented');
  },
};
