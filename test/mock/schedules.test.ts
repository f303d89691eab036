// Schedules and appointment requests over real HTTP (published: API catalog schedules operations,
// update-a-schedule; the appointment-requests pages). Rules shown here: schedules list (paged,
// filter availability_type_uuid), create with defaults, read and partial update; a request is
// created pending (contact by uuid, by email, or the details as sent), listed as a plain array with
// its filters, read with its review fields, and cancelled only while pending (409 otherwise).
import { afterEach, describe, expect, it } from 'vitest';
import { CONTACT_FULL, dataOf, expectShapeB, type Json, openWorld, type World, workspace } from './campaigns-world.ts';

const TYPE_A = '2b1f4c1e-7d1a-4a8e-9a56-1f0b8e1c2d33';
const TYPE_B = '8c0d9e6f-31b2-4e57-a1c4-6d2e7f8a9b10';
const REJECTED = '9b000000-0000-4000-8000-000000000001';

let world: World | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

function rejected(schedule: Json): Json {
  return {
    id: 7,
    uuid: REJECTED,
    title: 'Rejected visit',
    description: null,
    start_time: '2026-03-20T10:00:00+01:00',
    end_time: '2026-03-20T10:30:00+01:00',
    status: 'rejected',
    notes: null,
    schedule: { uuid: schedule.uuid, name: schedule.name },
    contact: null,
    approval_note: null,
    rejection_reason: 'Fully booked',
    approved_at: null,
    rejected_at: '2026-03-14T08:00:00+01:00',
    appointment: null,
    created_at: '2026-03-13T08:00:00+01:00',
  };
}

async function open(faults: string[] = []): Promise<{ w: World; schedule: Json }> {
  world = await openWorld(workspace(), 'http', faults);
  const created = await world.call('POST', '/api/v1/schedules', { json: { name: 'Dr. Smith', availability_type_uuid: TYPE_A } });
  expect(created.status, created.text).toBe(201);
  const schedule = dataOf<Json>(created);
  return { w: world, schedule };
}

describe('schedules', () => {
  it('creates with defaults, reads, updates only what is sent and lists with the availability filter', async () => {
    const { w, schedule } = await open();
    expect(schedule).toMatchObject({ name: 'Dr. Smith', type: 'appointment', color: null, availability_type_uuid: TYPE_A, ai_agents: [], human_agents: [], custom_questions: [] });
    await w.call('POST', '/api/v1/schedules', { json: { name: 'Hygiene', availability_type_uuid: TYPE_B, color: '#27ae60' } });
    const updated = dataOf<Json>(
      await w.call('PUT', `/api/v1/schedules/${schedule.uuid}`, { json: { color: '#2f80ed', custom_questions: [{ name: 'Reason for visit' }], ai_agents: ['a1'] } }),
    );
    expect(updated).toMatchObject({ name: 'Dr. Smith', color: '#2f80ed', ai_agents: ['a1'], custom_questions: [{ name: 'Reason for visit', type: 'text', required: false, description: null }] });
    expect(dataOf<Json>(await w.call('GET', `/api/v1/schedules/${schedule.uuid}`))).toEqual(updated);
    const page = dataOf<{ total: number; data: Json[] }>(await w.call('GET', '/api/v1/schedules', { query: { availability_type_uuid: TYPE_A } }));
    expect(page.total).toBe(1);
    expect(page.data[0]?.uuid).toBe(schedule.uuid);
    expect((await w.call('GET', '/api/v1/schedules/0f0e0d0c-0b0a-4909-8807-060504030201')).status).toBe(404);
    expect(expectShapeB(await w.call('POST', '/api/v1/schedules', { json: { name: 'No type' } }), 422).field).toBe('availability_type_uuid');
  });
});

describe('appointment requests', () => {
  const BODY = { title: 'Medical Consultation', start_time: '2026-11-25 10:00:00' };

  it('creates a pending request, its end defaulting to 30 minutes, and finds the contact by uuid or email', async () => {
    const { w, schedule } = await open();
    const reply = await w.call('POST', '/api/v1/appointment-requests', { json: { ...BODY, schedule_uuid: schedule.uuid, contact_uuid: CONTACT_FULL } });
    expect(reply.status, reply.text).toBe(201);
    const made = dataOf<Json>(reply);
    expect(made).toMatchObject({ id: 1, status: 'pending', start_time: '2026-11-25T10:00:00+01:00', end_time: '2026-11-25T10:30:00+01:00', appointment: null });
    expect((made.contact as Json).uuid).toBe(CONTACT_FULL);
    const byDetails = dataOf<Json>(
      await w.call('POST', '/api/v1/appointment-requests', {
        json: { ...BODY, schedule_uuid: schedule.uuid, contact_name: 'John', contact_surname: 'Doe', contact_email: 'john.doe@example.com', end_time: '2026-11-25 11:00:00' },
      }),
    );
    expect(byDetails).toMatchObject({ id: 2, end_time: '2026-11-25T11:00:00+01:00', contact: { name: 'John', surname: 'Doe', email: 'john.doe@example.com' } });
    expect(dataOf<Json>(await w.call('GET', `/api/v1/appointment-requests/${made.uuid}`))).toMatchObject({ uuid: made.uuid, title: 'Medical Consultation', approval_note: null });
  });

  it('refuses a past start, a missing contact and an unknown schedule with 422', async () => {
    const { w, schedule } = await open();
    const post = (json: Json) => w.call('POST', '/api/v1/appointment-requests', { json });
    expect(expectShapeB(await post({ ...BODY, schedule_uuid: schedule.uuid, start_time: '2026-03-01 10:00:00', contact_uuid: CONTACT_FULL }), 422).field).toBe('start_time');
    expect(expectShapeB(await post({ ...BODY, schedule_uuid: schedule.uuid }), 422).field).toBe('contact_name');
    expect(expectShapeB(await post({ ...BODY, schedule_uuid: schedule.uuid, contact_name: 'Jo' }), 422).field).toBe('contact_email');
    expect(expectShapeB(await post({ ...BODY, schedule_uuid: '0f0e0d0c-0b0a-4909-8807-060504030201', contact_uuid: CONTACT_FULL }), 422).field).toBe('schedule_uuid');
    expect(dataOf<Json[]>(await w.call('GET', '/api/v1/appointment-requests'))).toEqual([]);
  });

  it('lists as a plain array with the filters, and cancels only while pending', async () => {
    const { w, schedule } = await open();
    world = await openWorld(workspace({ schedules: [{ ...schedule, created_at: '2026-03-01T09:00:00+01:00', updated_at: '2026-03-01T09:00:00+01:00' }], appointment_requests: [rejected(schedule)] }));
    await w.close();
    const v = world;
    const made = dataOf<Json>(await v.call('POST', '/api/v1/appointment-requests', { json: { ...BODY, schedule_uuid: schedule.uuid, contact_uuid: CONTACT_FULL } }));
    const titles = async (query: Record<string, string>) => dataOf<Json[]>(await v.call('GET', '/api/v1/appointment-requests', { query })).map((r) => r.uuid);
    expect(await titles({})).toEqual([REJECTED, made.uuid]);
    expect(await titles({ status: 'pending' })).toEqual([made.uuid]);
    expect(await titles({ schedule_uuid: schedule.uuid as string, start_date: '2026-11-25', end_date: '2026-11-25' })).toEqual([made.uuid]);
    expect(await titles({ end_date: '2026-03-20' })).toEqual([REJECTED]);
    expect(expectShapeB(await v.call('POST', `/api/v1/appointment-requests/${REJECTED}/cancel`), 409).code).toBe('CONFLICT');
    expect(dataOf<Json>(await v.call('POST', `/api/v1/appointment-requests/${made.uuid}/cancel`)).status).toBe('cancelled');
    expect(expectShapeB(await v.call('POST', `/api/v1/appointment-requests/${made.uuid}/cancel`), 409).code).toBe('CONFLICT');
    expect(dataOf<Json>(await v.call('GET', `/api/v1/appointment-requests/${made.uuid}`)).status).toBe('cancelled');
  });

  it('cancels a request that is no longer pending under the fault appointment-request-cancel-any', async () => {
    world = await openWorld(workspace({ appointment_requests: [rejected({ uuid: '4d5e6f70-8192-4a3b-9c4d-5e6f70819201', name: 'Demos' })] }), 'http', ['appointment-request-cancel-any']);
    expect((await world.call('POST', `/api/v1/appointment-requests/${REJECTED}/cancel`)).status).toBe(200);
  });
});
