// The commands of the assistant channel model, as fast-check arbitraries, on any of the member's
// channels: enable 2FA without a PIN, set a PIN (alone or enabling 2FA with it), turn 2FA off,
// change the re-verification interval.
import fc from 'fast-check';
import type { Real } from '../model-kit.ts';
import { ChangeSettingsCommand } from './change-settings.ts';
import { EnableWithoutPinCommand } from './enable-without-pin.ts';
import { type AssistantChannelsModel, CHANNELS } from './model.ts';
import { SetPinCommand } from './set-pin.ts';

export function assistantChannelCommands(): Array<fc.Arbitrary<fc.AsyncCommand<AssistantChannelsModel, Real>>> {
  const channel = fc.constantFrom(...CHANNELS);
  return [
    channel.map((c) => new EnableWithoutPinCommand(c)),
    fc.tuple(channel, fc.nat(), fc.boolean()).map(([c, n, enable]) => new SetPinCommand(c, n, enable)),
    channel.map((c) => new ChangeSettingsCommand(c, { two_factor_enabled: false })),
    fc.tuple(channel, fc.integer({ min: 1, max: 43_200 })).map(([c, minutes]) => new ChangeSettingsCommand(c, { reverify_after_minutes: minutes })),
  ];
}
