// PUT /api/v1/coaching-agents/{uuid} (capability "coaching agents: list, read, update settings";
// shapes inferred). Predicts 200 with the fields sent changed, every other setting kept, and the
// default unchanged (an update never moves the default).
import { recordRule } from '../../record/rule.ts';
import { expectResource, type Real } from '../model-kit.ts';
import { OneCoachCommand } from './coach-command.ts';
import { COACH_SETTINGS, type CoachingModel, type CoachRecord, type CoachSettings, coachOf, freshCoachName, settingsOf } from './model.ts';
import { requireDefaultFlag } from './one-default.ts';
import { settingDifferences } from './settings-diff.ts';

export class UpdateCoachingAgentCommand extends OneCoachCommand {
  readonly patch: CoachSettings;
  readonly rename: boolean;

  constructor(pick: number, patch: CoachSettings, rename: boolean) {
    super(pick);
    this.patch = patch;
    this.rename = rename;
  }

  protected async actOn(coach: CoachRecord, model: CoachingModel, real: Real): Promise<void> {
    const op = real.client.op('updateCoachingAgent');
    const body: CoachSettings = { ...this.patch, ...(this.rename || Object.keys(this.patch).length === 0 ? { name: freshCoachName() } : {}) };
    const answer = await real.client.send({
      op,
      pathParams: { uuid: coach.uuid },
      json: body,
      expectation: { kind: 'accepted', part: op.contract, rule: COACH_SETTINGS.rule, what: 'a coaching agent settings update' },
    });
    const view = expectResource(COACH_SETTINGS, op, answer, coachOf(op, answer), 'updating a coaching agent', 200);
    if (!view) return;
    const expected = { ...coach.settings, ...body };
    const wrong = settingDifferences(expected, view);
    recordRule(COACH_SETTINGS, op.operationId, wrong.length === 0 ? true : { message: `after the update: ${wrong.join('; ')}`, part: 'inferred' }, answer);
    requireDefaultFlag(model, coach, view, answer, op.operationId, 'a settings update answered');
    coach.settings = settingsOf(view);
  }

  toString(): string {
    return `updateCoach(${this.pick}, ${JSON.stringify(this.patch)}${this.rename ? ', rename' : ''})`;
  }
}
