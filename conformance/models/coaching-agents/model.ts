// The model of coaching agents (seed "What the service does" > Coaching agents: "The first one
// created becomes the default, and exactly one is always the default"; "Other statuses": "setting
// a coaching agent as default makes it the only default"; capability "coaching agents: list, read,
// update settings"). The model keeps the coaching agents the suite created in this run with the
// settings it expects, the workspace's coaching agent count and the one it expects as default.
import type { Answer } from '../../http/client.ts';
import type { RuleCheck } from '../../record/rule.ts';

export const ONE_DEFAULT_COACH: RuleCheck = {
  name: 'one-default-coach',
  rule: 'seed "Coaching agents": the first one created becomes the default and exactly one is always the default; "Other statuses": set-default makes it the only default',
};
export const COACH_SETTINGS: RuleCheck = {
  name: 'coach-settings',
  rule: 'seed capability "coaching agents: list, read, update settings": a read returns the settings last written; an update changes only the fields it sends',
};

/** The fields a client writes (the seed's settings and the inferred `name`). */
export const SETTING_FIELDS = [
  'name',
  'coaching_tone',
  'auto_trigger_threshold',
  'training_examples',
  'resource_library',
  'general_guidelines',
  'include_resources',
  'language',
] as const;

export type CoachSettings = Partial<Record<(typeof SETTING_FIELDS)[number], unknown>>;

export interface CoachView extends CoachSettings {
  uuid: string;
  is_default: boolean;
  created_at?: string;
}

export interface CoachRecord {
  uuid: string;
  /** The settings as the service last returned them, checked against what the suite wrote. */
  settings: CoachSettings;
}

export class CoachingModel {
  readonly coaches: CoachRecord[] = [];
  /** Coaching agents in the workspace (all of them, not only the suite's). */
  total: number;
  /** The coaching agent that must be the default; undefined while the workspace has none. */
  defaultUuid: string | undefined;

  constructor(total: number, defaultUuid: string | undefined) {
    this.total = total;
    this.defaultUuid = defaultUuid;
  }
}

export function settingsOf(view: CoachView): CoachSettings {
  const out: CoachSettings = {};
  for (const field of SETTING_FIELDS) out[field] = view[field];
  return out;
}

export function coachOf(answer: Answer): CoachView | undefined {
  const data = (answer.json as { data?: unknown } | undefined)?.data;
  if (typeof data !== 'object' || data === null) return undefined;
  const view = data as CoachView;
  return typeof view.uuid === 'string' && typeof view.is_default === 'boolean' ? view : undefined;
}

let names = 0;
const runTag = Math.random().toString(36).slice(2, 8);

/** A name no earlier coaching agent of this suite run has. */
export function freshCoachName(): string {
  names++;
  return `Conformance coach ${runTag}-${names}`;
}
