// POST /api/v1/coaching-agents/{uuid}/set-default (seed "Other statuses": "setting a coaching
// agent as default makes it the only default"). Predicts 200 with is_default true; from then on
// the model expects this one, and only this one, to be the default.
import { recordRule, requireRule } from '../../record/rule.ts';
import { expectStatus, isSuccess } from '../../rules/verdicts.ts';
import type { Real } from '../model-kit.ts';
import { CoachCommand } from './coach-command.ts';
import { type CoachingModel, coachOf, ONE_DEFAULT_COACH, settingsOf } from './model.ts';

export class SetDefaultCoachingAgentCommand extends CoachCommand {
  readonly pick: number;

  constructor(pick: number) {
    super();
    this.pick = pick;
  }

  check(model: Readonly<CoachingModel>): boolean {
    return model.coaches.length > 0;
  }

  protected async act(model: CoachingModel, real: Real): Promise<void> {
    const coach = model.pick(this.pick);
    if (!coach) return;
    const op = real.client.op('setDefaultCoachingAgent');
    const answer = await real.client.send({
      op,
      pathParams: { uuid: coach.uuid },
      expectation: { kind: 'accepted', part: op.contract, rule: ONE_DEFAULT_COACH.rule, what: 'a coaching agent set-default' },
    });
    const view = coachOf(answer);
    if (!isSuccess(answer) || !view) {
      recordRule(ONE_DEFAULT_COACH, op.operationId, expectStatus(answer, op, 'making a coaching agent the default', 200, undefined, 'inferred'), answer);
      return;
    }
    model.defaultUuid = coach.uuid;
    coach.settings = settingsOf(view);
    requireRule(ONE_DEFAULT_COACH, op.operationId, view.is_default ? true : { message: 'set-default answered is_default false', part: 'documented' }, answer);
  }

  toString(): string {
    return `setDefaultCoach(${this.pick})`;
  }
}
