// One verdict per catalogue rule, from the tallies a run recorded (report/rule-verdicts.ts), and
// the run's verdict from them: PASS only when no rule is violated at failing severity and every
// rule the selected mode and parts cover was exercised.
import { describe, expect, it } from 'vitest';
import { emptyTally, type Finding, type Note, type Tally } from '../../conformance/record/finding.ts';
import { consoleReport } from '../../conformance/report/console-report.ts';
import { junitReport } from '../../conformance/report/junit-report.ts';
import { type RuleResult, type RuleSelection, type RuleStatus, ruleVerdicts } from '../../conformance/report/rule-verdicts.ts';
import { buildReport, EXIT_CODES, verdictOf } from '../../conformance/report/run-report.ts';
import { CATALOGUE } from '../../conformance/rules/catalogue.ts';
import { PARTS } from '../../conformance/target/target.ts';

const FULL: RuleSelection = { mode: 'full', parts: [...PARTS] };

function t(partial: Partial<Tally>): Tally {
  return { ...emptyTally(), ...partial };
}

function verdictOfRule(rules: RuleResult[], id: string): RuleResult {
  const rule = rules.find((r) => r.id === id);
  if (!rule) throw new Error(`no rule ${id}`);
  return rule;
}

const finding = (check: string, severity: Finding['severity'], message: string, operationId?: string): Finding => ({
  check,
  rule: 'r',
  severity,
  ...(severity === 'inconclusive' ? {} : { label: 'documented' as const }),
  operationId,
  message,
  test: 'x',
});

describe('per-rule verdicts', () => {
  const cases: Array<{
    name: string;
    tallies: Record<string, Tally>;
    findings?: Finding[];
    notes?: Note[];
    selection?: RuleSelection;
    rule: string;
    want: RuleStatus;
    severity?: 'fail' | 'warn';
    reason?: RegExp;
  }> = [
    { name: 'passes only: verified', tallies: { 'getFlow\u0000timestamp-offset': t({ pass: 3 }) }, rule: 'time.response-offset', want: 'verified' },
    {
      name: 'a failure among passes: violated, failing',
      tallies: { 'getFlow\u0000timestamp-offset': t({ pass: 3 }), 'listCalls\u0000timestamp-offset': t({ fail: 1 }) },
      findings: [finding('timestamp-offset', 'fail', 'no offset on created_at', 'listCalls')],
      rule: 'time.response-offset',
      want: 'violated',
      severity: 'fail',
      reason: /no offset/,
    },
    {
      name: 'a warning (a part below --fail-on): violated, warning only',
      tallies: { 'getFlow\u0000response-schema': t({ pass: 2, warn: 1 }) },
      findings: [finding('response-schema', 'warn', 'an inferred field differs', 'getFlow')],
      rule: 'resources.fields',
      want: 'violated',
      severity: 'warn',
    },
    {
      name: 'inconclusive wins over passes, with the reason',
      tallies: { 'listCoachingAgents\u0000one-default-coach': t({ pass: 4, inconclusive: 1 }) },
      findings: [finding('one-default-coach', 'inconclusive', 'the answer has no is_default', 'listCoachingAgents')],
      rule: 'coaching.one-default',
      want: 'inconclusive',
      reason: /no is_default/,
    },
    { name: 'covered but nothing recorded: not exercised', tallies: {}, rule: 'limits.idempotency', want: 'not-exercised', reason: /idempotency/ },
    { name: 'a check that only skipped: not applicable, with its note', tallies: { '\u0000tls-https-only': t({ skip: 1 }) }, notes: [{ area: 'tls-https-only', message: 'the target is plain HTTP on a loopback host' }], rule: 'tls.https-only', want: 'not-applicable', reason: /loopback/ },
    { name: 'a model the mode does not run: not run, naming the mode', tallies: {}, selection: { mode: 'readonly', parts: [...PARTS] }, rule: 'limits.idempotency', want: 'not-run', reason: /--mode full/ },
    { name: 'a part left out: not run, naming the part', tallies: {}, selection: { mode: 'full', parts: ['operations'] }, rule: 'auth.missing-token-401', want: 'not-run', reason: /part auth not selected/ },
    { name: 'outside --only: not run', tallies: {}, selection: { ...FULL, only: 'model: rates' }, rule: 'limits.idempotency', want: 'not-run', reason: /--only/ },
    { name: 'not testable black-box: not run, with the reason', tallies: {}, rule: 'limits.higher-limits-support', want: 'not-run', reason: /not testable black-box: a support process/ },
    { name: 'a rule about some operations ignores the others', tallies: { 'getFlow\u0000expected-outcome': t({ pass: 9 }) }, rule: 'limits.page-sizes', want: 'not-exercised' },
    { name: '… and counts its own', tallies: { 'listActionLogs\u0000expected-outcome': t({ pass: 9 }) }, rule: 'limits.page-sizes', want: 'verified' },
  ];
  it.each(cases)('$name', ({ tallies, findings, notes, selection, rule, want, severity, reason }) => {
    const got = verdictOfRule(ruleVerdicts(tallies, findings ?? [], notes ?? [], selection ?? FULL), rule);
    expect(got.status).toBe(want);
    if (severity) expect(got.severity).toBe(severity);
    if (reason) expect(got.reason).toMatch(reason);
    if (want === 'verified') expect(got.reason).toBeUndefined();
  });

  it('give every catalogue rule exactly one verdict', () => {
    const rules = ruleVerdicts({}, [], [], FULL);
    expect(rules.map((r) => r.id)).toEqual(CATALOGUE.map((r) => r.id));
  });
});

describe('the run verdict from the rules', () => {
  const counts = { failed: 0, warned: 0, inconclusive: 0, passed: 10 };
  const cases: Array<[name: string, rules: Array<Pick<RuleResult, 'status' | 'severity'>>, want: 'pass' | 'fail' | 'incomplete']> = [
    ['all verified', [{ status: 'verified' }], 'pass'],
    ['verified, not applicable and not run', [{ status: 'verified' }, { status: 'not-applicable' }, { status: 'not-run' }], 'pass'],
    ['a warning-only violation', [{ status: 'verified' }, { status: 'violated', severity: 'warn' }], 'pass'],
    ['a violation at failing severity', [{ status: 'verified' }, { status: 'violated', severity: 'fail' }], 'fail'],
    ['an inconclusive rule', [{ status: 'verified' }, { status: 'inconclusive' }], 'incomplete'],
    ['a covered rule not exercised', [{ status: 'verified' }, { status: 'not-exercised' }], 'incomplete'],
    ['failing and undecided together', [{ status: 'not-exercised' }, { status: 'violated', severity: 'fail' }], 'fail'],
  ];
  it.each(cases)('%s → %s', (_name, rules, want) => {
    const verdict = verdictOf(counts, 0, rules);
    expect(verdict).toBe(want);
    expect(EXIT_CODES[verdict]).toBe({ pass: 0, fail: 1, incomplete: 3 }[want]);
  });

  it('report every rule in the console, the JUnit XML and the JSON, and name the undecided ones', () => {
    const report = buildReport(
      { findings: [], tallies: { 'getFlow\u0000timestamp-offset': t({ pass: 2 }), '\u0000tls-https-only': t({ skip: 1 }) }, notes: [{ area: 'tls-https-only', message: 'plain HTTP on a loopback host' }], requests: 2, failedTests: [] },
      { tests: [{ title: 'a', fullName: 'operations a', status: 'passed', failureMessages: [] }], fileErrors: [] },
      { startedAt: '2026-03-14T10:00:00Z', durationMs: 10, target: { baseUrl: 'http://127.0.0.1:1', mode: 'readonly', profile: 'quick', parts: ['operations', 'tls'], seed: 1, mock: false, faults: [], failOn: 'published' } },
    );
    expect(report.verdict).toBe('incomplete');
    expect(report.rules).toHaveLength(CATALOGUE.length);
    expect(verdictOfRule(report.rules, 'time.response-offset').status).toBe('verified');
    expect(verdictOfRule(report.rules, 'tls.https-only').status).toBe('not-applicable');
    expect(verdictOfRule(report.rules, 'limits.rate-headers').status).toBe('not-exercised');
    expect(verdictOfRule(report.rules, 'auth.missing-token-401').status).toBe('not-run');
    const text = consoleReport(report);
    expect(text).toMatch(/✓ time\.response-offset\s+verified/);
    expect(text).toMatch(/· tls\.https-only\s+not applicable .*loopback/);
    expect(text).toMatch(/undecided rules: .*limits\.rate-headers \(not exercised\)/);
    expect(text).toContain(`rules: 1 verified`);
    const xml = junitReport(report);
    expect(xml).toContain('<testsuite name="rules"');
    expect(xml).toMatch(/name="limits\.rate-headers [^"]*"><error message="not exercised: /);
    expect(xml).toMatch(/name="tls\.https-only [^"]*"><skipped message="not applicable: plain HTTP on a loopback host"/);
    expect(JSON.parse(JSON.stringify(report)).ruleCounts.verified).toBe(1);
  });
});

describe('the checks that exceed the target limits on purpose', () => {
  it('are not run against a deployment without --stress, and say why; the mock and --stress run them', () => {
    const deployment = verdictOfRule(ruleVerdicts({}, [], [], { mode: 'full', parts: [...PARTS] }), 'limits.general-1000-per-minute');
    expect(deployment.status).toBe('not-run');
    expect(deployment.reason).toContain('--stress');
    for (const selection of [{ ...FULL, mock: true }, { ...FULL, stress: true }]) {
      const rule = verdictOfRule(ruleVerdicts({}, [], [], selection), 'limits.concurrent-calls-50');
      expect(rule.status, JSON.stringify(selection)).toBe('not-exercised');
    }
  });
});
