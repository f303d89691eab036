// Runs the assistant channel model against the member the target names (`member_email`; the model
// does not apply without one). A PIN, once set, cannot be unset, so it needs full mode. Each
// channel is first read through a save of its re-verification interval alone (there is no read
// operation), which shows whether a PIN is set. The fixed scenario then, on a channel without a
// PIN, enables 2FA without one (refused), sets the PIN and enables 2FA in the same request
// (accepted), turns 2FA off and enables it again without sending the PIN (accepted). Afterwards
// 2FA is turned off on every channel where it was off before the run.
import { notApplicable } from '../../record/rule.ts';
import { recorder } from '../../record/recorder.ts';
import { suite } from '../../suite/context.ts';
import { type Real, runModel, runScenario, runSteps } from '../model-kit.ts';
import { ChangeSettingsCommand } from './change-settings.ts';
import { assistantChannelCommands } from './commands.ts';
import { EnableWithoutPinCommand } from './enable-without-pin.ts';
import { AssistantChannelsModel, CHANNELS, TWO_FACTOR_NEEDS_PIN } from './model.ts';
import { SetPinCommand } from './set-pin.ts';

const PROBE_MINUTES = 60;

async function probed(real: Real, email: string): Promise<AssistantChannelsModel> {
  const model = new AssistantChannelsModel(email);
  for (const channel of CHANNELS) await runSteps(model, real, [new ChangeSettingsCommand(channel, { reverify_after_minutes: PROBE_MINUTES })]);
  return model;
}

async function fixedScenario(real: Real, model: AssistantChannelsModel): Promise<void> {
  const fresh = CHANNELS.find((c) => model.channels[c].pinSet === false);
  if (!fresh) {
    recorder.note(TWO_FACTOR_NEEDS_PIN.name, `every assistant channel of ${model.email} already has a PIN: the refusal was not exercised`);
    return;
  }
  await runSteps(model, real, [
    new EnableWithoutPinCommand(fresh),
    new SetPinCommand(fresh, Date.now(), true),
    new ChangeSettingsCommand(fresh, { two_factor_enabled: false }),
    new EnableWithoutPinCommand(fresh),
  ]);
}

async function restore(real: Real, models: AssistantChannelsModel[]): Promise<void> {
  const op = real.client.op('updateAssistantChannelSecurity');
  const first = models[0];
  if (!first) return;
  for (const channel of CHANNELS) {
    if (first.channels[channel].enabledAtStart !== false) continue;
    await real.client.send({ op, pathParams: { channel }, json: { user_email: first.email, two_factor_enabled: false } });
  }
}

export async function runAssistantChannelsModel(name: string): Promise<void> {
  const { client, target } = suite();
  const email = target.data.member_email;
  if (!email) {
    notApplicable(TWO_FACTOR_NEEDS_PIN, 'updateAssistantChannelSecurity', 'the target names no member (member_email), so no assistant channel can be addressed');
    return;
  }
  const real: Real = { client, tokens: [target.workspaceToken] };
  const models: AssistantChannelsModel[] = [];
  try {
    const first = await probed(real, email);
    models.push(first);
    await runScenario(() => fixedScenario(real, first));
    await runModel(name, real, {
      commands: assistantChannelCommands(),
      model: async () => {
        const model = await probed(real, email);
        models.push(model);
        return model;
      },
    });
  } finally {
    await restore(real, models);
  }
}
