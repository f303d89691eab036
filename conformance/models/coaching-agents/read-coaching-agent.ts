// GET /api/v1/coaching-agents/{uuid} (capability "coaching agents: list, read, update settings").
// Predicts 200 with the settings last written and is_default true exactly for the model's default.
import { recordRule, requireRule } from '../../record/rule.ts';
import { expectStatus, isSuccess } from '../../rules/verdicts.ts';
import type { Real } from '../model-kit.ts';
import { CoachCommand } from './coach-command.ts';
import { COACH_SETTINGS, type CoachingModel, coachOf, ONE_DEFAULT_COACH } from './model.ts';
import { settingDifferences } from './settings-diff.ts';

export class ReadCoachingAgentCommand extends CoachCommand {
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
    const op = real.client.op('getCoachingAgent');
    const answer = await real.client.send({ op, pathParams: { uuid: coach.uuid } });
    const view = coachOf(answer);
    if (!isSuccess(answer) || !view) {
      recordRule(COACH_SETTINGS, op.operationId, expectStatus(answer, op, 'reading a coaching agent the suite created', 200, undefined, 'inferred'), answer);
      return;
    }
    const shouldBeDefault = coach.uuid === model.defaultUuid;
    requireRule(
      ONE_DEFAULT_COACH,
      op.operationId,
      view.is_default === shouldBeDefault
        ? true
        : { message: `read is_default ${view.is_default} for a coaching agent that ${shouldBeDefault ? 'is' : 'is not'} the default`, part: 'documented' },
      answer,
    );
    const wrong = settingDifferences(coach.settings, view);
    recordRule(COACH_SETTINGS, op.operationId, wrong.length === 0 ? true : { message: `the read differs from the settings last written: ${wrong.join('; ')}`, part: 'inferred' }, answer);
  }

  toString(): string {
    return `readCoach(${this.pick})`;
  }
}
