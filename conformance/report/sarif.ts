// The run as a SARIF 2.1.0 log (conformance.sarif), for code-scanning views such as GitHub's:
// one run whose tool lists every catalogue rule as a reportingDescriptor (id, short description,
// help text, label), and one result per finding: the rule, the level (error: fails the run;
// warning: below the --fail-on label; note: a rule the suite could not decide), the message, and
// where the contract states the operation (the spec/paths fragment and line, contract-locations.ts)
// with the operationId as a logical location.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Finding } from '../record/finding.ts';
import { CATALOGUE, type CatalogueRule } from '../rules/catalogue.ts';
import { type ContractLocations, contractLocations, packageRoot } from './contract-locations.ts';
import { ruleIdOfFinding } from './finding-rule.ts';
import type { RunReport } from './run-report.ts';

export const SARIF_VERSION = '2.1.0';
export const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';
export const TOOL_NAME = 'agent-platform-contract conformance';

export type SarifLevel = 'error' | 'warning' | 'note';

export interface SarifMessage {
  text: string;
  markdown?: string;
}

export interface SarifReportingDescriptor {
  id: string;
  name: string;
  shortDescription: SarifMessage;
  fullDescription: SarifMessage;
  help: SarifMessage;
  defaultConfiguration: { level: SarifLevel; enabled: boolean };
  properties: { label: string; ref: string; checks: string[]; tags: string[]; untested?: string };
}

export interface SarifLocation {
  physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number } };
  logicalLocations?: Array<{ name: string; kind: string }>;
}

export interface SarifResult {
  ruleId: string;
  ruleIndex?: number;
  level: SarifLevel;
  message: SarifMessage;
  locations: SarifLocation[];
  partialFingerprints: Record<string, string>;
  properties: Record<string, unknown>;
}

export interface SarifLog {
  $schema: string;
  version: typeof SARIF_VERSION;
  runs: Array<{
    tool: { driver: { name: string; version: string; semanticVersion: string; informationUri?: string; rules: SarifReportingDescriptor[] } };
    invocations: Array<{ executionSuccessful: boolean; startTimeUtc: string; endTimeUtc: string; properties: Record<string, unknown> }>;
    results: SarifResult[];
    properties: Record<string, unknown>;
  }>;
}

const LEVELS: Record<Finding['severity'], SarifLevel> = { fail: 'error', warn: 'warning', inconclusive: 'note' };

function packageVersion(): string {
  try {
    return String((JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version?: unknown }).version ?? '0.0.0');
  } catch {
    return '0.0.0';
  }
}

function helpText(rule: CatalogueRule): string {
  const how = rule.untested
    ? `Not tested: ${rule.untested.reason}.`
    : `Decided by the checks ${rule.checks.join(', ')}${rule.operations ? ` on ${rule.operations.join(', ')}` : ''}.`;
  return `${rule.text} (API document: ${rule.ref}; label: ${rule.label}). ${how}`;
}

function descriptor(rule: CatalogueRule): SarifReportingDescriptor {
  return {
    id: rule.id,
    name: rule.id.replace(/[^A-Za-z0-9]+(.)/g, (_, c: string) => c.toUpperCase()),
    shortDescription: { text: rule.text },
    fullDescription: { text: `${rule.ref}: ${rule.text}` },
    help: { text: helpText(rule) },
    defaultConfiguration: { level: 'error', enabled: rule.untested === undefined },
    properties: { label: rule.label, ref: rule.ref, checks: rule.checks, tags: ['conformance', rule.label], ...(rule.untested ? { untested: rule.untested.reason } : {}) },
  };
}

/** Where a finding points: its operation in the contract, or the contract itself. */
export function findingLocation(finding: Finding, locations: ContractLocations): SarifLocation {
  const place = (finding.operationId && locations.operations.get(finding.operationId)) || locations.document;
  return {
    physicalLocation: { artifactLocation: { uri: place.uri }, region: { startLine: place.line } },
    ...(finding.operationId ? { logicalLocations: [{ name: finding.operationId, kind: 'function' }] } : {}),
  };
}

function result(finding: Finding, ruleIndex: Map<string, number>, locations: ContractLocations): SarifResult {
  const ruleId = ruleIdOfFinding(finding);
  const index = ruleIndex.get(ruleId);
  const fingerprint = createHash('sha256').update([ruleId, finding.operationId ?? '', finding.check, finding.label ?? ''].join('\u0000')).digest('hex');
  const lines = [`${finding.operationId ? `${finding.operationId}: ` : ''}${finding.message}`];
  if (finding.curl) lines.push(`curl: ${finding.curl}`);
  return {
    ruleId,
    ...(index === undefined ? {} : { ruleIndex: index }),
    level: LEVELS[finding.severity],
    message: { text: lines.join('\n') },
    locations: [findingLocation(finding, locations)],
    partialFingerprints: { 'conformanceFinding/v1': fingerprint },
    properties: {
      check: finding.check,
      severity: finding.severity,
      ...(finding.label ? { label: finding.label } : {}),
      ...(finding.operationId ? { operationId: finding.operationId } : {}),
      ...(finding.test ? { test: finding.test } : {}),
      ...(finding.curl ? { curl: finding.curl } : {}),
      ...(finding.replay ? { replay: finding.replay } : {}),
    },
  };
}

export function sarifReport(report: RunReport, locations: ContractLocations = contractLocations()): SarifLog {
  const rules = CATALOGUE.map(descriptor);
  const ruleIndex = new Map(rules.map((r, i) => [r.id, i]));
  const version = packageVersion();
  const findings = [...report.failures, ...report.warnings, ...report.inconclusive];
  const started = new Date(report.startedAt);
  return {
    $schema: SARIF_SCHEMA,
    version: SARIF_VERSION,
    runs: [
      {
        tool: { driver: { name: TOOL_NAME, version, semanticVersion: version, rules } },
        invocations: [
          {
            executionSuccessful: report.suiteErrors.length === 0,
            startTimeUtc: started.toISOString(),
            endTimeUtc: new Date(started.getTime() + report.durationMs).toISOString(),
            properties: { verdict: report.verdict, target: report.target.baseUrl, mode: report.target.mode, seed: report.target.seed, failOn: report.target.failOn },
          },
        ],
        results: findings.map((f) => result(f, ruleIndex, locations)),
        properties: { verdict: report.verdict, ruleCounts: report.ruleCounts },
      },
    ],
  };
}
