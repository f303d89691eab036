// The model of coaching agents (seed "What the service does" > Coaching agents: "The first one
// created becomes the default, and exactly one is always the default"; "Other statuses": "setting
// a coaching agent as default makes it the only default"; capability "coaching agents: list, read,
// update settings"). The model keeps the coaching agents the suite created in this run with the
// settings it expects, the workspace's coaching agent count and the one it expects as default.
import type { Read } from '../../contract/fields.ts';
import type { SuiteOperation } from '../../contract/operation.ts';
import type { Answer } from '../../http/client.ts';
import type { RuleCheck } from '../../record/rule.ts';
import { resourceOf } from '../answer-fields.ts';

export const ONE_DEFAULT_COACH: RuleCheck = {
  name: 'one-default-coach',
  rule: 'seed "Coaching agents": the first one created becomes the default and exactly one is always the default; "Other statuses": set-default makes it the only default',
};
export const COACH_SETTINGS: RuleCheck = {
  name: 'coach-settings',
  rule: 'seed capability "coaching agents: list, read, update settings": a read returns the settings last written; an update changes only the fields it sends',
};

/** The fields a client writes (the seed's settings and the published API's other fields). */
export const SETTING_FIELDS = [
  'name',
  'description',
  'is_active',
  'coaching_tone',
  'coaching_frequency',
  'auto_trigger_threshold',
  'language',
  'include_positive_feedback',
  'include_actionable_steps',
  'include_resources',
  'general_guidelines',
  'coaching_templates',
  'training_examples',
  'resource_library',
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

/** The coaching agent an answer of `op` carries, with the fields the model needs, where the contract puts them. */
export function coachOf(op: SuiteOperation, answer: Answer): Read<CoachView> {
  return resourceOf<CoachView>(op, answer, ['uuid', 'is_default']);
}

let names = 0;
const runTag = Math.random().toString(36).slice(2, 8);

/** A name no earlier coaching agent of this suite run has. */
export function freshCoachName(): string {
  names++;
  return `Conformance coach ${runTag}-${names}`;
}
