// `--checks` / `--exclude-checks` (run/check-selection.ts): names validated against the
// catalogue's CHECK_SCOPES; an unselected check is not applied (no outcome recorded, no failure),
// and the rules only unselected checks decide are `not run` with "excluded by
// --checks/--exclude-checks"; a rule with a check still applied is decided by that check.
import { describe, expect, it } from 'vitest';
import { emptyTally } from '../../conformance/record/finding.ts';
import { Recorder } from '../../conformance/record/recorder.ts';
import { ruleVerdicts } from '../../conformance/report/rule-verdicts.ts';
import { EXCLUDED_REASON, isSelected, knownChecks, selectChecks } from '../../conformance/run/check-selection.ts';
import { CHECK_SCOPES } from '../../conformance/rules/catalogue.ts';
import { PARTS } from '../../conformance/target/target.ts';
import { runCli } from './run-cli.ts';

describe('check selection', () => {
  it('knows every check of the catalogue, and keeps or leaves out the ones named', () => {
    expect(knownChecks()).toEqual(Object.keys(CHECK_SCOPES));
    expect(selectChecks(undefined, undefined)).toBeUndefined();
    expect(selectChecks(['error-code', 'error-shape'], undefined)).toEqual(['error-shape', 'error-code']);
    expect(selectChecks(['error-code', 'error-shape'], ['error-code'])).toEqual(['error-shape']);
    expect(selectChecks(undefined, ['error-code'])).toEqual(knownChecks().filter((c) => c !== 'error-code'));
    expect(() => selectChecks(['error-cod'], undefined)).toThrow('--checks: unknown check "error-cod"');
    expect(isSelected(undefined, 'anything')).toBe(true);
    expect(isSelected(['error-shape'], 'error-code')).toBe(false);
  });

  it('records nothing of an unselected check, and never fails on one', () => {
    const recorder = new Recorder();
    recorder.excluded = new Set(['error-code']);
    const violation = { check: 'error-code', rule: 'r', operationId: 'getFlow', outcome: { part: 'documented' as const, message: 'wrong code' } };
    recorder.record(violation);
    recorder.record({ ...violation, check: 'error-shape', outcome: 'pass' });
    expect(recorder.fails(violation)).toBe(false);
    expect(recorder.applies('error-code')).toBe(false);
    const results = recorder.drain();
    expect(Object.keys(results.tallies)).toEqual(['getFlow\u0000error-shape']);
    expect(results.findings).toEqual([]);
  });

  it('marks the rules only unselected checks decide not run, excluded; a rule keeps a check still applied', () => {
    const checks = knownChecks().filter((c) => c !== 'error-code' && c !== 'retry-after');
    const tallies = { 'sendSms\u0000send-429-creates-nothing': { ...emptyTally(), pass: 2 } };
    const rules = ruleVerdicts(tallies, [], [], { mode: 'full', parts: [...PARTS], checks });
    const byId = new Map(rules.map((r) => [r.id, r]));
    expect(byId.get('errors.codes')).toMatchObject({ status: 'not-run', reason: EXCLUDED_REASON });
    // limits.over-limit-429 is decided by send-429-creates-nothing and retry-after: the first still decides it.
    expect(byId.get('limits.over-limit-429')?.status).toBe('verified');
  });
});

describe('a run with checks excluded', () => {
  it('applies none of them and reports their rules not run, excluded', async () => {
    const run = await runCli(['--parts', 'time,tls', '--profile', 'quick', '--seed', '4', '--exclude-checks', 'time-dates-unshifted,timezone-header'], 170_000);
    const report = run.report;
    expect(report, run.output.slice(-3000)).toBeDefined();
    if (!report) return;
    const recorded = new Set(Object.keys(report.tallies).map((k) => k.slice(k.indexOf('\u0000') + 1)));
    expect(recorded.has('time-dates-unshifted')).toBe(false);
    expect(recorded.has('timezone-header')).toBe(false);
    expect(recorded.has('time-header-zone')).toBe(true);
    expect(report.target.checks).not.toContain('timezone-header');
    const byId = new Map(report.rules.map((r) => [r.id, r]));
    expect(byId.get('time.dates-unshifted')).toMatchObject({ status: 'not-run', reason: EXCLUDED_REASON });
    expect(byId.get('time.response-zone-header')).toMatchObject({ status: 'not-run', reason: EXCLUDED_REASON });
    expect(byId.get('time.zone-header')?.status).toBe('verified');
    expect(run.output).toMatch(/- time\.dates-unshifted\s+not run .*excluded by --checks\/--exclude-checks/);
  }, 180_000);
});
