// Change settings that need no PIN: turn 2FA off, or change the re-verification interval. Predicts
// 200 with the PIN still set as before (a PIN, once set, stays set).
import { requireRule } from '../../record/rule.ts';
import { ModelCommand } from '../model-command.ts';
import { expectResource, type Real } from '../model-kit.ts';
import { type AssistantChannelsModel, type Channel, securityOf, TWO_FACTOR_NEEDS_PIN } from './model.ts';
import { saveSecurity } from './save-security.ts';

export class ChangeSettingsCommand extends ModelCommand<AssistantChannelsModel> {
  readonly channel: Channel;
  readonly change: { two_factor_enabled: false } | { reverify_after_minutes: number };

  constructor(channel: Channel, change: { two_factor_enabled: false } | { reverify_after_minutes: number }) {
    super();
    this.channel = channel;
    this.change = change;
  }

  check(): boolean {
    return true;
  }

  protected async act(model: AssistantChannelsModel, real: Real): Promise<void> {
    const op = real.client.op('updateAssistantChannelSecurity');
    const before = model.channels[this.channel];
    const answer = await saveSecurity(model, real, this.channel, this.change);
    const view = expectResource(TWO_FACTOR_NEEDS_PIN, op, answer, securityOf(op, answer), 'changing assistant channel settings', 200);
    if (!view) return;
    const pinKept = before.pinSet === undefined || view.pin_set === before.pinSet;
    const enabledRight = 'two_factor_enabled' in this.change ? !view.two_factor_enabled : before.enabled === undefined || view.two_factor_enabled === before.enabled;
    model.learn(this.channel, view);
    requireRule(
      TWO_FACTOR_NEEDS_PIN,
      op.operationId,
      pinKept && enabledRight ? true : { message: `${JSON.stringify(this.change)} on ${this.channel} answered two_factor_enabled ${view.two_factor_enabled}, pin_set ${view.pin_set}`, part: 'inferred' },
      answer,
    );
  }

  toString(): string {
    return `change(${this.channel}, ${JSON.stringify(this.change)})`;
  }
}
