// Merges the JSON reports of the shards of one split run (`--shard 1/n` … `--shard n/n`, same
// options and seed) into the report a single run would give: the tallies summed per operation and
// check, the findings and suite errors together, the notes without repeats, the requests summed;
// then the counts, the per-rule verdicts (rule-verdicts.ts, over the whole selection) and the
// verdict are worked out again from those, exactly as for one run. The shards ran in parallel:
// the merged run starts with the first and lasts as long as the longest.
import { emptyTally, type Tally } from '../record/finding.ts';
import { type Shard, shardText } from '../run/shard.ts';
import { ruleCounts, ruleVerdicts } from './rule-verdicts.ts';
import { type RunReport, verdictOf } from './run-report.ts';

export class MergeError extends Error {}

/** The options every shard must share: the same run, split. */
function runIdentity(report: RunReport): string {
  const t = report.target;
  return JSON.stringify({
    mode: t.mode,
    profile: t.profile,
    parts: t.parts,
    seed: t.seed,
    mock: t.mock,
    faults: t.faults,
    failOn: t.failOn,
    only: t.only ?? null,
    checks: t.checks ?? null,
    // A mock started by each shard listens on its own port; a deployment must be the same one.
    baseUrl: t.mock ? null : t.baseUrl,
  });
}

function addTally(into: Tally, t: Tally): void {
  into.pass += t.pass;
  into.fail += t.fail;
  into.warn += t.warn;
  into.inconclusive += t.inconclusive;
  into.skip += t.skip;
}

const NO_TEST_RAN = '(none)';

export function mergeReports(reports: readonly RunReport[]): RunReport {
  if (reports.length === 0) throw new MergeError('no report to merge');
  const shards = reports.map((r, i) => {
    if (!r.target.shard) throw new MergeError(`report ${i + 1} is not a shard's report (run it with --shard i/n)`);
    return r.target.shard;
  });
  const count = (shards[0] as Shard).count;
  if (shards.some((s) => s.count !== count)) throw new MergeError(`the reports split the run differently: ${shards.map(shardText).join(', ')}`);
  const seen = new Set<number>();
  for (const s of shards) {
    if (seen.has(s.index)) throw new MergeError(`shard ${shardText(s)} given twice`);
    seen.add(s.index);
  }
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((i) => !seen.has(i));
  if (missing.length > 0) throw new MergeError(`missing shard(s) ${missing.map((i) => `${i}/${count}`).join(', ')}: every shard's report is needed for the run's verdict`);
  const identity = runIdentity(reports[0] as RunReport);
  const different = reports.find((r) => runIdentity(r) !== identity);
  if (different) throw new MergeError(`shard ${shardText(different.target.shard as Shard)} ran with other options than shard ${shardText(shards[0] as Shard)}: ${runIdentity(different)} vs ${identity}`);

  const ordered = [...reports].sort((a, b) => (a.target.shard as Shard).index - (b.target.shard as Shard).index);
  const first = ordered[0] as RunReport;
  const tallies: Record<string, Tally> = {};
  for (const report of ordered) {
    for (const [key, tally] of Object.entries(report.tallies)) {
      const into = tallies[key] ?? emptyTally();
      addTally(into, tally);
      tallies[key] = into;
    }
  }
  const notes: RunReport['notes'] = [];
  for (const report of ordered) for (const note of report.notes) if (!notes.some((n) => n.area === note.area && n.message === note.message)) notes.push(note);
  const failures = ordered.flatMap((r) => r.failures);
  const warnings = ordered.flatMap((r) => r.warnings);
  const inconclusive = ordered.flatMap((r) => r.inconclusive);
  // "No suite test ran" is an error of the merged run only when it is true of every shard.
  const allEmpty = ordered.every((r) => r.suiteErrors.some((e) => e.test === NO_TEST_RAN));
  const suiteErrors = ordered.flatMap((r) => r.suiteErrors.filter((e) => e.test !== NO_TEST_RAN || allEmpty));
  const uniqueSuiteErrors = suiteErrors.filter((e, i) => e.test !== NO_TEST_RAN || suiteErrors.findIndex((o) => o.test === NO_TEST_RAN) === i);
  const counts = { failed: 0, warned: 0, inconclusive: 0, passed: 0 };
  for (const tally of Object.values(tallies)) {
    counts.failed += tally.fail;
    counts.warned += tally.warn;
    counts.inconclusive += tally.inconclusive;
    counts.passed += tally.pass;
  }
  const { shard: _shard, ...target } = first.target;
  const rules = ruleVerdicts(tallies, [...failures, ...warnings, ...inconclusive], notes, target);
  const startedAt = ordered.map((r) => r.startedAt).sort()[0] as string;
  return {
    startedAt,
    durationMs: Math.max(...ordered.map((r) => r.durationMs)),
    target: { ...target, mergedShards: count },
    requests: ordered.reduce((sum, r) => sum + r.requests, 0),
    failures,
    warnings,
    inconclusive,
    tallies,
    notes,
    suiteErrors: uniqueSuiteErrors,
    counts,
    rules,
    ruleCounts: ruleCounts(rules),
    verdict: verdictOf(counts, uniqueSuiteErrors.length, rules),
  };
}
