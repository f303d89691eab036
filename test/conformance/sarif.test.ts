// The SARIF report (conformance.sarif) and the GitHub annotation lines: one run whose tool lists
// every catalogue rule, one result per finding with its rule, level, message, the contract file
// and line of its operation (spec/paths/*.yaml, read back here) and the operationId as a logical
// location; annotations on the same file and line, escaped as workflow commands require.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { annotationFormat, escapeData, escapeProperty, githubAnnotations } from '../../conformance/report/annotations.ts';
import { contractLocations } from '../../conformance/report/contract-locations.ts';
import { buildReport, type RunReport } from '../../conformance/report/run-report.ts';
import { type SarifLog, sarifReport } from '../../conformance/report/sarif.ts';
import type { Finding, RecordedResults } from '../../conformance/record/finding.ts';
import { CATALOGUE } from '../../conformance/rules/catalogue.ts';
import { parseOptions, UsageError } from '../../conformance/run/options.ts';

const ROOT = resolve(import.meta.dirname, '../..');
// ajv-formats is CommonJS: its default export is the plugin function.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

const failure: Finding = {
  check: 'timezone-header',
  rule: 'seed "Time handling" rule 5',
  severity: 'fail',
  label: 'documented',
  operationId: 'listQueues',
  message: 'the X-Timezone header is missing, 100% sure: see\nthe answer',
  test: 'listQueues: generated valid requests',
  curl: "curl -sS -i -X GET 'https://acme.example.com/api/v1/queues' -H \"authorization: Bearer $CONFORMANCE_TOKEN\"",
};
const warning: Finding = { ...failure, check: 'expected-outcome', severity: 'warn', label: 'inferred', operationId: 'listActionLogs', message: 'per_page 101 was accepted' };
const undecided: Finding = { check: 'one-default-coach', rule: 'coaching', severity: 'inconclusive', operationId: undefined, message: 'no is_default field', test: 'model: coaching agents' };

function report(findings: Finding[]): RunReport {
  const tallies: RecordedResults['tallies'] = {};
  for (const f of findings) {
    const key = `${f.operationId ?? ''}\u0000${f.check}`;
    const t = tallies[key] ?? { pass: 0, fail: 0, warn: 0, inconclusive: 0, skip: 0 };
    if (f.severity === 'fail') t.fail++;
    else if (f.severity === 'warn') t.warn++;
    else t.inconclusive++;
    tallies[key] = t;
  }
  const recorded: RecordedResults = { findings, tallies, notes: [], requests: 3, failedTests: findings.flatMap((f) => (f.test ? [f.test] : [])) };
  return buildReport(
    recorded,
    { tests: findings.map((f) => ({ fullName: f.test ?? '', title: f.test ?? '', status: 'failed' as const, failureMessages: [] })), fileErrors: [] },
    {
      startedAt: '2026-11-28T10:00:00.000Z',
      durationMs: 1500,
      target: { baseUrl: 'https://acme.example.com', mode: 'readonly', profile: 'quick', parts: ['operations'], seed: 7, mock: false, faults: [], failOn: 'published' },
    },
  );
}

/** The lines of the file a location names, read from the checkout. */
function lineAt(uri: string, line: number): string {
  return readFileSync(resolve(ROOT, uri), 'utf8').split('\n')[line - 1] ?? '';
}

/**
 * The SARIF 2.1.0 schema (rtm.5, the one code scanning takes) as @microsoft/jest-sarif ships it.
 * It is a draft-04 schema: its `id` is read as `$id` (no keyword it uses changed meaning since), and
 * its patterns are read without the u flag, as draft-04 validators read them.
 */
function sarifValidator() {
  const file = createRequire(import.meta.url).resolve('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json');
  const { $schema: _draft, id, ...schema } = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  const ajv = new Ajv({ strict: false, allErrors: true, unicodeRegExp: false });
  addFormats(ajv);
  return ajv.compile({ ...schema, $id: String(id) });
}

const validateSarif = sarifValidator();

/** Valid by the schema, and what code scanning needs beyond it: a region's line and relative URIs. */
function expectValidSarif(log: SarifLog): void {
  expect(validateSarif(JSON.parse(JSON.stringify(log))), JSON.stringify(validateSarif.errors, null, 2)).toBe(true);
  expect(log.version).toBe('2.1.0');
  expect(log.$schema).toMatch(/sarif-2\.1\.0/);
  expect(Array.isArray(log.runs)).toBe(true);
  for (const run of log.runs) {
    expect(typeof run.tool.driver.name).toBe('string');
    const ids = run.tool.driver.rules.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const rule of run.tool.driver.rules) {
      expect(typeof rule.id).toBe('string');
      expect(rule.shortDescription.text.length).toBeGreaterThan(0);
      expect(rule.help.text.length).toBeGreaterThan(0);
      expect(['none', 'note', 'warning', 'error']).toContain(rule.defaultConfiguration.level);
    }
    for (const result of run.results) {
      expect(['none', 'note', 'warning', 'error']).toContain(result.level);
      expect(result.message.text.length).toBeGreaterThan(0);
      if (result.ruleIndex !== undefined) expect(run.tool.driver.rules[result.ruleIndex]?.id).toBe(result.ruleId);
      for (const location of result.locations) {
        expect(location.physicalLocation.artifactLocation.uri).not.toMatch(/^\/|\\/);
        expect(Number.isInteger(location.physicalLocation.region.startLine)).toBe(true);
        expect(location.physicalLocation.region.startLine).toBeGreaterThanOrEqual(1);
      }
    }
  }
}

describe('the contract locations', () => {
  it('give every operation of the contract its spec/paths fragment and the line of its method', () => {
    const { operations, document } = contractLocations();
    const contract = JSON.parse(readFileSync(resolve(ROOT, 'generated/openapi.json'), 'utf8')) as { paths: Record<string, Record<string, { operationId?: string }>> };
    const ids = Object.values(contract.paths).flatMap((item) => Object.values(item).flatMap((op) => (typeof op === 'object' && op?.operationId ? [op.operationId] : [])));
    expect(ids.length).toBeGreaterThan(50);
    for (const id of ids) {
      const place = operations.get(id);
      expect(place?.uri, id).toMatch(/^spec\/paths\/[a-z-]+\.yaml$/);
      const lines = readFileSync(resolve(ROOT, place?.uri ?? ''), 'utf8').split('\n');
      expect(lines[(place?.line ?? 0) - 1], id).toMatch(/^\s+(get|put|post|delete|patch):\s*$/);
      const below = lines.slice(place?.line ?? 0, (place?.line ?? 0) + 3).join('\n');
      expect(below, id).toContain(`operationId: ${id}`);
    }
    expect(document).toEqual({ uri: 'spec/openapi.yaml', line: 1 });
  });
});

describe('the SARIF report', () => {
  const log = sarifReport(report([failure, warning, undecided]));
  const run = log.runs[0];

  it('is a SARIF 2.1.0 log with one run whose tool lists every catalogue rule with its label', () => {
    expectValidSarif(log);
    expect(log.runs).toHaveLength(1);
    expect(run?.tool.driver.name).toBe('agent-platform-contract conformance');
    expect(run?.tool.driver.version).toBe((JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8')) as { version: string }).version);
    expect(run?.tool.driver.rules.map((r) => r.id)).toEqual(CATALOGUE.map((r) => r.id));
    const tz = run?.tool.driver.rules.find((r) => r.id === CATALOGUE.find((c) => c.checks.includes('timezone-header'))?.id);
    expect(tz?.properties.label).toBe('documented');
    expect(tz?.help.text).toContain('timezone-header');
    expect(run?.invocations[0]?.properties['verdict']).toBe('fail');
  });

  it('gives each finding its rule, level, message and contract location with the operationId', () => {
    const [error, warn, note] = run?.results ?? [];
    expect(error?.level).toBe('error');
    expect(error?.ruleId).toBe(CATALOGUE.find((c) => c.checks.includes('timezone-header'))?.id);
    expect(error?.message.text).toContain('listQueues: the X-Timezone header is missing');
    expect(error?.message.text).toContain('$CONFORMANCE_TOKEN');
    const place = error?.locations[0]?.physicalLocation;
    expect(place?.artifactLocation.uri).toBe('spec/paths/queues.yaml');
    expect(lineAt(place?.artifactLocation.uri ?? '', place?.region.startLine ?? 0).trim()).toBe('get:');
    expect(lineAt('spec/paths/queues.yaml', (place?.region.startLine ?? 0) + 1)).toContain('operationId: listQueues');
    expect(error?.locations[0]?.logicalLocations).toEqual([{ name: 'listQueues', kind: 'function' }]);
    // expected-outcome on listActionLogs belongs to the rule restricted to that operation.
    expect(warn).toMatchObject({ level: 'warning', ruleId: 'limits.page-sizes' });
    expect(warn?.locations[0]?.physicalLocation.artifactLocation.uri).toBe('spec/paths/logs.yaml');
    expect(note?.level).toBe('note');
    expect(note?.locations[0]?.physicalLocation).toEqual({ artifactLocation: { uri: 'spec/openapi.yaml' }, region: { startLine: 1 } });
    expect(new Set(run?.results.map((r) => r.partialFingerprints['conformanceFinding/v1'])).size).toBe(3);
  });

  it('is empty of results for a run without findings', () => {
    const clean = sarifReport(report([]));
    expectValidSarif(clean);
    expect(clean.runs[0]?.results).toEqual([]);
    // The schema does reject: a driver without its name, a result with an unknown level.
    expect(validateSarif({ version: '2.1.0', runs: [{ tool: { driver: {} } }] })).toBe(false);
    expect(validateSarif({ ...clean, runs: [{ ...clean.runs[0], results: [{ ruleId: 'x', level: 'fatal', message: { text: 'x' } }] }] })).toBe(false);
  });
});

describe('GitHub annotations', () => {
  it('put an error per failure and a warning per warning on the operation\'s file and line, titled with the rule', () => {
    const lines = githubAnnotations(report([failure, failure, warning, undecided]));
    expect(lines).toHaveLength(2);
    const place = contractLocations().operations.get('listQueues');
    const rule = CATALOGUE.find((c) => c.checks.includes('timezone-header'))?.id ?? '';
    expect(lines[0]).toBe(
      `::error file=spec/paths/queues.yaml,line=${place?.line},title=${rule}::listQueues: the X-Timezone header is missing, 100%25 sure: see%0Athe answer%0Acurl: ${failure.curl}`,
    );
    expect(lines[1]).toMatch(/^::warning file=spec\/paths\/logs\.yaml,line=\d+,title=limits\.page-sizes::listActionLogs: per_page 101 was accepted/);
  });

  it('escape workflow-command data and properties', () => {
    expect(escapeData('a%b\r\nc')).toBe('a%25b%0D%0Ac');
    expect(escapeProperty('a:b,c')).toBe('a%3Ab%2Cc');
  });

  it('are on under GitHub Actions or with --annotations github, off otherwise', () => {
    expect(annotationFormat(undefined, { GITHUB_ACTIONS: 'true' })).toBe('github');
    expect(annotationFormat(undefined, {})).toBe('none');
    expect(annotationFormat('none', { GITHUB_ACTIONS: 'true' })).toBe('none');
    expect(parseOptions(['--annotations', 'github'], {}).annotations).toBe('github');
    expect(parseOptions([], { GITHUB_ACTIONS: 'true' }).annotations).toBe('github');
    expect(parseOptions([], {}).annotations).toBe('none');
    expect(() => parseOptions(['--annotations', 'gitlab'], {})).toThrow(UsageError);
  });
});
