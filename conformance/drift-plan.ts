// The drift report's plan: the same requests for both targets, built from the contract and a seed.
// Only reads (GET) are planned, so a drift run changes nothing on either target. Each operation is
// asked once with a request generated from its schemas (fast-check, seeded per operation: the same
// seed gives the same requests); an operation whose path ends in an id under a list operation
// (`/api/v1/queues/{uuid}` under `/api/v1/queues`) is asked again with the first id each target's
// own list gives (`listed id`), since the two targets hold different records.
import fc from 'fast-check';
import { examplePlan, type RequestPlan, validPlanArbitrary } from './arbitraries/request.ts';
import type { SuiteContract } from './contract/load.ts';
import type { SuiteOperation } from './contract/operation.ts';

export type DriftCase = 'generated' | 'listed id';

export interface DriftRequest {
  operationId: string;
  method: string;
  /** The contract's path template. */
  path: string;
  case: DriftCase;
  plan: RequestPlan;
  /** `listed id`: the list operation whose first item's id goes into `idParameter`. */
  list?: { operationId: string; path: string; plan: RequestPlan; idParameter: string };
}

/** A stable 32-bit number of a text (FNV-1a), to give each operation its own seed. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h | 0;
}

/** The list operation one level above an item path (`/x/{id}` → GET `/x`), when that path has no parameters itself. */
function listAbove(contract: SuiteContract, op: SuiteOperation): { list: SuiteOperation; idParameter: string } | undefined {
  const match = /^(.*)\/\{([^}]+)\}$/.exec(op.path);
  if (!match?.[1] || !match[2] || match[1].includes('{')) return undefined;
  const parent = match[1];
  const list = contract.operations.find((o) => o.method === 'GET' && o.path === parent);
  return list ? { list, idParameter: match[2] } : undefined;
}

export function driftPlan(contract: SuiteContract, seed: number, only?: RegExp): DriftRequest[] {
  const out: DriftRequest[] = [];
  const reads = contract.operations.filter((o) => o.method === 'GET' && (!only || only.test(o.operationId)));
  for (const op of [...reads].sort((a, b) => a.operationId.localeCompare(b.operationId))) {
    const [plan] = fc.sample(validPlanArbitrary(contract, op), { seed: seed ^ hash(op.operationId), numRuns: 1 });
    const base = { operationId: op.operationId, method: 'GET', path: op.path };
    out.push({ ...base, case: 'generated', plan: plan ?? examplePlan(op) });
    const above = listAbove(contract, op);
    if (above && plan) {
      out.push({
        ...base,
        case: 'listed id',
        plan,
        list: { operationId: above.list.operationId, path: above.list.path, plan: examplePlan(above.list), idParameter: above.idParameter },
      });
    }
  }
  return out;
}
