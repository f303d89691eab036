// PATCH /api/v1/coaching-agents/{uuid} (capability "coaching agents: list, read, update settings";
// published: PATCH, only the fields sent change, the lists sent replace the stored ones,
// `is_default: true` makes this one the default and `false` never takes the default away).
// Predicts 200 with the fields sent changed, every other setting kept, and the default moved only
// by `is_default: true`.
import { recordRule } from '../../record/rule.ts';
import { expectResource, type Real } from '../model-kit.ts';
import { OneCoachCommand } from './coach-command.ts';
import { COACH_SETTINGS, type CoachingModel, type CoachRecord, type CoachSettings, coachOf, freshCoachName, settingsOf } from './model.ts';
import { requireDefaultFlag } from './one-default.ts';
import { settingDifferences } from './settings-diff.ts';

export class UpdateCoachingAgentCommand extends OneCoachCommand {
  readonly patch: CoachSettings;
  readonly rename: boolean;
  readonly isDefault: boolean | undefined;

  constructor(pick: number, patch: CoachSettings, rename: boolean, isDefault?: boolean) {
    super(pick);
    this.patch = patch;
    this.rename = rename;
    this.isDefault = isDefault;
  }

  protected async actOn(coach: CoachRecord, model: CoachingModel, real: Real): Promise<void> {
    const op = real.client.op('updateCoachingAgent');
    const flag = this.isDefault === undefined ? {} : { is_default: this.isDefault };
    const renamed = this.rename || Object.keys(this.patch).length + Object.keys(flag).length === 0 ? { name: freshCoachName() } : {};
    const body: CoachSettings & { is_default?: boolean } = { ...this.patch, ...renamed, ...flag };
    const answer = await real.client.send({
      op,
      pathParams: { uuid: coach.uuid },
      json: body,
      expectation: { kind: 'accepted', part: op.contract, rule: COACH_SETTINGS.rule, what: 'a coaching agent settings update' },
    });
    const view = expectResource(COACH_SETTINGS, op, answer, coachOf(op, answer), 'updating a coaching agent', 200);
    if (!view) return;
    if (this.isDefault === true) model.defaultUuid = coach.uuid;
    const { is_default: _flag, ...sent } = body;
    const wrong = settingDifferences({ ...coach.settings, ...sent }, view);
    recordRule(COACH_SETTINGS, op.operationId, wrong.length === 0 ? true : { message: `after the update: ${wrong.join('; ')}`, part: 'inferred' }, answer);
    requireDefaultFlag(model, coach, view, answer, op.operationId, `a settings update${this.isDefault === undefined ? '' : ` with is_default ${this.isDefault}`} answered`);
    coach.settings = settingsOf(view);
  }

  toString(): string {
    return `updateCoach(${this.pick}, ${JSON.stringify(this.patch)}${this.rename ? ', rename' : ''}${this.isDefault === undefined ? '' : `, is_default ${this.isDefault}`})`;
  }
}
