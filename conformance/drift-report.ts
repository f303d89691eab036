// The drift report as text (drift.txt, and the console) and JSON (drift.json): where the mock's
// and the target's answers to the same requests differ, by catalogue rule and by operation.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { DriftKind } from './drift-compare.ts';
import type { Drift, DriftResult } from './drift-run.ts';

export interface DriftByRule {
  rule: string;
  kinds: DriftKind[];
  operations: string[];
}

export interface DriftReport extends DriftResult {
  /** Each rule a difference concerns, with the kinds of difference and the operations. */
  byRule: DriftByRule[];
  verdict: 'no-drift' | 'drift';
}

export function driftReport(result: DriftResult): DriftReport {
  const rules = new Map<string, { kinds: Set<DriftKind>; operations: Set<string> }>();
  for (const d of result.drifts) {
    for (const rule of d.rules.length > 0 ? d.rules : [`(${d.kind})`]) {
      const entry = rules.get(rule) ?? { kinds: new Set(), operations: new Set() };
      entry.kinds.add(d.kind);
      entry.operations.add(d.operationId);
      rules.set(rule, entry);
    }
  }
  const byRule = [...rules.entries()]
    .map(([rule, e]) => ({ rule, kinds: [...e.kinds].sort(), operations: [...e.operations].sort() }))
    .sort((a, b) => a.rule.localeCompare(b.rule));
  return { ...result, byRule, verdict: result.drifts.length === 0 ? 'no-drift' : 'drift' };
}

function driftLine(d: Drift): string {
  return `  ${d.operationId} [${d.case}] ${d.kind} ${d.subject}: mock ${d.mock} · target ${d.target}`;
}

export function driftText(report: DriftReport): string {
  const operations = new Set(report.drifts.map((d) => d.operationId));
  const lines = [
    `Drift between the mock (${report.mock.baseUrl}) and the target (${report.target.baseUrl})`,
    `seed ${report.seed}: ${report.operations} read operations, ${report.requests} requests to each, ${(report.durationMs / 1000).toFixed(1)} s`,
    '',
    report.verdict === 'no-drift'
      ? 'NO DRIFT: every answer matched in status, shape and headers'
      : `DRIFT: ${report.drifts.length} difference(s) in ${operations.size} operation(s)`,
  ];
  if (report.byRule.length > 0) {
    lines.push('', 'BY RULE');
    for (const r of report.byRule) lines.push(`  ${r.rule} (${r.kinds.join(', ')}): ${r.operations.join(', ')}`);
    lines.push('', 'BY OPERATION');
    for (const d of report.drifts) {
      lines.push(driftLine(d));
      lines.push(`    ${d.request}`);
    }
  }
  if (report.skipped.length > 0) {
    lines.push('', `NOT COMPARED (${report.skipped.length})`);
    for (const s of report.skipped) lines.push(`  ${s.operationId}: ${s.reason}`);
  }
  return lines.join('\n');
}

export function writeDriftReport(report: DriftReport, dir: string): { json: string; text: string } {
  const out = resolve(dir);
  mkdirSync(out, { recursive: true });
  const files = { json: join(out, 'drift.json'), text: join(out, 'drift.txt') };
  writeFileSync(files.json, `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(files.text, `${driftText(report)}\n`);
  return files;
}
