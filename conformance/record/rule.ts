// Rule checks (auth, time, TLS, rate limit, idempotency, ...) judge several exchanges together.
// Each is a named rule citing the seed; its outcome is recorded like an exchange check's: held, a
// violation of a part (with its label), not applicable, or inconclusive when the answer lacks what
// the rule needs to be decided.
import type { Part } from '../contract/operation.ts';
import type { Exchange } from '../http/exchange.ts';
import { recorder } from './recorder.ts';

export interface RuleCheck {
  name: string;
  rule: string;
}

/** Thrown inside a property or model command when a rule failed at the run's threshold (already recorded). */
export class RuleFailure extends Error {}

/** The rule held; it was broken on a part with this label; or it could not be decided, and why. */
export type RuleVerdict = true | { message: string; part: Part } | { inconclusive: string };

/** Records a rule's verdict; returns whether it held. */
export function recordRule(check: RuleCheck, operationId: string | undefined, verdict: RuleVerdict, exchange?: Exchange): boolean {
  if (verdict === true) {
    recorder.record({ check: check.name, rule: check.rule, operationId, outcome: 'pass' });
    return true;
  }
  if ('inconclusive' in verdict) {
    inconclusive(check, operationId, verdict.inconclusive, exchange);
    return false;
  }
  recorder.record({
    check: check.name,
    rule: check.rule,
    operationId,
    outcome: { part: verdict.part, message: verdict.message },
    ...(exchange ? { exchange } : {}),
  });
  return false;
}

/** As recordRule, but a rule failing at the run's threshold stops the command or property that checks it. */
export function requireRule(check: RuleCheck, operationId: string | undefined, verdict: RuleVerdict, exchange?: Exchange): void {
  if (recordRule(check, operationId, verdict, exchange) || verdict === true || 'inconclusive' in verdict) return;
  if (recorder.fails({ check: check.name, rule: check.rule, operationId, outcome: { part: verdict.part, message: verdict.message } })) {
    throw new RuleFailure(`${check.name}: ${verdict.message}`);
  }
}

/** A rule that does not apply to this target (recorded as skipped, with a note for the report). */
export function notApplicable(check: RuleCheck, operationId: string | undefined, why: string): void {
  recorder.record({ check: check.name, rule: check.rule, operationId, outcome: 'skip' });
  recorder.note(check.name, why);
}

/**
 * A rule the suite could not decide because an answer lacks what it needs (a field the contract
 * gives is missing or renamed): recorded with the reason, so the run cannot pass.
 */
export function inconclusive(check: RuleCheck, operationId: string | undefined, reason: string, exchange?: Exchange): void {
  recorder.record({ check: check.name, rule: check.rule, operationId, outcome: { inconclusive: reason }, ...(exchange ? { exchange } : {}) });
}
