// GET /api/v1/appointments over real HTTP, served from the workspace's appointments (seed "Operations
// named in prose only"; published API "Lists and paging": page, per_page default 15 at most 100, and
// the paged list {current_page, last_page, per_page, total, data}). Designed here: ordered by start,
// then uuid; `from` / `to` on the start (a date is its whole day in the applied zone, seed "Time
// handling" rule 2 for a date-time without offset); agent, contact and status filters.
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
  starts_at: string;
  status: string;
}

interface Page {
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
  data: Appointment[];
}

const DEMO = { uuid: '4d5e6f70-8192-4a3b-9c4d-5e6f70819201', name: '30-minute demo' };

function appointment(uuid: string, title: string, startsAt: string, endsAt: string, status: string, contact: string, agent: string | null): Json {
  return {
    uuid,
    title,
    starts_at: startsAt,
    ends_at: endsAt,
    status,
    contact_uuid: contact,
    agent_uuid: agent,
    availability_type: agent === null ? null : DEMO,
    created_at: '2026-03-10T12:00:00+01:00',
    updated_at: '2026-03-10T12:00:00+01:00',
  };
}

// Two start at the same instant (ordered by uuid); one starts at 00:30 Berlin, still the 16th in New York.
const PAST = appointment('9a000000-0000-4000-8000-000000000004', 'Fitting, Felix', '2026-03-12T10:00:00+01:00', '2026-03-12T10:30:00+01:00', 'completed', CONTACT_EMAIL_ONLY, AGENT_WHATSAPP);
const EYE_TEST = appointment('9a000000-0000-4000-8000-000000000002', 'Eye test, Jonas', '2026-03-16T09:00:00+01:00', '2026-03-16T09:30:00+01:00', 'scheduled', CONTACT_FULL, AGENT_WHATSAPP);
const FRAMES = appointment('9a000000-0000-4000-8000-000000000001', 'Frames, Anna', '2026-03-16T09:00:00+01:00', '2026-03-16T09:45:00+01:00', 'confirmed', CONTACT_PHONE_ONLY, null);
const LENSES = appointment('9a000000-0000-4000-8000-000000000003', 'Lenses, Anna', '2026-03-16T14:00:00+01:00', '2026-03-16T14:15:00+01:00', 'confirmed', CONTACT_PHONE_ONLY, AGENT_CALL_ONLY);
const LATE = appointment('9a000000-0000-4000-8000-000000000005', 'Callback, Jonas', '2026-03-17T00:30:00+01:00', '2026-03-17T00:45:00+01:00', 'cancelled', CONTACT_FULL, AGENT_CALL_ONLY);

let world: World | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

async function open(): Promise<World> {
  world = await openWorld(workspace({ appointments: [LATE, LENSES, PAST, EYE_TEST, FRAMES] }));
  return world;
}

async function titles(w: World, query: Record<string, string>, headers: Record<string, string> = {}): Promise<string[]> {
  return dataOf<Page>(await w.call('GET', '/api/v1/appointments', { query, headers })).data.map((a) => a.title);
}

describe('list appointments', () => {
  it('lists by start, then uuid, as the published paged list, 15 a page by default', async () => {
    const w = await open();
    const page = dataOf<Page>(await w.call('GET', '/api/v1/appointments'));
    expect({ ...page, data: page.data.map((a) => a.title) }).toEqual({
      current_page: 1,
      last_page: 1,
      per_page: 15,
      total: 5,
      data: ['Fitting, Felix', 'Frames, Anna', 'Eye test, Jonas', 'Lenses, Anna', 'Callback, Jonas'],
    });
    expect(page.data[1]).toEqual({ ...FRAMES });
    const second = dataOf<Page>(await w.call('GET', '/api/v1/appointments', { query: { per_page: '2', page: '2' } }));
    expect({ ...second, data: second.data.map((a) => a.title) }).toEqual({ current_page: 2, last_page: 3, per_page: 2, total: 5, data: ['Eye test, Jonas', 'Lenses, Anna'] });
  });

  it('renders the instants in the applied zone', async () => {
    const w = await open();
    const page = dataOf<Page>(await w.call('GET', '/api/v1/appointments', { headers: { 'X-Timezone': 'America/New_York' } }));
    expect(page.data.map((a) => a.starts_at)).toEqual([
      '2026-03-12T05:00:00-04:00',
      '2026-03-16T04:00:00-04:00',
      '2026-03-16T04:00:00-04:00',
      '2026-03-16T09:00:00-04:00',
      '2026-03-16T19:30:00-04:00',
    ]);
  });

  it('filters the start by a whole day in the applied zone, or from a date-time read in that zone', async () => {
    const w = await open();
    const day = { from: '2026-03-16', to: '2026-03-16' };
    expect(await titles(w, day)).toEqual(['Frames, Anna', 'Eye test, Jonas', 'Lenses, Anna']);
    expect(await titles(w, day, { 'X-Timezone': 'America/New_York' })).toEqual(['Frames, Anna', 'Eye test, Jonas', 'Lenses, Anna', 'Callback, Jonas']);
    expect(await titles(w, { from: '2026-03-16T09:00:01' })).toEqual(['Lenses, Anna', 'Callback, Jonas']);
    expect(await titles(w, { to: '2026-03-16T09:00:00+01:00' })).toEqual(['Fitting, Felix', 'Frames, Anna', 'Eye test, Jonas']);
  });

  it('filters by agent, contact and status, combined', async () => {
    const w = await open();
    expect(await titles(w, { agent_uuid: AGENT_CALL_ONLY })).toEqual(['Lenses, Anna', 'Callback, Jonas']);
    expect(await titles(w, { contact_uuid: CONTACT_PHONE_ONLY })).toEqual(['Frames, Anna', 'Lenses, Anna']);
    expect(await titles(w, { contact_uuid: CONTACT_PHONE_ONLY, status: 'confirmed', agent_uuid: AGENT_CALL_ONLY })).toEqual(['Lenses, Anna']);
    expect(await titles(w, { agent_uuid: '0f0e0d0c-0b0a-4909-8807-060504030201' })).toEqual([]);
  });

  it('refuses bad filters with 422 naming the parameter, and answers 403 without appointments:read', async () => {
    const w = await open();
    const bad = (query: Record<string, string>) => w.call('GET', '/api/v1/appointments', { query });
    expect(expectShapeB(await bad({ from: '2026-03-17', to: '2026-03-16' }), 422)).toMatchObject({ code: 'VALIDATION_ERROR', field: 'from' });
    expect(expectShapeB(await bad({ from: '2026-02-30' }), 422)).toMatchObject({ code: 'INVALID_FORMAT', field: 'from' });
    expect(expectShapeB(await bad({ status: 'postponed' }), 422).field).toBe('status');
    expect(expectShapeB(await bad({ per_page: '101' }), 422).field).toBe('per_page');
    expect(expectShapeB(await w.call('GET', '/api/v1/appointments', { token: READ_ONLY_TOKEN }), 403).code).toBe('FORBIDDEN');
  });
});
