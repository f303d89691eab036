// What each mode may send. readonly: requests that change nothing (GET). safe: also creates that
// the suite deletes again at once (a POST whose resource has a DELETE at `<path>/{uuid}`), and
// deletes (by id) of resources that do not exist or that the suite created; it never changes or
// deletes a resource it did not create (declaredWrites lists each write and how it is undone). full: everything, including
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
  // A DELETE of a collection or of a singular resource (no id last in its path: the webhook
  // subscription, the assistant's inbox, a table's records) removes what the target had: a write.
  if (op.method === 'DELETE') return op.path.endsWith('}') ? 'delete' : 'write';
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

/** A write a mode may send, as the dry run declares it: what it does and how it is undone. */
export interface DeclaredWrite {
  operationId: string;
  method: string;
  path: string;
  effect: Exclude<Effect, 'read'>;
  does: string;
  undo: string;
}

function describeWrite(contract: SuiteContract, op: SuiteOperation, effect: Exclude<Effect, 'read'>): { does: string; undo: string } {
  const parent = op.path.includes('{') ? ', under an existing resource named in its path' : '';
  switch (effect) {
    case 'reversible-create': {
      const remove = pairedDelete(contract, op);
      return {
        does: `creates an item of ${op.path}${parent}`,
        undo: `${remove?.operationId} (DELETE ${remove?.path}) at once; what is still there when the run ends or is interrupted is deleted then`,
      };
    }
    case 'delete':
      return { does: 'deletes an item the suite created for it, or a made-up id (404)', undo: 'nothing to undo: no resource the run did not create is deleted' };
    case 'cost':
      return {
        does: 'sends or queues something that costs money or reaches people (a call, a message, a listing that queues its tasks at once)',
        undo: SENDS_AT_ONCE.has(op.operationId) ? 'the listing is deleted again, what it sent is not undone' : 'cannot be undone',
      };
    case 'write':
      return {
        does: op.method === 'POST' ? `an action or a create with no delete (${op.path})` : `changes an existing resource (${op.path})`,
        undo: 'not undone: the ledger lists it as not undone (the queue model writes the queue back and lists what differs)',
      };
  }
}

/** Every write the mode may send (the per-operation parts and the stateful models send only these), in contract order. */
export function declaredWrites(contract: SuiteContract, mode: Mode): DeclaredWrite[] {
  return operationsFor(contract, mode).flatMap((op) => {
    const effect = effectOf(contract, op);
    if (effect === 'read') return [];
    return [{ operationId: op.operationId, method: op.method, path: op.path, effect, ...describeWrite(contract, op, effect) }];
  });
}
