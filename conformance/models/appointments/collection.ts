// Schedules and appointments as the suite certifies them (published API: schedules list, create,
// read, update; appointments list, create, read, update, delete). Each appointment is booked on a
// schedule of its own, far in the future, so no two of the model's slots ever conflict. Times are
// read back in the answer's zone, so they are not compared as sent.
import type { Real } from '../model-kit.ts';
import type { CollectionSpec } from '../collections/collection-spec.ts';
import { stringOf } from '../answer-fields.ts';

/** A made-up availability type: the contract keeps it as given. */
export const AVAILABILITY_TYPE = '2b1f4c1e-7d1a-4a8e-9a56-1f0b8e1c2d33';
/** A slot far enough ahead that it is always in the future. */
export const SLOT = { start_time: '2035-06-01T09:00:00Z', end_time: '2035-06-01T09:30:00Z' };

/** Creates a schedule for the checks; undefined when the target refuses. */
export async function newSchedule(real: Real, tag: string): Promise<string | undefined> {
  const op = real.client.op('createSchedule');
  const answer = await real.client.send({ op, json: { name: `Conformance schedule ${tag}`, availability_type_uuid: AVAILABILITY_TYPE } });
  const uuid = stringOf(op, answer, 'uuid');
  return uuid.ok ? uuid.value : undefined;
}

export const SCHEDULES_COLLECTION: CollectionSpec = {
  group: 'appointments',
  noun: 'schedule',
  check: {
    name: 'schedules-collection',
    rule: 'published API "Schedules": a created schedule reads back as sent and is listed, an update changes only the fields it sends',
  },
  mode: 'full',
  ops: { list: 'listSchedules', create: 'createSchedule', read: 'getSchedule', update: 'updateSchedule' },
  createBody: async (tag) => ({ name: `Conformance schedule ${tag}`, availability_type_uuid: AVAILABILITY_TYPE, color: '#2f80ed' }),
  updateBody: (tag) => ({ name: `Renamed schedule ${tag}`, color: '#27ae60' }),
};

export const APPOINTMENTS_COLLECTION: CollectionSpec = {
  group: 'appointments',
  noun: 'appointment',
  check: {
    name: 'appointments-collection',
    rule: 'published API "Appointments": a created appointment reads back as sent and is listed, an update changes only the fields it sends, a deleted appointment reads 404 and leaves the list',
  },
  mode: 'full',
  ops: { list: 'listAppointments', create: 'createAppointment', read: 'getAppointment', update: 'updateAppointment', remove: 'deleteAppointment' },
  createBody: async (tag, real) => {
    const schedule = await newSchedule(real, tag);
    if (!schedule) return undefined;
    return { schedule_uuid: schedule, title: `Conformance ${tag}`, ...SLOT, status: 'pending', notes: `Appointment ${tag}` };
  },
  updateBody: (tag) => ({ title: `Renamed ${tag}`, notes: `Updated ${tag}` }),
  expected: (sent) => Object.fromEntries(Object.entries(sent).filter(([key, value]) => key !== 'start_time' && key !== 'end_time' && typeof value !== 'object')),
};
