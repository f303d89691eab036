// Tasks (published API, "Tasks"): the create (published body, the n8n node's `call`/`message` and
// `contact {phone_number}`), the paged list and its filters, read, update, delete, and the state
// machine on the mock clock: pending/scheduled → queued (queue action, or auto_queue at
// scheduled_at) → a call task becomes a call of GET /calls and ends completed, or fails; at most 5
// tasks start in one second; retry only from failed; cancel only while not finished; deleting a
// running task is a 409. A blacklisted contact gets no new task. A listing's tasks are the same
// records.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RING_MS, TALK_MS } from '../../mock/resources/calls/call-state.ts';
import type { ResponseBody } from '../support/contract.ts';
import { type Harness, type Reply, startHarness, T0, TRANSPORTS } from '../support/harness.ts';
import { expectShapeB } from '../support/shape-b.ts';

type Task = ResponseBody<'getTask', 200>['data'];
type Page = ResponseBody<'listTasks', 200>['data'];
type Calls = ResponseBody<'listCalls', 200>['data'];

const RECEPTION = 'f47aebdd-597a-4ecf-bcf0-0fecb91ee9e5';
const NOT_CONNECTED = '3132bece-b4e1-4c2d-8ddd-9947ad20570b';
const JONAS = { uuid: '325b55dd-7857-4976-ba12-917c1a26f889', phone: '+4915112345678' };
const ANNA = '9fc2d0a1-7b8f-4ab5-b451-d0135675f6ad';
const TEMPLATE = '6afbc4e2-a0da-4bb6-9459-3b744f898313';
const CAMPAIGN = '23ab26b6-8d5a-4eea-af7f-bb58531cf27e';
const HOUR = 3_600_000;
const LATER = new Date(T0 + HOUR).toISOString();

const data = <T>(reply: Reply): T => (reply.body as { data: T }).data;

describe.each(TRANSPORTS)('tasks over %s', (transport) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(transport, { rateLimits: { sendPerSecond: 100, generalPerMinute: 100_000 } });
  });
  afterAll(() => h.close());
  beforeEach(() => {
    h.mock.store.load(h.mock.fixtures);
    h.mock.faults.set([]);
    h.clock.freeze(T0);
  });

  const create = (body: Record<string, unknown>) => h.call('POST', '/api/v1/tasks', { json: { title: 'Call back', type: 'make_call', agent_uuid: RECEPTION, scheduled_at: LATER, ...body } });
  const created = async (body: Record<string, unknown>): Promise<Task> => {
    const reply = await create(body);
    expect(reply.status, reply.text).toBe(201);
    return data<Task>(reply);
  };
  const read = async (uuid: string): Promise<Task> => {
    const reply = await h.call('GET', `/api/v1/tasks/${uuid}`);
    expect(reply.status, reply.text).toBe(200);
    return data<Task>(reply);
  };
  const act = (uuid: string, action: 'queue' | 'cancel' | 'retry') => h.call('POST', `/api/v1/tasks/${uuid}/${action}`);
  const list = async (query: Record<string, string> = {}): Promise<Page> => {
    const reply = await h.call('GET', '/api/v1/tasks', { query: { per_page: '100', ...query } });
    expect(reply.status, reply.text).toBe(200);
    return data<Page>(reply);
  };
  const calls = async (): Promise<Calls['data']> => data<Calls>(await h.call('GET', '/api/v1/calls', { query: { per_page: '100' } })).data;

  describe('create', () => {
    it('takes the published body and reads every field back; a contact object finds the contact by phone number', async () => {
      const task = await created({
        contact: { phone_number: JONAS.phone },
        description: 'About the quote',
        priority: 8,
        timezone: 'Europe/Berlin',
        campaign_uuid: CAMPAIGN,
        max_attempts: 2,
        metadata: { source: 'api', campaign: 'Q4' },
      });
      expect(task).toMatchObject({
        title: 'Call back',
        type: 'make_call',
        status: 'pending',
        priority: 8,
        agent_uuid: RECEPTION,
        contact_uuid: JONAS.uuid,
        contact: { uuid: JONAS.uuid, phone_number: JONAS.phone },
        campaign_uuid: CAMPAIGN,
        listing_uuid: null,
        description: 'About the quote',
        timezone: 'Europe/Berlin',
        auto_queue: false,
        max_attempts: 2,
        attempts: 0,
        metadata: { source: 'api', campaign: 'Q4' },
        call_uuid: null,
      });
      expect(await read(task.uuid)).toEqual(task);
    });

    it('creates the contact a contact object names when none matches, and defaults priority 5 and 3 attempts', async () => {
      const task = await created({ contact: { phone_number: '+4917612345999', name: 'Mara Klein' } });
      expect(task.contact).toMatchObject({ name: 'Mara Klein', phone_number: '+4917612345999' });
      expect(task.contact_uuid).not.toBe(JONAS.uuid);
      expect(task).toMatchObject({ priority: 5, max_attempts: 3 });
    });

    it("accepts the n8n node's call and message types and stores the published names", async () => {
      expect((await created({ type: 'call', contact: { phone_number: JONAS.phone }, auto_queue: true })).type).toBe('make_call');
      expect((await created({ type: 'message', contact: { phone_number: JONAS.phone } })).type).toBe('send_message');
    });

    it('reads scheduled_at without an offset in the applied zone; with auto_queue the task is scheduled', async () => {
      const reply = await h.call('POST', '/api/v1/tasks', {
        headers: { 'X-Timezone': 'Europe/Berlin' },
        json: { title: 'Call', type: 'make_call', agent_uuid: RECEPTION, contact_uuid: JONAS.uuid, scheduled_at: '2026-12-01T12:00:00', auto_queue: true },
      });
      expect(reply.status, reply.text).toBe(201);
      expect(data<Task>(reply)).toMatchObject({ scheduled_at: '2026-12-01T12:00:00+01:00', status: 'scheduled' });
    });

    it('refuses a time in the past, both or neither contact, an unknown agent, and a send_message task without its template (422)', async () => {
      const before = (await list()).total;
      expectShapeB(await create({ contact_uuid: JONAS.uuid, scheduled_at: new Date(T0 - 1000).toISOString() }), 422, 'VALIDATION_ERROR', 'scheduled_at');
      expect((await create({ contact_uuid: JONAS.uuid, contact: { phone_number: JONAS.phone } })).status).toBe(422);
      expect((await create({})).status).toBe(422);
      expectShapeB(await create({ contact_uuid: JONAS.uuid, agent_uuid: '0f0e0d0c-0b0a-4909-8807-060504030201' }), 422, 'VALIDATION_ERROR', 'agent_uuid');
      expectShapeB(await create({ contact_uuid: JONAS.uuid, type: 'send_message' }), 422, 'VALIDATION_ERROR', 'task_data.message_type');
      expect((await list()).total).toBe(before);
    });

    it('gives a blacklisted contact no new task (422 naming the contact), by uuid or by phone number', async () => {
      const blacklisted = await h.call('POST', `/api/v1/contacts/${JONAS.uuid}/blacklist`, { json: { reason: 'Asked not to be called' } });
      expect(blacklisted.status, blacklisted.text).toBe(200);
      const byUuid = await create({ contact_uuid: JONAS.uuid });
      expectShapeB(byUuid, 422, 'VALIDATION_ERROR', 'contact_uuid');
      expect(byUuid.text).toContain(JONAS.uuid);
      expectShapeB(await create({ contact: { phone_number: JONAS.phone } }), 422, 'VALIDATION_ERROR', 'contact');
      expect((await created({ contact_uuid: ANNA })).contact_uuid).toBe(ANNA);
    });
  });

  describe('running', () => {
    it('a queued call task becomes a call of GET /calls: queued while the call waits in the sending queue, in progress from its dial, then completed', async () => {
      const first = await created({ contact_uuid: JONAS.uuid });
      const task = await created({ contact_uuid: JONAS.uuid, title: 'Second call' });
      const dialled = data<Task>(await act(first.uuid, 'queue'));
      expect(dialled).toMatchObject({ status: 'in_progress', attempts: 1 });
      const queued = await act(task.uuid, 'queue');
      expect(queued.status, queued.text).toBe(200);
      const now = data<Task>(queued);
      // The call channel's pace (30 a minute) lets the second call go 2 s after the first.
      expect(now).toMatchObject({ status: 'queued', attempts: 1, started_at: null });
      expect(now.call_uuid).not.toBeNull();
      const call = (await calls()).find((c) => c.uuid === now.call_uuid);
      expect(call).toMatchObject({ to: JONAS.phone, agent_uuid: RECEPTION, conversation_uuid: now.conversation_uuid, status: 'queued' });
      h.clock.advance(2000);
      expect((await read(task.uuid)).status).toBe('in_progress');
      h.clock.advance(RING_MS + TALK_MS);
      const done = await read(task.uuid);
      expect(done.status).toBe('completed');
      expect(done.completed_at).not.toBeNull();
      expect((await calls()).find((c) => c.uuid === now.call_uuid)?.status).toBe('ended');
    });

    it('an auto-queued task queues itself at scheduled_at and makes its call then', async () => {
      const task = await created({ contact_uuid: JONAS.uuid, auto_queue: true });
      expect(task.status).toBe('scheduled');
      h.clock.advance(HOUR - 1000);
      expect((await read(task.uuid)).status).toBe('scheduled');
      h.clock.advance(2000);
      const run = await read(task.uuid);
      expect(run.status).toBe('in_progress');
      expect(Date.parse(run.queued_at ?? '')).toBe(T0 + HOUR);
      expect((await calls()).some((c) => c.uuid === run.call_uuid)).toBe(true);
    });

    it('the call of an auto-queued task is in GET /calls and GET /calls/{uuid} without a tasks request first', async () => {
      const task = await created({ contact_uuid: JONAS.uuid, auto_queue: true });
      const before = (await calls()).map((c) => c.uuid);
      h.clock.advance(HOUR + 1000);
      const placed = (await calls()).filter((c) => !before.includes(c.uuid));
      expect(placed).toHaveLength(1);
      const detail = await h.call('GET', `/api/v1/calls/${placed[0]?.uuid}`);
      expect(detail.status, detail.text).toBe(200);
      expect((await read(task.uuid)).call_uuid).toBe(placed[0]?.uuid);
    });

    it('a WhatsApp template task sends its template message through the sending queue', async () => {
      const task = await created({ contact_uuid: JONAS.uuid, type: 'send_message', task_data: { message_type: 'whatsapp_template', template_uuid: TEMPLATE } });
      const queued = data<Task>(await act(task.uuid, 'queue'));
      expect(queued.message_uuid).not.toBeNull();
      expect(queued.conversation_uuid).not.toBeNull();
      h.clock.advance(60_000);
      expect((await read(task.uuid)).status).toBe('completed');
    });

    it('at most 5 tasks start in one second: the sixth and seventh start a second later', async () => {
      const uuids: string[] = [];
      for (let i = 0; i < 7; i++) uuids.push((await created({ contact_uuid: JONAS.uuid, type: 'custom', title: `Task ${i}` })).uuid);
      for (const uuid of uuids) expect((await act(uuid, 'queue')).status).toBe(200);
      h.clock.advance(1500);
      const starts = await Promise.all(uuids.map(async (u) => Date.parse((await read(u)).started_at ?? '')));
      expect(starts.filter((s) => s === T0)).toHaveLength(5);
      expect(starts.filter((s) => s === T0 + 1000)).toHaveLength(2);
    });

    it('a task that cannot run fails with its reason; retry is only for a failed task with attempts left', async () => {
      const task = await created({ contact_uuid: JONAS.uuid, agent_uuid: NOT_CONNECTED, max_attempts: 2 });
      expectShapeB(await act(task.uuid, 'retry'), 409, 'CONFLICT');
      const failed = data<Task>(await act(task.uuid, 'queue'));
      expect(failed.status).toBe('failed');
      expect(failed.failure_reason).toMatch(/no call number/);
      h.clock.advance(1000);
      const retried = await act(task.uuid, 'retry');
      expect(retried.status, retried.text).toBe(200);
      expect(data<Task>(retried)).toMatchObject({ status: 'failed', attempts: 2 });
      h.clock.advance(1000);
      expectShapeB(await act(task.uuid, 'retry'), 409, 'CONFLICT');
      expectShapeB(await act(task.uuid, 'queue'), 409, 'CONFLICT');
    });
  });

  describe('cancel, update and delete', () => {
    it('cancels a task until it has finished: a running call task hangs up; a finished one is a 409', async () => {
      const pending = await created({ contact_uuid: JONAS.uuid });
      expect(data<Task>(await act(pending.uuid, 'cancel')).status).toBe('cancelled');
      expectShapeB(await act(pending.uuid, 'cancel'), 409, 'CONFLICT');
      const running = await created({ contact_uuid: JONAS.uuid });
      const queued = data<Task>(await act(running.uuid, 'queue'));
      h.clock.advance(RING_MS + 1000);
      expect((await read(running.uuid)).status).toBe('in_progress');
      expect(data<Task>(await act(running.uuid, 'cancel')).status).toBe('cancelled');
      expect((await calls()).find((c) => c.uuid === queued.call_uuid)).toMatchObject({ status: 'ended', end_reason: 'hangup_action' });
      const done = await created({ contact_uuid: JONAS.uuid, type: 'custom' });
      await act(done.uuid, 'queue');
      expect((await read(done.uuid)).status).toBe('completed');
      expectShapeB(await act(done.uuid, 'cancel'), 409, 'CONFLICT');
    });

    it('updates the fields sent before the task is queued; holds it; a queued task or a status reached by running is a 409', async () => {
      const task = await created({ contact_uuid: JONAS.uuid, auto_queue: true, description: 'first' });
      const updated = await h.call('PUT', `/api/v1/tasks/${task.uuid}`, { json: { title: 'Renamed', priority: 9 } });
      expect(updated.status, updated.text).toBe(200);
      expect(data<Task>(updated)).toMatchObject({ title: 'Renamed', priority: 9, description: 'first', status: 'scheduled' });
      expect(data<Task>(await h.call('PUT', `/api/v1/tasks/${task.uuid}`, { json: { status: 'on_hold' } })).status).toBe('on_hold');
      h.clock.advance(2 * HOUR);
      expect((await read(task.uuid)).status).toBe('on_hold');
      expectShapeB(await h.call('PUT', `/api/v1/tasks/${task.uuid}`, { json: { status: 'completed' } }), 409, 'CONFLICT');
      expectShapeB(await h.call('PUT', `/api/v1/tasks/${task.uuid}`, { json: { scheduled_at: new Date(T0).toISOString() } }), 422, 'VALIDATION_ERROR', 'scheduled_at');
      expect(data<Task>(await act(task.uuid, 'queue')).status).toBe('in_progress');
      expectShapeB(await h.call('PUT', `/api/v1/tasks/${task.uuid}`, { json: { title: 'Too late' } }), 409, 'CONFLICT');
      expect((await read(task.uuid)).title).toBe('Renamed');
    });

    it('deletes a task that is not running; a queued or running one is a 409', async () => {
      const task = await created({ contact_uuid: JONAS.uuid });
      await act(task.uuid, 'queue');
      expectShapeB(await h.call('DELETE', `/api/v1/tasks/${task.uuid}`), 409, 'CONFLICT');
      await act(task.uuid, 'cancel');
      const deleted = await h.call('DELETE', `/api/v1/tasks/${task.uuid}`);
      expect(deleted.status, deleted.text).toBe(200);
      expect(data<Task>(deleted).uuid).toBe(task.uuid);
      expectShapeB(await h.call('GET', `/api/v1/tasks/${task.uuid}`), 404, 'RESOURCE_NOT_FOUND');
    });
  });

  describe('list', () => {
    it('pages newest first and filters by status, type, contact, agent, priority and the scheduled range', async () => {
      const a = await created({ contact_uuid: JONAS.uuid, priority: 2 });
      h.clock.advance(1000);
      const b = await created({ contact_uuid: ANNA, type: 'custom', scheduled_at: new Date(T0 + 5 * HOUR).toISOString() });
      h.clock.advance(1000);
      await act(b.uuid, 'cancel');
      const mine = (await list()).data.filter((t) => t.listing_uuid === null).map((t) => t.uuid);
      expect(mine.slice(0, 2)).toEqual([b.uuid, a.uuid]);
      const uuids = async (query: Record<string, string>) => (await list(query)).data.map((t) => t.uuid);
      expect(await uuids({ status: 'cancelled' })).toContain(b.uuid);
      expect(await uuids({ status: 'cancelled' })).not.toContain(a.uuid);
      expect(await uuids({ type: 'custom' })).toEqual([b.uuid]);
      expect(await uuids({ contact_uuid: ANNA })).toContain(b.uuid);
      expect(await uuids({ contact_uuid: ANNA })).not.toContain(a.uuid);
      expect(await uuids({ agent_uuid: RECEPTION })).toEqual(expect.arrayContaining([a.uuid, b.uuid]));
      expect(await uuids({ priority: '2' })).toEqual([a.uuid]);
      expect(await uuids({ scheduled_from: new Date(T0 + 2 * HOUR).toISOString() })).toContain(b.uuid);
      expect(await uuids({ scheduled_from: new Date(T0 + 2 * HOUR).toISOString() })).not.toContain(a.uuid);
      expect(await uuids({ scheduled_to: new Date(T0 + 2 * HOUR).toISOString() })).not.toContain(b.uuid);
      const page = await h.call('GET', '/api/v1/tasks', { query: { per_page: '1', page: '2' } });
      expect(data<Page>(page)).toMatchObject({ current_page: 2, per_page: 1 });
      expect((await h.call('GET', '/api/v1/tasks', { query: { per_page: '101' } })).status).toBe(422);
      expectShapeB(await h.call('GET', '/api/v1/tasks', { query: { scheduled_from: '2026-02-30T10:00:00' } }), 422, 'INVALID_FORMAT', 'scheduled_from');
    });
  });

  describe('the same records as listing tasks and the fixtures', () => {
    it("lists a listing's campaign tasks with its campaign; queue and cancel apply to them", async () => {
      const reply = await h.call('POST', '/api/v1/listings', {
        json: { name: 'Recall list', campaign_type: 'call', agent_uuid: RECEPTION, auto_start: true, contacts: [{ phone_number: JONAS.phone }, { phone_number: '+4917698765432' }] },
      });
      expect(reply.status, reply.text).toBe(201);
      const listing = data<{ uuid: string; campaign_uuid: string }>(reply);
      const tasks = (await list({ campaign_uuid: listing.campaign_uuid })).data;
      expect(tasks).toHaveLength(2);
      for (const task of tasks) expect(task).toMatchObject({ listing_uuid: listing.uuid, campaign_uuid: listing.campaign_uuid, type: 'make_call', status: 'pending', agent_uuid: RECEPTION });
      const [first, second] = tasks as [Task, Task];
      expect(data<Task>(await act(second.uuid, 'cancel')).status).toBe('cancelled');
      expect(data<Task>(await act(first.uuid, 'queue')).status).toBe('in_progress');
      expect((await list({ campaign_uuid: listing.campaign_uuid, status: 'cancelled' })).data.map((t) => t.uuid)).toEqual([second.uuid]);
    });

    it('a task created through the API is a task row of the action log, with its status', async () => {
      const task = await created({ contact_uuid: JONAS.uuid, type: 'custom' });
      await act(task.uuid, 'queue');
      const row = await h.call('GET', `/api/v1/logs/actions/task/${task.uuid}`);
      expect(row.status, row.text).toBe(200);
      expect(data<{ status: string; name: string }>(row)).toMatchObject({ status: 'completed', name: 'Call back' });
      const failed = await h.call('GET', '/api/v1/logs/actions/task/2f3e4d5c-6b7a-4898-a7b6-c5d4e3f2a1b0');
      expect(failed.status, failed.text).toBe(200);
      expect(data<{ status: string }>(failed).status).toBe('failed');
    });

    it("the fixtures' tasks: a completed call task shows its call; a failed one can be retried", async () => {
      const completed = await read('8e7d6c5b-4a39-4281-9f0e-1d2c3b4a5968');
      expect(completed).toMatchObject({ status: 'completed', call_uuid: '7104a418-ce12-45b4-8cf1-5e2d014a1192', attempts: 1 });
      const failed = await read('2f3e4d5c-6b7a-4898-a7b6-c5d4e3f2a1b0');
      expect(failed.status).toBe('failed');
      expect(data<Task>(await act(failed.uuid, 'retry'))).toMatchObject({ status: 'failed', attempts: 2 });
    });
  });

  describe('faults', () => {
    it('task-queue-stalls: a queued task never starts', async () => {
      h.mock.faults.set(['task-queue-stalls']);
      const task = await created({ contact_uuid: JONAS.uuid });
      await act(task.uuid, 'queue');
      h.clock.advance(HOUR);
      expect(await read(task.uuid)).toMatchObject({ status: 'queued', call_uuid: null });
    });

    it('task-retry-any-status and task-cancel-finished accept what the machine refuses', async () => {
      h.mock.faults.set(['task-retry-any-status', 'task-cancel-finished']);
      const task = await created({ contact_uuid: JONAS.uuid, type: 'custom' });
      expect((await act(task.uuid, 'retry')).status).toBe(200);
      expect((await read(task.uuid)).status).toBe('completed');
      expect((await act(task.uuid, 'cancel')).status).toBe(200);
    });
  });
});
