// GitHub Actions workflow commands for a run's findings: one `::error` line per failing finding
// and one `::warning` line per warning, on the contract file and line of the operation
// (contract-locations.ts), titled with the catalogue rule, so the job page and a pull request's
// diff show them. Printed when GITHUB_ACTIONS=true or with --annotations github.
import type { Finding } from '../record/finding.ts';
import { type ContractLocations, contractLocations } from './contract-locations.ts';
import { ruleIdOfFinding } from './finding-rule.ts';
import type { RunReport } from './run-report.ts';

export const ANNOTATION_FORMATS = ['github', 'none'] as const;
export type AnnotationFormat = (typeof ANNOTATION_FORMATS)[number];

/** A workflow command's message: `%`, CR and LF escaped. */
export function escapeData(text: string): string {
  return text.replaceAll('%', '%25').replaceAll('\r', '%0D').replaceAll('\n', '%0A');
}

/** A workflow command's property value: also `:` and `,` escaped. */
export function escapeProperty(text: string): string {
  return escapeData(text).replaceAll(':', '%3A').replaceAll(',', '%2C');
}

function line(level: 'error' | 'warning', finding: Finding, locations: ContractLocations): string {
  const place = (finding.operationId && locations.operations.get(finding.operationId)) || locations.document;
  const rule = ruleIdOfFinding(finding);
  const message = `${finding.operationId ? `${finding.operationId}: ` : ''}${finding.message}${finding.curl ? `\ncurl: ${finding.curl}` : ''}`;
  return `::${level} file=${escapeProperty(place.uri)},line=${place.line},title=${escapeProperty(rule)}::${escapeData(message)}`;
}

/** The annotation lines of a run: failures, then warnings, each (rule, operation, message) once. */
export function githubAnnotations(report: RunReport, locations: ContractLocations = contractLocations()): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  const add = (level: 'error' | 'warning', findings: Finding[]) => {
    for (const f of findings) {
      const key = [level, ruleIdOfFinding(f), f.operationId ?? '', f.message].join('\u0000');
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(line(level, f, locations));
    }
  };
  add('error', report.failures);
  add('warning', report.warnings);
  return out;
}

/** --annotations, else github when the run is a GitHub Actions job. */
export function annotationFormat(value: string | undefined, env: NodeJS.ProcessEnv): AnnotationFormat | undefined {
  if (value === undefined || value === '') return env['GITHUB_ACTIONS'] === 'true' ? 'github' : 'none';
  return (ANNOTATION_FORMATS as readonly string[]).includes(value) ? (value as AnnotationFormat) : undefined;
}
