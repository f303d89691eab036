// The parallel-workers example (examples/parallel-workers/workspace.ts, README "A workspace per
// test"): several workers share one mock over HTTP, each on the workspace `workspaceFor(i)` made
// for it; they run at once (Promise.all), create contacts and tasks with the same phone numbers,
// and none sees another's records, nor does the fixture workspace they were cloned from.
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type WorkerWorkspace, workspaceFor } from '../../examples/parallel-workers/workspace.ts';
import { createMockServer, listen } from '../../mock/adapters/node-http.ts';
import { demoTenant } from '../support/demo-tenants.ts';
import { T0, testMock } from '../support/harness.ts';

const acme = demoTenant('acme');
const RECEPTION = 'f47aebdd-597a-4ecf-bcf0-0fecb91ee9e5';
const WORKERS = 4;
const LATER = new Date(T0 + 3_600_000).toISOString();

interface Page {
  data: { total: number; data: Array<{ uuid: string; name?: string }> };
}

interface WorkerRun {
  index: number;
  slug: string;
  contacts: string[];
  tasks: string[];
  seenContacts: Page['data'];
  seenTasks: Page['data'];
  before: { contacts: number; tasks: number };
}

/** One worker's test: its own records, made in its own workspace, then everything it can see. */
async function worker(index: number, ws: WorkerWorkspace): Promise<WorkerRun> {
  const list = async (path: string): Promise<Page['data']> => {
    const reply = await ws.api<Page>('GET', `${path}?per_page=100`);
    expect(reply.status).toBe(200);
    return reply.body.data;
  };
  const before = { contacts: (await list('/api/v1/contacts')).total, tasks: (await list('/api/v1/tasks')).total };
  const contacts: string[] = [];
  const tasks: string[] = [];
  for (let n = 1; n <= 3; n++) {
    // The same phone numbers in every worker: one shared workspace would refuse or merge them.
    const contact = await ws.api<{ data: { uuid: string } }>('POST', '/api/v1/contacts', { name: `Worker ${index} contact ${n}`, phone_number: `+49176987000${n}` });
    expect(contact.status, JSON.stringify(contact.body)).toBe(201);
    contacts.push(contact.body.data.uuid);
    if (n > 2) continue;
    const task = await ws.api<{ data: { uuid: string } }>('POST', '/api/v1/tasks', {
      title: `Worker ${index} call ${n}`,
      type: 'make_call',
      agent_uuid: RECEPTION,
      contact_uuid: contact.body.data.uuid,
      scheduled_at: LATER,
    });
    expect(task.status, JSON.stringify(task.body)).toBe(201);
    tasks.push(task.body.data.uuid);
  }
  return { index, slug: ws.slug, contacts, tasks, before, seenContacts: await list('/api/v1/contacts'), seenTasks: await list('/api/v1/tasks') };
}

describe('a workspace per worker (examples/parallel-workers)', () => {
  const mock = testMock({ rateLimits: { generalPerMinute: 100_000, sendPerSecond: 100 } });
  const server = createMockServer(mock);
  let origin = '';
  beforeAll(async () => {
    origin = await listen(server, 0, '127.0.0.1');
  });
  afterAll(() => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))));

  it('runs workers at once, each seeing only its own contacts and tasks', async () => {
    const workspaces = await Promise.all(Array.from({ length: WORKERS }, (_, i) => workspaceFor(i, { mockUrl: origin })));
    expect(new Set(workspaces.map((w) => w.slug)).size).toBe(WORKERS);
    for (const [i, ws] of workspaces.entries()) {
      expect(ws.slug).toMatch(new RegExp(`^acme-w${i}-[0-9a-f]{6}$`));
      expect(ws.baseUrl).toBe(`http://${ws.slug}.localhost:${new URL(origin).port}`);
    }

    const runs = await Promise.all(workspaces.map((ws, i) => worker(i, ws)));

    for (const run of runs) {
      const others = runs.filter((r) => r !== run);
      const contactUuids = run.seenContacts.data.map((c) => c.uuid);
      const taskUuids = run.seenTasks.data.map((t) => t.uuid);
      expect(run.before).toEqual({ contacts: acme.state.contacts.length, tasks: runs[0]?.before.tasks });
      expect(run.seenContacts.total).toBe(run.before.contacts + 3);
      expect(run.seenTasks.total).toBe(run.before.tasks + 2);
      expect(contactUuids).toEqual(expect.arrayContaining(run.contacts));
      expect(taskUuids).toEqual(expect.arrayContaining(run.tasks));
      for (const other of others) {
        expect(contactUuids.filter((u) => other.contacts.includes(u)), `worker ${run.index} sees worker ${other.index}'s contacts`).toEqual([]);
        expect(taskUuids.filter((u) => other.tasks.includes(u)), `worker ${run.index} sees worker ${other.index}'s tasks`).toEqual([]);
      }
      const names = run.seenContacts.data.map((c) => c.name ?? '');
      expect(names.filter((n) => n.startsWith('Worker ') && !n.startsWith(`Worker ${run.index} `))).toEqual([]);
    }

    // The fixture workspace they were cloned from is untouched.
    const fixture = await request(`${origin}/api/v1/contacts?per_page=100`, { headers: { host: `acme.localhost:${new URL(origin).port}`, authorization: `Bearer ${acme.fullToken}` } });
    expect(fixture.statusCode).toBe(200);
    expect(((await fixture.body.json()) as Page).data.total).toBe(acme.state.contacts.length);

    await Promise.all(workspaces.map((ws) => ws.release()));
    const left = await request(`${origin}/__mock/workspaces`);
    expect(((await left.body.json()) as { workspaces: unknown[] }).workspaces).toEqual([]);
    // A released workspace's token opens nothing any more.
    const gone = await workspaces[0]?.api('GET', '/api/v1/contacts');
    expect(gone?.status).toBe(404);
  });
});
