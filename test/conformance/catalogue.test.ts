// The rule catalogue (conformance/rules/catalogue.ts) stays complete both ways: every check name
// the suite can record outcomes under decides a catalogue rule, and every catalogue rule has a
// check or says why it has none. Check names are read from the suite's source (each check and
// rule check is an object with a `name` and a `rule`), so a new check cannot go uncatalogued.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXCHANGE_CHECKS, TRANSPORT_CHECK } from '../../conformance/checks/index.ts';
import { MODELS } from '../../conformance/models/index.ts';
import { CATALOGUE, CHECK_SCOPES } from '../../conformance/rules/catalogue.ts';
import { PROVEN_ELSEWHERE } from '../../conformance/self-test/cases/cross-cutting.ts';
import { FAULT_CASES } from '../../conformance/self-test/cases/index.ts';
import { MODES } from '../../conformance/target/target.ts';
import { isLabel } from '../../contract/labels.ts';
import { FAULTS } from '../../mock/pipeline/faults.ts';
import { ROOT } from './run-cli.ts';

const CONFORMANCE = join(ROOT, 'conformance');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return e.name.endsWith('.ts') ? [path] : [];
  });
}

/** Every `{ name: '…', rule: … }` in the suite's source: the names outcomes are recorded under, with the file that defines each. */
function recordableChecks(): Map<string, string> {
  const out = new Map<string, string>();
  for (const file of sources(CONFORMANCE)) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/name:\s*'([a-z0-9-]+)',?\s*rule:/g)) out.set(match[1] as string, relative(ROOT, file));
  }
  return out;
}

describe('the rule catalogue', () => {
  const found = recordableChecks();
  const catalogued = new Set(CATALOGUE.flatMap((r) => r.checks));

  it('finds the checks in the source (precondition)', () => {
    for (const check of [...EXCHANGE_CHECKS, TRANSPORT_CHECK]) expect(found.has(check.name), check.name).toBe(true);
    expect(found.has('auth-missing-token')).toBe(true);
    expect(found.has('send-rate-limit')).toBe(true);
    expect(found.size).toBeGreaterThan(40);
  });

  it('maps every check the suite can record to a catalogue rule, with its scope', () => {
    expect([...found.keys()].filter((c) => !catalogued.has(c)).sort()).toEqual([]);
    expect([...found.keys()].filter((c) => CHECK_SCOPES[c] === undefined).sort()).toEqual([]);
  });

  it('names no check the suite does not have', () => {
    expect([...catalogued].filter((c) => !found.has(c)).sort()).toEqual([]);
    expect(Object.keys(CHECK_SCOPES).filter((c) => !found.has(c)).sort()).toEqual([]);
  });

  it('gives every rule a check, or a reason why it has none', () => {
    for (const rule of CATALOGUE) {
      if (rule.untested) {
        expect(rule.checks, rule.id).toEqual([]);
        expect(rule.untested.reason.length, rule.id).toBeGreaterThan(10);
      } else expect(rule.checks.length, rule.id).toBeGreaterThan(0);
    }
  });

  it('has unique, stable ids, a text reference and a label for every rule', () => {
    const ids = CATALOGUE.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const rule of CATALOGUE) {
      expect(rule.id, rule.id).toMatch(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/);
      expect(rule.ref.length, rule.id).toBeGreaterThan(3);
      expect(rule.text.length, rule.id).toBeGreaterThan(10);
      expect(isLabel(rule.label), rule.id).toBe(true);
    }
  });

  it('covers every numbered rule of the seed sections it cites', () => {
    const refs = CATALOGUE.map((r) => r.ref).join('\n');
    for (const n of [1, 2, 3, 4, 5, 6, 7, 8, 9]) expect(refs, `Authentication ${n}`).toMatch(new RegExp(`Authentication ${n}\\b`));
    for (const n of ['1', '2', '3', '4.1', '4.2', '4.3', '5', '6']) expect(refs, `Time handling ${n}`).toContain(`Time handling ${n}`);
    for (const n of [1, 2, 3]) expect(refs, `behaviour ${n}`).toContain(`behaviour ${n}`);
    for (const limit of ['request rate', 'over-limit response', 'rate headers', 'idempotency', 'general API rate', 'concurrent calls', 'webhook deliveries']) {
      expect(refs.toLowerCase(), limit).toContain(limit.toLowerCase());
    }
  });

  it('scopes each model check to its model: the group exists, the mode is at least its mode, and the group defines the check', () => {
    for (const [check, scope] of Object.entries(CHECK_SCOPES)) {
      if (scope.model === undefined) continue;
      const entry = MODELS.find((m) => m.group === scope.model);
      expect(entry, `${check}: model ${scope.model}`).toBeDefined();
      // As the model's mode, or stricter when the check needs requests only a stricter mode sends.
      expect(MODES.indexOf(scope.mode), check).toBeGreaterThanOrEqual(MODES.indexOf(entry?.mode ?? 'full'));
      expect(scope.parts, check).toEqual(['stateful']);
      expect(found.get(check), check).toContain(`conformance/models/${scope.model}/`);
    }
    for (const [check, file] of found) if (file.startsWith('conformance/models/')) expect(CHECK_SCOPES[check]?.model, check).toBeDefined();
  });
});

// Every rule with checks has a self-test case (conformance/self-test/cases/): a mock fault that
// breaks it, so the suite is shown to notice. Each area of the catalogue adds its id prefixes here.
describe('the self-test cases', () => {
  const CASE_PREFIXES = [
    ...['builder-agents.', 'template-settings.', 'coaching.', 'queues.', 'rates.', 'assistant.', 'builders.'],
    // The cross-cutting areas (conformance/self-test/cases/cross-cutting.ts); TLS is proven elsewhere (PROVEN_ELSEWHERE).
    ...['endpoints.', 'versioning.', 'envelope.', 'resources.fields', 'time.', 'auth.', 'tls.', 'errors.', 'limits.', 'logs.'],
    // The resources and their workflows (conformance/self-test/cases/resources.ts).
    ...['resources.analyzer-prefixes', 'resources.contact-field-key-immutable', 'calls.', 'replies.', 'events.', 'campaigns.', 'listings.', 'conversations.'],
    ...['phone-numbers.', 'data-tables.', 'analytics.', 'flows.', 'agents.'],
  ];
  const ruleIds = new Set(CATALOGUE.map((r) => r.id));

  it('give every rule with checks in the covered areas a case', () => {
    const covered = new Set(FAULT_CASES.map((c) => c.rule));
    const missing = CATALOGUE.filter((r) => r.checks.length > 0 && CASE_PREFIXES.some((p) => r.id.startsWith(p)) && !covered.has(r.id) && !(r.id in PROVEN_ELSEWHERE)).map((r) => r.id);
    expect(missing).toEqual([]);
  });

  it('name a catalogue rule with checks and a known mock fault, and fail on inferred parts for an inferred rule', () => {
    for (const c of FAULT_CASES) {
      expect(ruleIds.has(c.rule), `${c.rule}: not a catalogue rule`).toBe(true);
      expect(CATALOGUE.find((r) => r.id === c.rule)?.checks.length ?? 0, `${c.rule}: has no checks`).toBeGreaterThan(0);
      expect(Object.keys(FAULTS), `${c.rule}: fault ${c.fault}`).toContain(c.fault);
      if (CATALOGUE.find((r) => r.id === c.rule)?.label === 'inferred') expect(c.failOn, `${c.rule}: an inferred rule only warns at the default --fail-on`).toBe('inferred');
    }
  });
});
