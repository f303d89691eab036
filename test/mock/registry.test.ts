// The handler registry (mock/resources/registry.ts) against the contract: every operation has
// exactly one entry (a stateful handler or FROM_EXAMPLE), every entry is an operation, and every
// example-backed operation has a success example to answer with.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FROM_EXAMPLE } from '../../mock/core/handler.ts';
import { handlers } from '../../mock/resources/registry.ts';
import { contractOperations } from '../support/contract.ts';
import { testMock } from '../support/harness.ts';

const REGISTRY = resolve(import.meta.dirname, '../../mock/resources/registry.ts');
const operationIds = contractOperations.map((op) => op.operationId).sort();
const entries = Object.entries(handlers as Record<string, unknown>);

/**
 * Where each operation is defined in the registry source: an explicit `name: FROM_EXAMPLE` line,
 * or a key of a spread handler group (imported from its module).
 */
async function definitions(): Promise<Map<string, string[]>> {
  const source = readFileSync(REGISTRY, 'utf8');
  const found = new Map<string, string[]>();
  const add = (operationId: string, where: string) => found.set(operationId, [...(found.get(operationId) ?? []), where]);
  for (const m of source.matchAll(/^\s+(\w+): FROM_EXAMPLE,?\s*$/gm)) add(m[1] as string, 'FROM_EXAMPLE');
  const imports = new Map<string, string>();
  for (const m of source.matchAll(/^import \{ (\w+) \} from '(\.[^']+)';$/gm)) imports.set(m[1] as string, m[2] as string);
  const spreads = [...source.matchAll(/^\s+\.\.\.(\w+),?\s*$/gm)].map((m) => m[1] as string);
  expect(spreads.length).toBeGreaterThan(0);
  for (const group of spreads) {
    const from = imports.get(group);
    if (!from) throw new Error(`registry spreads ${group} but does not import it`);
    const module = (await import(resolve(dirname(REGISTRY), from))) as Record<string, Record<string, unknown>>;
    const exported = module[group];
    if (!exported) throw new Error(`${from} exports no ${group}`);
    for (const key of Object.keys(exported)) add(key, group);
  }
  return found;
}

describe('the handler registry', () => {
  it('has an entry for every contract operation and no entry that is not one', () => {
    const keys = entries.map(([k]) => k).sort();
    expect(operationIds.filter((id) => !keys.includes(id)), 'operations without an entry').toEqual([]);
    expect(keys.filter((k) => !operationIds.includes(k)), 'entries without an operation').toEqual([]);
    expect(keys).toEqual(operationIds);
  });

  it('defines every operation exactly once: FROM_EXAMPLE or one handler group', async () => {
    const found = await definitions();
    const twice = [...found].filter(([, where]) => where.length > 1).map(([id, where]) => `${id}: ${where.join(' + ')}`);
    expect(twice, 'operations defined more than once').toEqual([]);
    expect([...found.keys()].sort()).toEqual(operationIds);
  });

  it('maps each entry to a handler function or FROM_EXAMPLE', () => {
    const odd = entries.filter(([, v]) => typeof v !== 'function' && v !== FROM_EXAMPLE).map(([k]) => k);
    expect(odd).toEqual([]);
  });

  it('has a success example for every example-backed operation', () => {
    const mock = testMock();
    const missing = entries.filter(([id, v]) => v === FROM_EXAMPLE && mock.table.operations.get(id)?.example === undefined).map(([id]) => id);
    expect(missing).toEqual([]);
  });
});
