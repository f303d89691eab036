// Coaching agents' default as pure transitions (seed "Coaching agents": "The first one created
// becomes the default, and exactly one is always the default"; "Other statuses": "setting a
// coaching agent as default makes it the only default"). Each returns the next list; the
// invariant holds after every event: a non-empty list has exactly one default.
import type { Schemas } from '../../state/workspace.ts';

export type CoachingAgent = Schemas['CoachingAgent'];

/**
 * Create event: the workspace's first coaching agent is the default; a later one is the default
 * only when created with `is_default: true` (published), and the previous default then stops being
 * one in the same step.
 */
export function addCoachingAgent(list: readonly CoachingAgent[], created: CoachingAgent, now: Date, makeDefault = false): CoachingAgent[] {
  if (list.length === 0) return [{ ...created, is_default: true }];
  const added = [...list, { ...created, is_default: false }];
  return makeDefault ? setDefaultCoachingAgent(added, created.uuid, now) : added;
}

/**
 * Set-default event (set-default, or `is_default: true` in a create or update): the named agent
 * becomes the default and the previous default stops being one in the same step (unless
 * `keepPrevious`, the `two-default-coaches` fault). Setting the current default again changes nothing.
 */
export function setDefaultCoachingAgent(list: readonly CoachingAgent[], uuid: string, now: Date, keepPrevious = false): CoachingAgent[] {
  return list.map((agent) => {
    if (agent.uuid === uuid) return agent.is_default ? agent : { ...agent, is_default: true, updated_at: now };
    if (agent.is_default && !keepPrevious) return { ...agent, is_default: false, updated_at: now };
    return agent;
  });
}

export function defaultCount(list: readonly CoachingAgent[]): number {
  return list.filter((a) => a.is_default).length;
}
