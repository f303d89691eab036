// Set a PIN, alone or with 2FA enabled in the same request (seed behaviour 3: "the PIN may be set
// in the same request"). Predicts 200 with pin_set true (and 2FA on when enabled).
import { requireRule } from '../../record/rule.ts';
import { ModelCommand } from '../model-command.ts';
import { expectResource, type Real } from '../model-kit.ts';
import { type AssistantChannelsModel, type Channel, pinFrom, securityOf, TWO_FACTOR_NEEDS_PIN } from './model.ts';
import { saveSecurity } from './save-security.ts';

export class SetPinCommand extends ModelCommand<AssistantChannelsModel> {
  readonly channel: Channel;
  readonly pin: string;
  readonly enable: boolean;

  constructor(channel: Channel, pinSeed: number, enable: boolean) {
    super();
    this.channel = channel;
    this.pin = pinFrom(pinSeed);
    this.enable = enable;
  }

  check(): boolean {
    return true;
  }

  protected async act(model: AssistantChannelsModel, real: Real): Promise<void> {
    const op = real.client.op('updateAssistantChannelSecurity');
    const body = this.enable ? { two_factor_enabled: true, pin: this.pin } : { pin: this.pin };
    const what = this.enable ? 'enabling 2FA with the PIN in the same request' : 'setting a PIN';
    const answer = await saveSecurity(model, real, this.channel, body);
    const view = expectResource(TWO_FACTOR_NEEDS_PIN, op, answer, securityOf(op, answer), what, 200);
    if (!view) return;
    const expectedEnabled = this.enable ? true : model.channels[this.channel].enabled;
    const right = view.pin_set && (expectedEnabled === undefined || view.two_factor_enabled === expectedEnabled);
    model.learn(this.channel, view);
    requireRule(
      TWO_FACTOR_NEEDS_PIN,
      op.operationId,
      right ? true : { message: `${what} on ${this.channel} answered two_factor_enabled ${view.two_factor_enabled}, pin_set ${view.pin_set}`, part: 'documented' },
      answer,
    );
  }

  toString(): string {
    return `setPin(${this.channel}, ${this.enable ? 'enable' : 'pin only'})`;
  }
}
