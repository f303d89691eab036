// What each mode may send. readonly: requests that change nothing (GET). safe: also creates that
// the suite deletes again at once (a POST whose resource has a DELETE at `<path>/{uuid}`), and
// deletes of resources that do not exist or that the suite created. full: everything, including
// the cost-incurring sends (seed "Limits": calls, WhatsApp templates, SMS, email) and permanent
// changes; against a real deployment it needs explicit opt-in.
import type { SuiteContract } from '../contract/load.ts';
import type { SuiteOperation } from '../contract/operation.ts';
import type { Mode } from '../target/target.ts';

export type Effect = 'read' | 'reversible-create' | 'delete' | 'cost' | 'write';

/** The DELETE that undoes a create: same path plus `/{uuid}`. */
export function pairedDelete(contract: SuiteContract, op: SuiteOperation): SuiteOperation | undefined {
  if (op.method !== 'POST') return undefined;
  return contract.operations.find((o) => o.method === 'DELETE' && o.path === `${op.path}/{uuid}`);
}

/**
 * Creates that look reversible but are not: a listing queues one task per contact that goes out
 * at its pace at once (calls and messages), and its contacts stay after the delete (seed "States
 * and transitions": deleting a listing does not delete contacts).
 */
const SENDS_AT_ONCE = new Set(['createListing']);

export function effectOf(contract: SuiteContract, op: SuiteOperation): Effect {
  if (op.method === 'GET') return 'read';
  if (op.sendLimited || SENDS_AT_ONCE.has(op.operationId)) return 'cost';
  if (op.method === 'DELETE') return 'delete';
  if (pairedDelete(contract, op)) return 'reversible-create';
  return 'write';
}

export function allowedIn(mode: Mode, effect: Effect): boolean {
  if (mode === 'full') return true;
  if (mode === 'safe') return effect === 'read' || effect === 'reversible-create' || effect === 'delete';
  return effect === 'read';
}

export function operationsFor(contract: SuiteContract, mode: Mode): SuiteOperation[] {
  return contract.operations.filter((op) => allowedIn(mode, effectOf(contract, op)));
}
