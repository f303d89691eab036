// Runs the call actions model (full mode: it starts calls). A fixed sequence first reaches every
// state the rule needs whatever fast-check draws: a call started, muted, hung up, then said to
// after its end, and an action on an unknown call; then fast-check's sequences of starts and
// actions. Every call a run leaves live is hung up at its end.
import fc from 'fast-check';
import { notApplicable } from '../../record/rule.ts';
import { suite } from '../../suite/context.ts';
import { type Real, runModel, runScenario, runSteps } from '../model-kit.ts';
import { sendPlan } from '../outbound/send-request.ts';
import { CallActionCommand, sendAction, UnknownCallCommand } from './act-on-call.ts';
import { CALL_ACTIONS, CALL_ACTIONS_LIVE, CallsModel } from './model.ts';
import { StartCallCommand } from './start-call.ts';

async function hangUpLive(model: CallsModel, real: Real): Promise<void> {
  for (const call of model.live()) {
    await sendAction(real, 'hangupCall', call.conversationUuid);
    call.ended = true;
  }
}

export async function runCallsModel(name: string): Promise<void> {
  if (!sendPlan('startCall')) return notApplicable(CALL_ACTIONS_LIVE, 'startCall', 'no call may be started on this target (no agent, or no send_to.phone to call)');
  const { client, target } = suite();
  const real: Real = { client, tokens: [target.workspaceToken] };
  const fixed = new CallsModel();
  await runScenario(
    () =>
      runSteps(fixed, real, [
        new StartCallCommand(),
        new CallActionCommand('muteCall', 0),
        new CallActionCommand('hangupCall', 0),
        new CallActionCommand('sayOnCall', 0),
        new UnknownCallCommand('unmuteCall'),
      ]),
    () => hangUpLive(fixed, real),
  );
  const action = fc.constantFrom(...CALL_ACTIONS);
  await runModel(name, real, {
    commands: [
      fc.constant(new StartCallCommand()),
      fc.tuple(action, fc.nat({ max: 10 })).map(([a, p]) => new CallActionCommand(a, p)),
      action.map((a) => new UnknownCallCommand(a)),
    ],
    model: () => new CallsModel(),
    cleanUp: (model) => hangUpLive(model, real),
  });
}
