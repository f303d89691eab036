// Appointment create, read, update, delete and status change over real HTTP (published: API catalog,
// create-a-new-appointment, n8n node). Rules shown here: a slot overlapping another live appointment
// of the same schedule is refused with 409 (a cancelled one frees its slot); times without offset
// are read in the applied zone and answered with offsets; extra published fields are stored.
import { afterEach, describe, expect, it } from 'vitest';
import { CONTACT_FULL, dataOf, expectShapeB, type Json, openWorld, READ_ONLY_TOKEN, type World, workspace } from './campaigns-world.ts';

const SCHEDULE = '4d5e6f70-8192-4a3b-9c4d-5e6f70819201';
const OTHER_SCHEDULE = '4d5e6f70-8192-4a3b-9c4d-5e6f70819202';

function schedule(uuid: string, name: string): Json {
  return {
    uuid,
    name,
    type: 'appointment',
    color: null,
    availability_type_uuid: '2b1f4c1e-7d1a-4a8e-9a56-1f0b8e1c2d33',
    ai_agents: [],
    human_agents: [],
    custom_questions: [],
    created_at: '2026-03-01T09:00:00+01:00',
    updated_at: '2026-03-01T09:00:00+01:00',
  };
}

let world: World | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

async function open(faults: string[] = []): Promise<World> {
  world = await openWorld(workspace({ schedules: [schedule(SCHEDULE, 'Demos'), schedule(OTHER_SCHEDULE, 'Fittings')] }), 'http', faults);
  return world;
}

const BOOKING = { schedule_uuid: SCHEDULE, title: 'Team Meeting', start_time: '2026-12-01 10:00:00', end_time: '2026-12-01 11:00:00' };

describe('appointment writes', () => {
  it('creates with the published body, reads back in the applied zone, and stores custom answers', async () => {
    const w = await open();
    const reply = await w.call('POST', '/api/v1/appointments', {
      json: { ...BOOKING, contact_uuid: CONTACT_FULL, status: 'pending', notes: 'Bring figures', custom_answers: { reason: 'Renewal' } },
      headers: { 'X-Timezone': 'Europe/Berlin' },
    });
    expect(reply.status, reply.text).toBe(201);
    const created = dataOf<Json>(reply);
    expect(created).toMatchObject({
      title: 'Team Meeting',
      start_time: '2026-12-01T10:00:00+01:00',
      end_time: '2026-12-01T11:00:00+01:00',
      status: 'pending',
      contact_uuid: CONTACT_FULL,
      notes: 'Bring figures',
      description: null,
      custom_answers: { reason: 'Renewal' },
    });
    const read = dataOf<Json>(await w.call('GET', `/api/v1/appointments/${created.uuid}`, { headers: { 'X-Timezone': 'America/New_York' } }));
    expect(read.start_time).toBe('2026-12-01T04:00:00-05:00');
    expect(read.custom_answers).toEqual({ reason: 'Renewal' });
    const listed = dataOf<Json[]>(await w.call('GET', '/api/v1/appointments', { query: { schedule_uuid: SCHEDULE } }));
    expect(listed.map((a) => a.uuid)).toEqual([created.uuid]);
  });

  it('refuses an overlapping slot on the same schedule with 409, allows it on another schedule or once cancelled', async () => {
    const w = await open();
    const first = dataOf<Json>(await w.call('POST', '/api/v1/appointments', { json: BOOKING }));
    const overlap = { ...BOOKING, title: 'Clash', start_time: '2026-12-01T10:30:00', end_time: '2026-12-01T11:30:00' };
    expect(expectShapeB(await w.call('POST', '/api/v1/appointments', { json: overlap }), 409).code).toBe('CONFLICT');
    expect((await w.call('POST', '/api/v1/appointments', { json: { ...overlap, start_time: '2026-12-01 11:00:00', end_time: '2026-12-01 11:30:00' } })).status).toBe(201);
    expect((await w.call('POST', '/api/v1/appointments', { json: { ...overlap, schedule_uuid: OTHER_SCHEDULE } })).status).toBe(201);
    const cancelled = dataOf<Json>(await w.call('POST', `/api/v1/appointments/${first.uuid}/status`, { json: { status: 'cancelled' } }));
    expect(cancelled.status).toBe('cancelled');
    const late = dataOf<Json>(await w.call('POST', '/api/v1/appointments', { json: { ...overlap, end_time: '2026-12-01T11:00:00' } }));
    expect(expectShapeB(await w.call('POST', `/api/v1/appointments/${first.uuid}/status`, { json: { status: 'approved' } }), 409).code).toBe('CONFLICT');
    expect(expectShapeB(await w.call('PUT', `/api/v1/appointments/${late.uuid}`, { json: { start_time: '2026-12-01T11:00:00', end_time: '2026-12-01T11:15:00' } }), 409).code).toBe('CONFLICT');
    expect(dataOf<Json>(await w.call('GET', `/api/v1/appointments/${late.uuid}`)).end_time).toBe('2026-12-01T11:00:00+01:00');
  });

  it('books the overlapping slot under the fault appointment-conflict-ignored', async () => {
    const w = await open(['appointment-conflict-ignored']);
    await w.call('POST', '/api/v1/appointments', { json: BOOKING });
    expect((await w.call('POST', '/api/v1/appointments', { json: BOOKING })).status).toBe(201);
  });

  it('updates only the fields sent, deletes, and answers 404 afterwards', async () => {
    const w = await open();
    const created = dataOf<Json>(await w.call('POST', '/api/v1/appointments', { json: { ...BOOKING, description: 'Quarterly' } }));
    const updated = dataOf<Json>(await w.call('PUT', `/api/v1/appointments/${created.uuid}`, { json: { title: 'Moved', end_time: '2026-12-01 10:45:00' } }));
    expect(updated).toMatchObject({ title: 'Moved', description: 'Quarterly', start_time: '2026-12-01T10:00:00+01:00', end_time: '2026-12-01T10:45:00+01:00' });
    // A start moved past the kept end: the 422 names the field the request sent.
    const late = await w.call('PUT', `/api/v1/appointments/${created.uuid}`, { json: { start_time: '2026-12-01 11:00:00' } });
    expect(expectShapeB(late, 422).field).toBe('start_time');
    expect(dataOf<Json>(await w.call('DELETE', `/api/v1/appointments/${created.uuid}`)).uuid).toBe(created.uuid);
    expect((await w.call('GET', `/api/v1/appointments/${created.uuid}`)).status).toBe(404);
  });

  it('refuses bad input with 422 and writes nothing; 403 without the write permission', async () => {
    const w = await open();
    const post = (json: Json) => w.call('POST', '/api/v1/appointments', { json });
    expect(expectShapeB(await post({ ...BOOKING, end_time: '2026-12-01 09:00:00' }), 422).field).toBe('end_time');
    expect(expectShapeB(await post({ ...BOOKING, schedule_uuid: '0f0e0d0c-0b0a-4909-8807-060504030201' }), 422).field).toBe('schedule_uuid');
    expect(expectShapeB(await post({ ...BOOKING, contact_uuid: '0f0e0d0c-0b0a-4909-8807-060504030201' }), 422).field).toBe('contact_uuid');
    expect(expectShapeB(await post({ ...BOOKING, start_time: 'tomorrow' }), 422).field).toBe('start_time');
    expect(expectShapeB(await post({ ...BOOKING, status: 'scheduled' }), 422).field).toBe('status');
    expect(expectShapeB(await post({ title: 'x' }), 422).code).toBe('VALIDATION_ERROR');
    expect(dataOf<Json[]>(await w.call('GET', '/api/v1/appointments'))).toEqual([]);
    expect(expectShapeB(await w.call('POST', '/api/v1/appointments', { json: BOOKING, token: READ_ONLY_TOKEN }), 403).code).toBe('FORBIDDEN');
  });
});
