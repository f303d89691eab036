// The invariant checked after every step of the coaching agent model (seed "Coaching agents":
// "exactly one is always the default"): the workspace's coaching agents, read from the list, hold
// exactly one default, and it is the one the model expects (the first created, or the last one
// made default). Every coaching agent the suite created is listed. The same rule on one coaching
// agent an answer shows: is_default exactly when it is the default the model expects.
import type { Answer } from '../../http/client.ts';
import { inconclusive, recordRule, requireRule } from '../../record/rule.ts';
import type { Real } from '../model-kit.ts';
import { listAllCoaches } from './coach-list.ts';
import { COACH_SETTINGS, type CoachingModel, type CoachRecord, type CoachView, ONE_DEFAULT_COACH } from './model.ts';

/** `view`, what `answer` shows of `coach`, has is_default exactly when the model expects it as the default; `said` opens a finding. */
export function requireDefaultFlag(model: CoachingModel, coach: CoachRecord, view: CoachView, answer: Answer, operationId: string, said: string): void {
  const shouldBeDefault = coach.uuid === model.defaultUuid;
  requireRule(
    ONE_DEFAULT_COACH,
    operationId,
    view.is_default === shouldBeDefault
      ? true
      : { message: `${said} is_default ${view.is_default} for a coaching agent that ${shouldBeDefault ? 'is' : 'is not'} the default`, part: 'documented' },
    answer,
  );
}

export async function checkOneDefault(model: CoachingModel, real: Real): Promise<void> {
  const list = await listAllCoaches(real);
  if ('reason' in list) return inconclusive(ONE_DEFAULT_COACH, 'listCoachingAgents', list.reason, list.answer);
  const defaults = list.items.filter((c) => c.is_default);
  model.total = list.items.length;
  if (list.items.length > 0) {
    const expected = model.defaultUuid;
    const one = defaults.length === 1 && (expected === undefined || defaults[0]?.uuid === expected);
    requireRule(
      ONE_DEFAULT_COACH,
      'listCoachingAgents',
      one
        ? true
        : {
            message: `${list.items.length} coaching agent(s) listed with ${defaults.length} default(s) (${defaults.map((d) => d.uuid).join(', ') || 'none'}); expected exactly one${expected ? `, ${expected}` : ''}`,
            part: 'documented',
          },
      list.answer,
    );
    if (expected === undefined && defaults[0]) model.defaultUuid = defaults[0].uuid;
  }
  const listed = new Set(list.items.map((c) => c.uuid));
  const missing = model.coaches.filter((c) => !listed.has(c.uuid)).map((c) => c.uuid);
  recordRule(
    COACH_SETTINGS,
    'listCoachingAgents',
    missing.length === 0 ? true : { message: `coaching agents created by the suite are not listed: ${missing.join(', ')}`, part: 'inferred' },
    list.answer,
  );
}
