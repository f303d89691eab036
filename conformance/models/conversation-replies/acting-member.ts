// Who an accepted reply is attributed to (seed "Authentication" rule 7: "With a workspace API token,
// operations that act for a person name that member in user_email; with a per-user token the
// action is attributed to the token's user"): the reply's sent_by.user_email, read through the
// contract, must be that member (emails compare without letter case).
import type { SuiteOperation } from '../../contract/operation.ts';
import type { Answer } from '../../http/client.ts';
import { inconclusive, requireRule } from '../../record/rule.ts';
import { fieldOf } from '../answer-fields.ts';
import { REPLY_ACTING_MEMBER } from './model.ts';

/** Checks sent_by of an accepted reply; `expected` undefined: only that some member is named. */
export function requireAttributedTo(op: SuiteOperation, answer: Answer, expected: string | undefined, how: string): void {
  const read = fieldOf(op, answer, 'sent_by');
  if (!read.ok) {
    inconclusive(REPLY_ACTING_MEMBER, op.operationId, `${how}: ${read.reason}`, answer);
    return;
  }
  const email = (read.value as { user_email?: unknown } | null)?.user_email;
  if (typeof email !== 'string' || email === '') {
    requireRule(REPLY_ACTING_MEMBER, op.operationId, { message: `${how}: the reply names no member in sent_by.user_email (${JSON.stringify(read.value)})`, part: 'documented' }, answer);
    return;
  }
  const held = expected === undefined || email.toLowerCase() === expected.toLowerCase();
  requireRule(REPLY_ACTING_MEMBER, op.operationId, held ? true : { message: `${how}: the reply is attributed to ${email}, not ${expected}`, part: 'documented' }, answer);
}
