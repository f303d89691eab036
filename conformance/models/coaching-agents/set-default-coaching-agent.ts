// POST /api/v1/coaching-agents/{uuid}/set-default (seed "Other statuses": "setting a coaching
// agent as default makes it the only default"). Predicts 200 with is_default true; from then on
// the model expects this one, and only this one, to be the default.
import { requireRule } from '../../record/rule.ts';
import { expectResource, type Real } from '../model-kit.ts';
import { OneCoachCommand } from './coach-command.ts';
import { type CoachingModel, type CoachRecord, coachOf, ONE_DEFAULT_COACH, settingsOf } from './model.ts';

export class SetDefaultCoachingAgentCommand extends OneCoachCommand {
  protected async actOn(coach: CoachRecord, model: CoachingModel, real: Real): Promise<void> {
    const op = real.client.op('setDefaultCoachingAgent');
    const answer = await real.client.send({
      op,
      pathParams: { uuid: coach.uuid },
      expectation: { kind: 'accepted', part: op.contract, rule: ONE_DEFAULT_COACH.rule, what: 'a coaching agent set-default' },
    });
    const view = expectResource(ONE_DEFAULT_COACH, op, answer, coachOf(op, answer), 'making a coaching agent the default', 200);
    if (!view) return;
    model.defaultUuid = coach.uuid;
    coach.settings = settingsOf(view);
    requireRule(ONE_DEFAULT_COACH, op.operationId, view.is_default ? true : { message: 'set-default answered is_default false', part: 'documented' }, answer);
  }

  toString(): string {
    return `setDefaultCoach(${this.pick})`;
  }
}
