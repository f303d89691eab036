// The command that reruns one suite test, replaying the fast-check run a finding came from.
import type { Finding } from '../record/finding.ts';
import { DEFAULT_FAIL_ON } from '../record/severity.ts';
import type { RunReport } from './run-report.ts';

/** vitest matches the full name (the part's describe, a space, the test), so the pattern anchors at the end. */
function escapePattern(name: string): string {
  return `${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`;
}

function shellQuote(text: string): string {
  return `'${text.replaceAll("'", "'\\''")}'`;
}

export function replayCommand(report: RunReport, finding: Finding): string | undefined {
  if (!finding.test) return undefined;
  const t = report.target;
  const flags: string[] = [];
  if (t.mock) for (const fault of t.faults) flags.push(`--fault ${fault}`);
  else flags.push(`--base-url ${t.baseUrl}`, '--token "$CONFORMANCE_TOKEN"');
  flags.push(`--mode ${t.mode}`, `--seed=${t.seed}`);
  if (t.failOn !== DEFAULT_FAIL_ON) flags.push(`--fail-on ${t.failOn}`);
  flags.push(`--only ${shellQuote(escapePattern(finding.test))}`);
  if (finding.replay) {
    const r = finding.replay;
    flags.push(`--replay=${shellQuote(`${r.seed}/${r.path}${r.commands ? `/${r.commands}` : ''}`)}`);
  }
  return `npm run conformance -- ${flags.join(' ')}`;
}

/**
 * A one-line curl that sends a finding's request again. Tokens appear as the environment variable
 * they come from (`$CONFORMANCE_TOKEN`), never as values: the recorder keeps only that name or a
 * masked value. Undefined when the finding has no single exchange (a rule judged over several).
 */
export function curlCommand(finding: Finding): string | undefined {
  const request = finding.exchange?.request;
  if (!request) return undefined;
  const parts = ['curl', '-sS', '-i', '-X', request.method, shellQuote(request.url)];
  for (const [name, value] of Object.entries(request.headers)) {
    if (name === 'content-length' || name === 'host') continue;
    // A variable reference is double-quoted so the shell expands it; anything else single-quoted.
    parts.push('-H', /\$[A-Z_]+/.test(value) && !/["\\`]/.test(value) ? `"${name}: ${value}"` : shellQuote(`${name}: ${value}`));
  }
  if (request.body !== undefined) parts.push('--data-raw', shellQuote(request.body));
  return parts.join(' ');
}
