// Coaching agents' default as pure transitions (seed "Coaching agents": "The first one created
// becomes the default, and exactly one is always the default"; "Other statuses": "setting a
// coaching agent as default makes it the only default"). Each returns the next list; the
// invariant holds after every event: a non-empty list has exactly one default.
import type { Schemas } from '../../state/workspace.ts';

export type CoachingAgent = Schemas['CoachingAgent'];

/** Create event: the workspace's first coaching agent is the default, later ones are not. */
export function addCoachingAgent(list: readonly CoachingAgent[], created: CoachingAgent): CoachingAgent[] {
  return [...list, { ...created, is_default: list.length === 0 }];
}

/**
 * Set-default event: the named agent becomes the default and the previous default stops being one
 * in the same step (unless `keepPrevious`, the `two-default-coaches` fault). Setting the current
 * default again changes nothing.
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
