// Enable 2FA without sending a PIN (seed behaviour 3). Predicts a refusal (422 VALIDATION_ERROR,
// field `pin`; the status and code are the contract's design) while no PIN was ever set, and 200
// with 2FA on once one was. While the model does not know yet, the answer teaches it.
import { inconclusive, requireRule } from '../../record/rule.ts';
import { errorCodeOf } from '../../rules/verdicts.ts';
import { fieldOf } from '../answer-fields.ts';
import { ModelCommand } from '../model-command.ts';
import { expectResource, type Real } from '../model-kit.ts';
import { type AssistantChannelsModel, type Channel, securityOf, TWO_FACTOR_NEEDS_PIN } from './model.ts';
import { saveSecurity } from './save-security.ts';

export class EnableWithoutPinCommand extends ModelCommand<AssistantChannelsModel> {
  readonly channel: Channel;

  constructor(channel: Channel) {
    super();
    this.channel = channel;
  }

  check(): boolean {
    return true;
  }

  protected async act(model: AssistantChannelsModel, real: Real): Promise<void> {
    const op = real.client.op('updateAssistantChannelSecurity');
    const pinSet = model.channels[this.channel].pinSet;
    const answer = await saveSecurity(model, real, this.channel, { two_factor_enabled: true });
    const status = answer.response?.status;
    if (status !== undefined && status >= 200 && status < 300) {
      const view = expectResource(TWO_FACTOR_NEEDS_PIN, op, answer, securityOf(op, answer), 'enabling 2FA on a channel with a PIN', 200);
      if (pinSet === false) {
        requireRule(TWO_FACTOR_NEEDS_PIN, op.operationId, { message: `enabling 2FA on ${this.channel} without a PIN ever having been set was accepted`, part: 'documented' }, answer);
        return;
      }
      if (!view) return;
      model.learn(this.channel, view);
      requireRule(
        TWO_FACTOR_NEEDS_PIN,
        op.operationId,
        view.two_factor_enabled && view.pin_set ? true : { message: `enabling 2FA on ${this.channel} answered two_factor_enabled ${view.two_factor_enabled}, pin_set ${view.pin_set}`, part: 'documented' },
        answer,
      );
      return;
    }
    if (status === undefined) return inconclusive(TWO_FACTOR_NEEDS_PIN, op.operationId, `no answer (${answer.transportError ?? 'unknown error'})`, answer);
    if (pinSet === true) {
      requireRule(TWO_FACTOR_NEEDS_PIN, op.operationId, { message: `enabling 2FA on ${this.channel} after a PIN was set was refused (${status})`, part: 'documented' }, answer);
      return;
    }
    // Refused with no PIN set (or not known yet): the contract gives 422 VALIDATION_ERROR naming `pin`.
    const field = status === 422 ? fieldOf(op, answer, 'field') : undefined;
    const named = status === 422 && errorCodeOf(answer) === 'VALIDATION_ERROR' && field?.ok === true && field.value === 'pin';
    requireRule(TWO_FACTOR_NEEDS_PIN, op.operationId, named ? true : { message: `the refusal is ${status} ${errorCodeOf(answer) ?? ''}, not 422 VALIDATION_ERROR with field pin`, part: 'inferred' }, answer);
    if (named) model.channels[this.channel].pinSet = false;
  }

  toString(): string {
    return `enableWithoutPin(${this.channel})`;
  }
}
