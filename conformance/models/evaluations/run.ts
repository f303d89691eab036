// Runs the evaluations checks: the list and the read (read only), then, where the mode allows a
// reply (full), an evaluation appearing only once its session's customer has been idle for the
// agent's timeout. A broken rule ends its check (recorded).
import { notApplicable } from '../../record/rule.ts';
import { allowedIn } from '../../run/modes.ts';
import { suite } from '../../suite/context.ts';
import { type Real, runScenario } from '../model-kit.ts';
import { checkEvaluationAfterIdle } from './idle-session.ts';
import { checkEvaluationList } from './list-read.ts';
import { EVALUATION_AFTER_SESSION_END } from './model.ts';

export async function runEvaluationsChecks(): Promise<void> {
  const { client, target } = suite();
  const real: Real = { client, tokens: [target.workspaceToken] };
  await runScenario(() => checkEvaluationList(real));
  if (!allowedIn(target.mode, 'cost')) {
    notApplicable(EVALUATION_AFTER_SESSION_END, 'replyToConversation', 'the idle-session check replies to a conversation, which needs --mode full');
    return;
  }
  await runScenario(() => checkEvaluationAfterIdle(real));
}
