// GET /api/v1/coaching-agents/{uuid} (capability "coaching agents: list, read, update settings").
// Predicts 200 with the settings last written and is_default true exactly for the model's default.
import { recordRule } from '../../record/rule.ts';
import { expectResource, type Real } from '../model-kit.ts';
import { OneCoachCommand } from './coach-command.ts';
import { COACH_SETTINGS, type CoachingModel, type CoachRecord, coachOf } from './model.ts';
import { requireDefaultFlag } from './one-default.ts';
import { settingDifferences } from './settings-diff.ts';

export class ReadCoachingAgentCommand extends OneCoachCommand {
  protected async actOn(coach: CoachRecord, model: CoachingModel, real: Real): Promise<void> {
    const op = real.client.op('getCoachingAgent');
    const answer = await real.client.send({ op, pathParams: { uuid: coach.uuid } });
    const view = expectResource(COACH_SETTINGS, op, answer, coachOf(op, answer), 'reading a coaching agent the suite created', 200);
    if (!view) return;
    requireDefaultFlag(model, coach, view, answer, op.operationId, 'read');
    const wrong = settingDifferences(coach.settings, view);
    recordRule(COACH_SETTINGS, op.operationId, wrong.length === 0 ? true : { message: `the read differs from the settings last written: ${wrong.join('; ')}`, part: 'inferred' }, answer);
  }

  toString(): string {
    return `readCoach(${this.pick})`;
  }
}
