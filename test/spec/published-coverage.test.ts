// Every operation the published API shows for the resource groups the contract covers in full
// (spec/published-api/operations.json: its method and path shown on a documentation page) is in the
// contract and served from state by the mock (a handler of its group, never the spec example).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FROM_EXAMPLE } from '../../mock/core/handler.ts';
import { handlers } from '../../mock/resources/registry.ts';
import { contractOperations } from '../support/contract.ts';

/** The published groups the contract covers in full. */
const COMPLETE_GROUPS = ['flows', 'flow-steps', 'contacts', 'contact-analyzers', 'pools', 'rules', 'campaigns', 'call', 'call-actions', 'tasks', 'transcriptions', 'evaluations', 'appointments', 'appointment-requests', 'schedules', 'phone-numbers', 'agent-channel-bindings', 'webhooks', 'whatsapp-templates', 'voice-ivr-&-guards', 'agents'];

interface PublishedOperation {
  method: string | null;
  path: string | null;
  group: string;
  path_confidence: string;
}

const published = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'spec', 'published-api', 'operations.json'), 'utf8')) as PublishedOperation[];
const key = (method: string, path: string): string => `${method.toUpperCase()} ${path.replace(/\{[^}]+\}/g, '{}')}`;
const byRoute = new Map(contractOperations.map((op) => [key(op.method, op.path), op]));

describe('the published groups the contract covers in full', () => {
  const shown = published.filter((p) => COMPLETE_GROUPS.includes(p.group) && p.method && p.path);

  it('lists the groups’ operations (precondition)', () => {
    expect(shown.length).toBeGreaterThan(30);
  });

  it('has every operation of those groups, each served from state', () => {
    const gaps = shown.flatMap((p) => {
      const op = byRoute.get(key(p.method as string, p.path as string));
      if (!op) return [`${p.method} ${p.path}: not in the contract`];
      const entry = (handlers as Record<string, unknown>)[op.operationId];
      return entry === FROM_EXAMPLE || typeof entry !== 'function' ? [`${op.operationId}: not served from state`] : [];
    });
    expect(gaps).toEqual([]);
  });
});
