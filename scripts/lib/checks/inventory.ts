// Every endpoint of the inventory (spec/inventory.json, the project's copy of the seed's list)
// has an operation, and every capability is mapped to existing operations (spec/capabilities.yaml).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { listOperations } from '../../../contract/operations.ts';
import type { Problem, SpecCheckContext } from './problem.ts';

interface Inventory {
  table: Array<[string, string]>;
  prose: Array<[string, string]>;
  capabilities: string[];
}

interface CapabilityMap {
  capabilities: Array<{ capability: string; operations: string[] }>;
}

export function loadInventory(root: string): Inventory {
  return JSON.parse(readFileSync(join(root, 'spec', 'inventory.json'), 'utf8')) as Inventory;
}

export function loadCapabilityMap(root: string): CapabilityMap {
  return parse(readFileSync(join(root, 'spec', 'capabilities.yaml'), 'utf8')) as CapabilityMap;
}

export function checkInventory(ctx: SpecCheckContext): Problem[] {
  const problems: Problem[] = [];
  const inventory = loadInventory(ctx.root);
  const operations = listOperations(ctx.doc);
  const byRoute = new Map(operations.map((op) => [`${op.method.toUpperCase()} ${op.path}`, op]));
  const byId = new Map(operations.map((op) => [op.operationId, op]));

  for (const [kind, list] of [['table', inventory.table], ['prose', inventory.prose]] as const) {
    for (const [method, path] of list) {
      const op = byRoute.get(`${method} ${path}`);
      if (!op) {
        problems.push({ check: 'inventory', where: `${method} ${path}`, message: `inventory ${kind} endpoint has no operation`, severity: 'error' });
      } else if (kind === 'prose' && op.operation['x-contract'] === 'documented') {
        problems.push({ check: 'inventory', where: op.operationId, message: 'a prose-only endpoint (shapes not shown) cannot be documented: label it published or inferred', severity: 'error' });
      }
    }
  }

  const map = loadCapabilityMap(ctx.root);
  for (const capability of inventory.capabilities) {
    const entry = map.capabilities.find((c) => c.capability === capability);
    if (!entry || entry.operations.length === 0) {
      problems.push({ check: 'inventory', where: 'spec/capabilities.yaml', message: `capability has no operation: ${capability}`, severity: 'error' });
      continue;
    }
    for (const id of entry.operations) {
      if (!byId.has(id)) {
        problems.push({ check: 'inventory', where: 'spec/capabilities.yaml', message: `capability names unknown operation ${id}`, severity: 'error' });
      }
    }
  }
  return problems;
}
