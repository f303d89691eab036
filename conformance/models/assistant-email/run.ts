// The release of a member's assistant email inbox (seed "Endpoints": DELETE
// /api/v1/assistant-channels/email "releases the user's assigned email inbox"). Full mode only: no
// operation assigns an inbox again, so the release cannot be undone through the API (against a
// deployment, full mode already needs --accept-costs; the mock the suite starts is discarded after
// the run, and a mock behind --mock-control keeps the release until it is reset). The member is the target's
// `member_email`. The release is expected to succeed (200, the released assignment), and a second
// release to find no inbox (404, the contract's answer for "never assigned, or already released").
// A member with no inbox to release leaves the rule inconclusive with that reason.
import type { RuleCheck } from '../../record/rule.ts';
import { inconclusive, notApplicable, recordRule } from '../../record/rule.ts';
import { describeAnswer, expectStatus, isSuccess } from '../../rules/verdicts.ts';
import { suite } from '../../suite/context.ts';
import { fieldOf } from '../answer-fields.ts';

export const EMAIL_RELEASE: RuleCheck = {
  name: 'assistant-email-release',
  rule: 'seed "Endpoints" DELETE /api/v1/assistant-channels/email: the delete releases the user\u2019s assigned email inbox, so releasing it again finds no inbox (404)',
};

export async function runEmailReleaseCheck(): Promise<void> {
  const { client, target } = suite();
  const op = client.op('releaseAssistantEmailChannel');
  const email = target.data.inbox_member_email ?? target.data.member_email;
  if (!email) {
    notApplicable(EMAIL_RELEASE, op.operationId, 'the target names no member (inbox_member_email or member_email), so no assistant inbox can be released');
    return;
  }
  const query = { user_email: email };
  const first = await client.send({ op, query });
  if (first.response?.status === 404) {
    inconclusive(EMAIL_RELEASE, op.operationId, `${email} has no assigned assistant inbox (404: never assigned or already released), so no release could be observed`, first);
    return;
  }
  if (!isSuccess(first)) {
    recordRule(EMAIL_RELEASE, op.operationId, first.response ? expectStatus(first, op, `releasing the assistant inbox of ${email}`, 200, undefined, 'documented') : { inconclusive: `releasing the inbox answered ${describeAnswer(first)}` }, first);
    return;
  }
  const address = fieldOf(op, first, 'released_address');
  const released = address.ok && typeof address.value === 'string' ? ` (${address.value})` : '';
  const second = await client.send({ op, query });
  const status = second.response?.status;
  if (status === undefined) {
    inconclusive(EMAIL_RELEASE, op.operationId, `the second release answered ${describeAnswer(second)}`, second);
    return;
  }
  if (isSuccess(second)) {
    recordRule(EMAIL_RELEASE, op.operationId, { message: `the assistant inbox of ${email}${released} was released (${first.response?.status}), yet releasing it again answered ${status}: the first release did not release it`, part: 'documented' }, second);
    return;
  }
  recordRule(EMAIL_RELEASE, op.operationId, expectStatus(second, op, `releasing the already released inbox of ${email}`, 404, undefined, 'inferred'), second);
}
