// The tasks collection as the suite certifies it (published API, "Tasks": list, create, read,
// update, delete): a task created for the workspace's agent, far in the future and not queued (so
// it never runs), reads back as sent and is listed; a partial update changes only what it sends; a
// deleted task reads 404 and leaves the list.
import { suite } from '../../suite/context.ts';
import type { CollectionSpec } from '../collections/collection-spec.ts';

/** Where a task's contact is: the QA team's own phone on a deployment, a made-up number on the mock. */
export function taskPhone(tag: string): string {
  return suite().target.data.send_to?.phone ?? `+491591${String(Number.parseInt(tag, 16) % 100_000_000).padStart(8, '0')}`;
}

/** A time far enough ahead that the task never comes due during a run. */
export const FAR_AHEAD = '2035-06-01T09:00:00Z';

export const TASKS_COLLECTION: CollectionSpec = {
  group: 'tasks',
  noun: 'task',
  check: {
    name: 'tasks-collection',
    rule: 'published API "Tasks": a created task reads back as sent and is listed, an update changes only the fields it sends, a deleted task reads 404 and leaves the list',
  },
  mode: 'full',
  ops: { list: 'listTasks', create: 'createTask', read: 'getTask', update: 'updateTask', remove: 'deleteTask' },
  createBody: async (tag) => {
    const agent = suite().target.data.agent_uuid;
    if (!agent) return undefined;
    return { title: `Conformance ${tag}`, type: 'make_call', agent_uuid: agent, contact: { phone_number: taskPhone(tag) }, scheduled_at: FAR_AHEAD, description: `Task ${tag}`, priority: 3 };
  },
  updateBody: (tag) => ({ title: `Renamed ${tag}`, priority: 7 }),
  // The contact object is matched to a contact, not read back; the time is read back in the answer's zone.
  expected: (sent) => Object.fromEntries(Object.entries(sent).filter(([key, value]) => key !== 'scheduled_at' && key !== 'contact' && typeof value !== 'object')),
};
