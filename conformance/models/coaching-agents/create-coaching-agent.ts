// POST /api/v1/coaching-agents (seed "Operations named in prose only"; "Coaching agents": "The
// first one created becomes the default"). Predicts 201 with is_default true for the workspace's
// first coaching agent and false for every later one, and the settings as sent.
import { recordRule, requireRule } from '../../record/rule.ts';
import { expectResource, type Real } from '../model-kit.ts';
import { CoachCommand } from './coach-command.ts';
import { COACH_SETTINGS, type CoachingModel, type CoachSettings, coachOf, freshCoachName, ONE_DEFAULT_COACH, settingsOf } from './model.ts';
import { settingDifferences } from './settings-diff.ts';

export class CreateCoachingAgentCommand extends CoachCommand {
  readonly settings: CoachSettings;

  constructor(settings: CoachSettings) {
    super();
    this.settings = settings;
  }

  check(): boolean {
    return true;
  }

  protected async act(model: CoachingModel, real: Real): Promise<void> {
    const op = real.client.op('createCoachingAgent');
    const body = { name: freshCoachName(), ...this.settings };
    const first = model.total === 0;
    const answer = await real.client.send({
      op,
      json: body,
      expectation: { kind: 'accepted', part: op.contract, rule: ONE_DEFAULT_COACH.rule, what: 'a coaching agent create' },
    });
    const coach = expectResource(COACH_SETTINGS, op, answer, coachOf(op, answer), 'creating a coaching agent', 201);
    if (!coach) return;
    model.coaches.push({ uuid: coach.uuid, settings: settingsOf(coach) });
    model.total++;
    if (first) model.defaultUuid = coach.uuid;
    requireRule(
      ONE_DEFAULT_COACH,
      op.operationId,
      coach.is_default === first
        ? true
        : {
            message: first
              ? "the workspace's first coaching agent was created with is_default false"
              : `a coaching agent created while ${model.total - 1} existed has is_default true`,
            part: 'documented',
          },
      answer,
    );
    const wrong = settingDifferences(body, coach);
    recordRule(COACH_SETTINGS, op.operationId, wrong.length === 0 ? true : { message: `the created coaching agent differs from the request: ${wrong.join('; ')}`, part: 'inferred' }, answer);
  }

  toString(): string {
    return `createCoach(${JSON.stringify(this.settings)})`;
  }
}
