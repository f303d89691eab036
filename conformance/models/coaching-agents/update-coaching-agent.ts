// PUT /api/v1/coaching-agents/{uuid} (capability "coaching agents: list, read, update settings";
// shapes inferred). Predicts 200 with the fields sent changed, every other setting kept, and the
// default unchanged (an update never moves the default).
import { recordRule, requireRule } from '../../record/rule.ts';
import { expectStatus, isSuccess } from '../../rules/verdicts.ts';
import type { Real } from '../model-kit.ts';
import { CoachCommand } from './coach-command.ts';
import { COACH_SETTINGS, type CoachingModel, type CoachSettings, coachOf, freshCoachName, ONE_DEFAULT_COACH, settingsOf } from './model.ts';
import { settingDifferences } from './settings-diff.ts';

export class UpdateCoachingAgentCommand extends CoachCommand {
  readonly pick: number;
  readonly patch: CoachSettings;
  readonly rename: boolean;

  constructor(pick: number, patch: CoachSettings, rename: boolean) {
    super();
    this.pick = pick;
    this.patch = patch;
    this.rename = rename;
  }

  check(model: Readonly<CoachingModel>): boolean {
    return model.coaches.length > 0;
  }

  protected async act(model: CoachingModel, real: Real): Promise<void> {
    const coach = model.pick(this.pick);
    if (!coach) return;
    const op = real.client.op('updateCoachingAgent');
    const body: CoachSettings = { ...this.patch, ...(this.rename || Object.keys(this.patch).length === 0 ? { name: freshCoachName() } : {}) };
    const answer = await real.client.send({
      op,
      pathParams: { uuid: coach.uuid },
      json: body,
      expectation: { kind: 'accepted', part: op.contract, rule: COACH_SETTINGS.rule, what: 'a coaching agent settings update' },
    });
    const view = coachOf(answer);
    if (!isSuccess(answer) || !view) {
      recordRule(COACH_SETTINGS, op.operationId, expectStatus(answer, op, 'updating a coaching agent', 200, undefined, 'inferred'), answer);
      return;
    }
    const expected = { ...coach.settings, ...body };
    const wrong = settingDifferences(expected, view);
    recordRule(COACH_SETTINGS, op.operationId, wrong.length === 0 ? true : { message: `after the update: ${wrong.join('; ')}`, part: 'inferred' }, answer);
    const shouldBeDefault = coach.uuid === model.defaultUuid;
    requireRule(
      ONE_DEFAULT_COACH,
      op.operationId,
      view.is_default === shouldBeDefault
        ? true
        : { message: `a settings update answered is_default ${view.is_default} for a coaching agent that ${shouldBeDefault ? 'is' : 'is not'} the default`, part: 'documented' },
      answer,
    );
    coach.settings = settingsOf(view);
  }

  toString(): string {
    return `updateCoach(${this.pick}, ${JSON.stringify(this.patch)}${this.rename ? ', rename' : ''})`;
  }
}
