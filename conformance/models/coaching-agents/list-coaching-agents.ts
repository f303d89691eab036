// GET /api/v1/coaching-agents walked in small pages (contract: oldest first, inferred): the pages
// together list every coaching agent once, in created_at order, each of the suite's with the
// settings last written. The one-default invariant runs after it as after every step.
import { inconclusive, recordRule } from '../../record/rule.ts';
import type { Real } from '../model-kit.ts';
import { listAllCoaches } from './coach-list.ts';
import { CoachCommand } from './coach-command.ts';
import { COACH_SETTINGS, type CoachingModel } from './model.ts';
import { settingDifferences } from './settings-diff.ts';

export class ListCoachingAgentsCommand extends CoachCommand {
  readonly perPage: number;

  constructor(perPage: number) {
    super();
    this.perPage = perPage;
  }

  check(): boolean {
    return true;
  }

  protected async act(model: CoachingModel, real: Real): Promise<void> {
    const list = await listAllCoaches(real, this.perPage, ['created_at']);
    if ('reason' in list) return inconclusive(COACH_SETTINGS, 'listCoachingAgents', list.reason, list.answer);
    const problems: string[] = [];
    const uuids = list.items.map((c) => c.uuid);
    if (new Set(uuids).size !== uuids.length) problems.push('a coaching agent appears on more than one page');
    const times = list.items.map((c) => Date.parse(c.created_at ?? ''));
    if (times.some((t, i) => i > 0 && t < (times[i - 1] as number))) problems.push('the pages are not oldest first');
    for (const coach of model.coaches) {
      const listed = list.items.find((c) => c.uuid === coach.uuid);
      if (!listed) continue;
      const wrong = settingDifferences(coach.settings, listed);
      if (wrong.length > 0) problems.push(`${coach.uuid}: ${wrong.join('; ')}`);
    }
    recordRule(COACH_SETTINGS, 'listCoachingAgents', problems.length === 0 ? true : { message: `pages of ${this.perPage}: ${problems.join('; ')}`, part: 'inferred' }, list.answer);
  }

  toString(): string {
    return `listCoaches(per_page ${this.perPage})`;
  }
}
