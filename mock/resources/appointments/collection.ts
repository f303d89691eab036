// Appointments declared once as a collection (shared/collection.ts): create, read, update, delete.
// The rule written here: a slot that overlaps another appointment of the same schedule (not
// cancelled) is refused with 409; the fault `appointment-conflict-ignored` books it anyway.
import { errors } from '../../pipeline/api-error.ts';
import type { Schemas, WorkspaceState } from '../../state/workspace.ts';
import { type Collection, type CollectionContext, findRecord } from '../shared/collection.ts';
import { findOr422, newUuid } from '../shared/lookup.ts';
import { appointmentTime, requireOrder } from './times.ts';

type Appointment = Schemas['Appointment'];
type Instant = Date;

const startOf = (a: Appointment): Instant => a.start_time as unknown as Instant;
const endOf = (a: Appointment): Instant => a.end_time as unknown as Instant;

/** 409 when [start, end) overlaps another live appointment of the schedule. */
export function refuseConflict(ws: WorkspaceState, ctx: CollectionContext, schedule: string, start: Instant, end: Instant, self?: string): void {
  if (ctx.faults.has('appointment-conflict-ignored')) return;
  const clash = ws.appointments.find(
    (a) => a.uuid !== self && a.schedule_uuid === schedule && a.status !== 'cancelled' && startOf(a) < end && start < endOf(a),
  );
  if (clash) throw errors.conflict('Conflict', `The slot overlaps appointment ${clash.uuid} on the same schedule.`);
}

export const appointments: Collection<Appointment> = {
  noun: 'Appointment',
  records: (ws) => ws.appointments,
  create: (body: Schemas['AppointmentCreate'], ctx) => {
    findOr422(ctx.ws.schedules, body.schedule_uuid, 'schedule_uuid', 'schedule');
    if (body.contact_uuid !== undefined) findOr422(ctx.ws.contacts, body.contact_uuid, 'contact_uuid', 'contact');
    const start = appointmentTime(body.start_time, ctx.zone, 'start_time');
    const end = appointmentTime(body.end_time, ctx.zone, 'end_time');
    requireOrder(start, end);
    const status = body.status ?? 'approved';
    if (status !== 'cancelled') refuseConflict(ctx.ws, ctx, body.schedule_uuid, start, end);
    const record = {
      uuid: newUuid(),
      schedule_uuid: body.schedule_uuid,
      title: body.title,
      description: body.description ?? null,
      start_time: start,
      end_time: end,
      status,
      notes: body.notes ?? null,
      contact_uuid: body.contact_uuid ?? null,
      agent_uuid: null,
      created_at: ctx.now,
      updated_at: ctx.now,
      ...(body.custom_answers === undefined ? {} : { custom_answers: structuredClone(body.custom_answers) }),
    };
    return record as unknown as Appointment;
  },
  update: (record, body: Schemas['AppointmentUpdate'], ctx) => {
    const start = body.start_time === undefined ? startOf(record) : appointmentTime(body.start_time, ctx.zone, 'start_time');
    const end = body.end_time === undefined ? endOf(record) : appointmentTime(body.end_time, ctx.zone, 'end_time');
    requireOrder(start, end, body.end_time === undefined ? 'start_time' : 'end_time');
    const status = body.status ?? record.status;
    if (status !== 'cancelled') refuseConflict(ctx.ws, ctx, record.schedule_uuid, start, end, record.uuid);
    for (const key of ['title', 'description', 'notes'] as const) if (body[key] !== undefined) record[key] = body[key];
    Object.assign(record, { start_time: start, end_time: end, status, updated_at: ctx.now });
  },
  messages: {
    create: 'Appointment created successfully',
    read: 'Appointment retrieved successfully',
    update: 'Appointment updated successfully',
    remove: 'Appointment deleted successfully',
  },
};

/** POST /api/v1/appointments/{uuid}/status: any status may follow any other; leaving `cancelled` re-checks the slot. */
export function setStatus(ctx: CollectionContext, status: Appointment['status']): Appointment {
  const record = findRecord(appointments, ctx);
  if (status !== 'cancelled' && record.status === 'cancelled') refuseConflict(ctx.ws, ctx, record.schedule_uuid, startOf(record), endOf(record), record.uuid);
  record.status = status;
  (record as { updated_at: unknown }).updated_at = ctx.now;
  return record;
}
