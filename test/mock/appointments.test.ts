// GET /api/v1/appointments over real HTTP, served from the workspace's appointments (seed "Operations
// named in prose only"; published: the filters contact_uuid, schedule_uuid, start_date, end_date and
// status with the values approved, pending and cancelled, `data` a plain array, and the appointment
// field names of the create body). Designed here: ordered by start, then uuid; start_date / end_date
// bound the start (a date is its whole day in the applied zone, seed "Time handling" rule 2 for a
// date-time without offset); the agent filter.
import { afterEach, describe, expect, it } from 'vitest';
import {
  AGENT_CALL_ONLY,
  AGENT_WHATSAPP,
  CONTACT_EMAIL_ONLY,
  CONTACT_FULL,
  CONTACT_PHONE_ONLY,
  dataOf,
  expectShapeB,
  type Json,
  openWorld,
  READ_ONLY_TOKEN,
  type World,
  workspace,
} from './campaigns-world.ts';

interface Appointment {
  uuid: string;
  title: string;
  start_time: string;
  status: string;
}

const DEMO_SCHEDULE = '4d5e6f70-8192-4a3b-9c4d-5e6f70819201';
const FITTING_SCHEDULE = '4d5e6f70-8192-4a3b-9c4d-5e6f70819202';

function appointment(uuid: string, title: string, start: string, end: string, status: string, contact: string | null, agent: string | null): Json {
  return {
    uuid,
    schedule_uuid: agent === null ? FITTING_SCHEDULE : DEMO_SCHEDULE,
    title,
    description: agent === null ? null : `${title} (booked by an agent)`,
    start_time: start,
    end_time: end,
    status,
    notes: null,
    contact_uuid: contact,
    agent_uuid: agent,
    created_at: '2026-03-10T12:00:00+01:00',
    updated_at: '2026-03-10T12:00:00+01:00',
  };
}

// Two start at the same instant (ordered by uuid); one starts at 00:30 Berlin, still the 16th in New York.
const PAST = appointment('9a000000-0000-4000-8000-000000000004', 'Fitting, Felix', '2026-03-12T10:00:00+01:00', '2026-03-12T10:30:00+01:00', 'approved', CONTACT_EMAIL_ONLY, AGENT_WHATSAPP);
const EYE_TEST = appointment('9a000000-0000-4000-8000-000000000002', 'Eye test, Jonas', '2026-03-16T09:00:00+01:00', '2026-03-16T09:30:00+01:00', 'pending', CONTACT_FULL, AGENT_WHATSAPP);
const FRAMES = appointment('9a000000-0000-4000-8000-000000000001', 'Frames, Anna', '2026-03-16T09:00:00+01:00', '2026-03-16T09:45:00+01:00', 'approved', CONTACT_PHONE_ONLY, null);
const LENSES = appointment('9a000000-0000-4000-8000-000000000003', 'Lenses, Anna', '2026-03-16T14:00:00+01:00', '2026-03-16T14:15:00+01:00', 'approved', CONTACT_PHONE_ONLY, AGENT_CALL_ONLY);
const LATE = appointment('9a000000-0000-4000-8000-000000000005', 'Callback, Jonas', '2026-03-17T00:30:00+01:00', '2026-03-17T00:45:00+01:00', 'cancelled', CONTACT_FULL, AGENT_CALL_ONLY);
const WALK_IN = appointment('9a000000-0000-4000-8000-000000000006', 'Walk-in repair', '2026-03-18T11:00:00+01:00', '2026-03-18T11:20:00+01:00', 'pending', null, null);

let world: World | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

async function open(): Promise<World> {
  world = await openWorld(workspace({ appointments: [LATE, WALK_IN, LENSES, PAST, EYE_TEST, FRAMES] }));
  return world;
}

async function titles(w: World, query: Record<string, string>, headers: Record<string, string> = {}): Promise<string[]> {
  return dataOf<Appointment[]>(await w.call('GET', '/api/v1/appointments', { query, headers })).map((a) => a.title);
}

describe('list appointments', () => {
  it('lists every appointment by start, then uuid, as a plain array without paging', async () => {
    const w = await open();
    const reply = await w.call('GET', '/api/v1/appointments');
    const list = dataOf<Appointment[]>(reply);
    expect(list.map((a) => a.title)).toEqual(['Fitting, Felix', 'Frames, Anna', 'Eye test, Jonas', 'Lenses, Anna', 'Callback, Jonas', 'Walk-in repair']);
    expect(list[1]).toEqual({ ...FRAMES });
    expect(list[5]).toEqual({ ...WALK_IN });
    expect(await titles(w, { page: '2', per_page: '1' })).toHaveLength(6);
  });

  it('renders the instants in the applied zone', async () => {
    const w = await open();
    const list = dataOf<Appointment[]>(await w.call('GET', '/api/v1/appointments', { headers: { 'X-Timezone': 'America/New_York' } }));
    expect(list.map((a) => a.start_time)).toEqual([
      '2026-03-12T05:00:00-04:00',
      '2026-03-16T04:00:00-04:00',
      '2026-03-16T04:00:00-04:00',
      '2026-03-16T09:00:00-04:00',
      '2026-03-16T19:30:00-04:00',
      '2026-03-18T06:00:00-04:00',
    ]);
  });

  it('bounds the start by start_date and end_date: a whole day in the applied zone, or a date-time read in that zone', async () => {
    const w = await open();
    const day = { start_date: '2026-03-16', end_date: '2026-03-16' };
    expect(await titles(w, day)).toEqual(['Frames, Anna', 'Eye test, Jonas', 'Lenses, Anna']);
    expect(await titles(w, day, { 'X-Timezone': 'America/New_York' })).toEqual(['Frames, Anna', 'Eye test, Jonas', 'Lenses, Anna', 'Callback, Jonas']);
    expect(await titles(w, { start_date: '2026-03-16T09:00:01' })).toEqual(['Lenses, Anna', 'Callback, Jonas', 'Walk-in repair']);
    expect(await titles(w, { end_date: '2026-03-16T09:00:00+01:00' })).toEqual(['Fitting, Felix', 'Frames, Anna', 'Eye test, Jonas']);
  });

  it('filters by contact, schedule, status and agent, combined', async () => {
    const w = await open();
    expect(await titles(w, { contact_uuid: CONTACT_PHONE_ONLY })).toEqual(['Frames, Anna', 'Lenses, Anna']);
    expect(await titles(w, { schedule_uuid: FITTING_SCHEDULE })).toEqual(['Frames, Anna', 'Walk-in repair']);
    expect(await titles(w, { status: 'pending' })).toEqual(['Eye test, Jonas', 'Walk-in repair']);
    expect(await titles(w, { agent_uuid: AGENT_CALL_ONLY })).toEqual(['Lenses, Anna', 'Callback, Jonas']);
    expect(await titles(w, { contact_uuid: CONTACT_PHONE_ONLY, status: 'approved', schedule_uuid: DEMO_SCHEDULE })).toEqual(['Lenses, Anna']);
    expect(await titles(w, { contact_uuid: '0f0e0d0c-0b0a-4909-8807-060504030201' })).toEqual([]);
  });

  it('refuses bad filters with 422 naming the parameter, and answers 403 without appointments:read', async () => {
    const w = await open();
    const bad = (query: Record<string, string>) => w.call('GET', '/api/v1/appointments', { query });
    expect(expectShapeB(await bad({ start_date: '2026-03-17', end_date: '2026-03-16' }), 422)).toMatchObject({ code: 'VALIDATION_ERROR', field: 'start_date' });
    expect(expectShapeB(await bad({ start_date: '2026-02-30' }), 422)).toMatchObject({ code: 'INVALID_FORMAT', field: 'start_date' });
    expect(expectShapeB(await bad({ end_date: 'next week' }), 422)).toMatchObject({ code: 'INVALID_FORMAT', field: 'end_date' });
    expect(expectShapeB(await bad({ status: 'scheduled' }), 422).field).toBe('status');
    expect(expectShapeB(await bad({ schedule_uuid: 'demo' }), 422)).toMatchObject({ code: 'INVALID_UUID', field: 'schedule_uuid' });
    expect(expectShapeB(await w.call('GET', '/api/v1/appointments', { token: READ_ONLY_TOKEN }), 403).code).toBe('FORBIDDEN');
  });
});
