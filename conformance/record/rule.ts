// Rule checks (auth, time, TLS, rate limit, idempotency, ...) judge several exchanges together.
// Each is a named rule citing the seed; its outcome is recorded like an exchange check's.
import type { Part } from '../contract/operation.ts';
import type { Exchange } from '../http/exchange.ts';
import { recorder } from './recorder.ts';

export interface RuleCheck {
  name: string;
  rule: string;
}

/** Thrown inside a property or model command when a documented rule failed (already recorded). */
export class RuleFailure extends Error {}

export type RuleVerdict = true | { message: string; part: Part };

/** Records a rule's verdict; returns whether it held. */
export function recordRule(check: RuleCheck, operationId: string | undefined, verdict: RuleVerdict, exchange?: Exchange): boolean {
  if (verdict === true) {
    recorder.record({ check: check.name, rule: check.rule, operationId, outcome: 'pass' });
    return true;
  }
  recorder.record({
    check: check.name,
    rule: check.rule,
    operationId,
    outcome: { severity: verdict.part === 'documented' ? 'fail' : 'warn', message: verdict.message },
    ...(exchange ? { exchange } : {}),
  });
  return false;
}

/** As recordRule, but a failed documented rule stops the command or property that checks it. */
export function requireRule(check: RuleCheck, operationId: string | undefined, verdict: RuleVerdict, exchange?: Exchange): void {
  if (!recordRule(check, operationId, verdict, exchange) && verdict !== true && verdict.part === 'documented') {
    throw new RuleFailure(`${check.name}: ${verdict.message}`);
  }
}

/** A rule that does not apply to this target (recorded as skipped, with a note for the report). */
export function notApplicable(check: RuleCheck, operationId: string | undefined, why: string): void {
  recorder.record({ check: check.name, rule: check.rule, operationId, outcome: 'skip' });
  recorder.note(check.name, why);
}
