// `--dry-run`: the plan of a run (plan.ts) as text, against the base URL the run would certify
// (or the mock it would start), printed instead of running: nothing is started and no request is
// sent. Tokens are never printed. It lists every write each mode may send, with how it is undone.
import { loadSuiteContract, type SuiteContract } from '../contract/load.ts';
import { MODES } from '../target/target.ts';
import { declaredWrites } from './modes.ts';
import { shardText } from './shard.ts';
import type { RunPlan } from './plan.ts';

export function dryRunText(plan: RunPlan, target: string, contract: SuiteContract = loadSuiteContract()): string {
  const i = plan.input;
  const lines = [
    'Dry run: nothing is started and no request is sent.',
    `target:   ${target}`,
    `mode ${i.mode}, profile ${i.profile}, fail on ${i.failOn}, seed ${i.seed}, parts ${i.parts.join(',')}${i.shard ? `, shard ${shardText(i.shard)}` : ''}${i.only ? `, only tests matching ${i.only}` : ''}`,
    '',
    `OPERATIONS (${plan.operations.length}${i.shard ? ` in shard ${shardText(i.shard)}` : ''} of ${plan.operationsInMode} the ${i.mode} mode allows)`,
  ];
  if (plan.operations.length === 0) lines.push('  (none: no per-operation part selected)');
  const width = Math.max(0, ...plan.operations.map((o) => o.operationId.length));
  for (const op of plan.operations) lines.push(`  ${op.operationId.padEnd(width)}  ${op.method.padEnd(6)} ${op.path}  (${op.effect})`);
  lines.push('', 'WRITES EACH MODE MAY SEND (method path operationId: what it does; how it is undone). Each write a run sends is in its reports\' ledger.');
  for (const mode of MODES) {
    const writes = declaredWrites(contract, mode);
    lines.push(`  ${mode}${mode === i.mode ? ' (this run)' : ''}: ${writes.length === 0 ? 'none' : `${writes.length} operations`}`);
    for (const w of writes) lines.push(`    ${w.method.padEnd(6)} ${w.path} ${w.operationId}: ${w.does}; undone: ${w.undo}`);
  }
  lines.push('', `CHECKS (${plan.checks.length} applied) and the rules each decides`);
  const checkWidth = Math.max(0, ...plan.checks.map((c) => c.name.length));
  for (const check of plan.checks) {
    const runs = check.parts.some((p) => i.parts.includes(p)) ? '' : ' [its parts are not selected]';
    lines.push(`  ${check.name.padEnd(checkWidth)}  parts ${check.parts.join(',')}, from --mode ${check.mode}${runs} → ${check.rules.join(', ') || '(no rule)'}`);
  }
  if (plan.excludedChecks.length > 0) lines.push(`  excluded by --checks/--exclude-checks: ${plan.excludedChecks.join(', ')}`);
  lines.push('', 'STATEFUL MODELS');
  for (const model of plan.models) lines.push(`  ${model.skipped ? '-' : '✓'} ${model.group} (--mode ${model.mode})${model.skipped ? `: not run, ${model.skipped}` : ''}`);
  lines.push('', `RULES DECIDED (${plan.rulesRun.length})`);
  for (const rule of plan.rulesRun) lines.push(`  ${rule.id} ← ${rule.checks.join(', ')}`);
  lines.push('', `RULES NOT RUN (${plan.rulesNotRun.length})`);
  for (const rule of plan.rulesNotRun) lines.push(`  - ${rule.id}: ${rule.reason}`);
  return lines.join('\n');
}
