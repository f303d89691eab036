// POST /api/v1/coaching-agents (seed "Operations named in prose only"; "Coaching agents": "The
// first one created becomes the default"; published API: `is_default: true` makes the new one the
// default, and templates and training examples left out start with samples). Predicts 201, with
// is_default true for the workspace's first coaching agent or one created with `is_default: true`
// and false for every other, and the settings as sent.
import { recordRule, requireRule } from '../../record/rule.ts';
import { expectResource, type Real } from '../model-kit.ts';
import { CoachCommand } from './coach-command.ts';
import { COACH_SETTINGS, type CoachingModel, type CoachSettings, coachOf, freshCoachName, ONE_DEFAULT_COACH, settingsOf } from './model.ts';
import { settingDifferences } from './settings-diff.ts';

/** The lists a create that leaves them out starts with samples of (published). */
const SAMPLED = ['coaching_templates', 'training_examples'] as const;

export class CreateCoachingAgentCommand extends CoachCommand {
  readonly settings: CoachSettings;
  readonly isDefault: boolean | undefined;

  constructor(settings: CoachSettings, isDefault?: boolean) {
    super();
    this.settings = settings;
    this.isDefault = isDefault;
  }

  check(): boolean {
    return true;
  }

  protected async act(model: CoachingModel, real: Real): Promise<void> {
    const op = real.client.op('createCoachingAgent');
    const body = { name: freshCoachName(), ...this.settings, ...(this.isDefault === undefined ? {} : { is_default: this.isDefault }) };
    const first = model.total === 0;
    const becomesDefault = first || this.isDefault === true;
    const answer = await real.client.send({
      op,
      json: body,
      expectation: { kind: 'accepted', part: op.contract, rule: ONE_DEFAULT_COACH.rule, what: 'a coaching agent create' },
    });
    const coach = expectResource(COACH_SETTINGS, op, answer, coachOf(op, answer), 'creating a coaching agent', 201);
    if (!coach) return;
    model.coaches.push({ uuid: coach.uuid, settings: settingsOf(coach) });
    model.total++;
    if (becomesDefault) model.defaultUuid = coach.uuid;
    requireRule(
      ONE_DEFAULT_COACH,
      op.operationId,
      coach.is_default === becomesDefault
        ? true
        : {
            message: first
              ? "the workspace's first coaching agent was created with is_default false"
              : this.isDefault === true
                ? 'a coaching agent created with is_default true has is_default false'
                : `a coaching agent created while ${model.total - 1} existed${this.isDefault === false ? ', with is_default false,' : ''} has is_default true`,
            part: first ? 'documented' : 'published',
          },
      answer,
    );
    const wrong = settingDifferences(body, coach);
    const unsampled = SAMPLED.filter((field) => !(field in body) && !(Array.isArray(coach[field]) && (coach[field] as unknown[]).length > 0));
    recordRule(COACH_SETTINGS, op.operationId, wrong.length === 0 ? true : { message: `the created coaching agent differs from the request: ${wrong.join('; ')}`, part: 'inferred' }, answer);
    recordRule(
      COACH_SETTINGS,
      op.operationId,
      unsampled.length === 0 ? true : { message: `a create that left out ${unsampled.join(' and ')} answered them empty, not with samples`, part: 'published' },
      answer,
    );
  }

  toString(): string {
    return `createCoach(${JSON.stringify(this.settings)}${this.isDefault === undefined ? '' : `, is_default ${this.isDefault}`})`;
  }
}
