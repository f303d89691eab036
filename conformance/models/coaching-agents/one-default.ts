// The invariant checked after every step of the coaching agent model (seed "Coaching agents":
// "exactly one is always the default"): the workspace's coaching agents, read from the list, hold
// exactly one default, and it is the one the model expects (the first created, or the last one
// made default). Every coaching agent the suite created is listed.
import { recordRule, requireRule } from '../../record/rule.ts';
import type { Real } from '../model-kit.ts';
import { listAllCoaches } from './coach-list.ts';
import { COACH_SETTINGS, type CoachingModel, ONE_DEFAULT_COACH } from './model.ts';

export async function checkOneDefault(model: CoachingModel, real: Real): Promise<void> {
  const list = await listAllCoaches(real);
  if (!list) return;
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
