// Appointment requests: proposed bookings waiting for review. Create and read are declared as a
// collection (shared/collection.ts); the list (a plain array, filters status, schedule_uuid,
// start_date, end_date) and the cancel are written here. The contact is `contact_uuid`, or the
// workspace contact with `contact_email`, or the `contact_*` details as sent. A cancel is allowed
// only while pending (409 otherwise); the fault `appointment-request-cancel-any` cancels anyway.
import type { HandlerGroup } from '../../core/handler.ts';
import { errors } from '../../pipeline/api-error.ts';
import type { Schemas } from '../../state/workspace.ts';
import { parseDateBound } from '../../time/instants.ts';
import { appointmentTime, requireOrder } from '../appointments/times.ts';
import { type Collection, collectionHandlers, findRecord } from '../shared/collection.ts';
import { findOr422, newUuid } from '../shared/lookup.ts';

type Request = Schemas['AppointmentRequest'];
type Instant = Date;

/** Without `end_time` a request lasts this long (inferred). */
export const DEFAULT_REQUEST_MINUTES = 30;

function contactOf(body: Schemas['AppointmentRequestCreate'], ctx: { ws: { contacts: Array<{ uuid: string; name: string | null; surname?: string | null; email: string | null; phone: string | null }> } }): Request['contact'] {
  const shown = (c: { uuid: string; name: string | null; surname?: string | null; email: string | null; phone: string | null }) => ({
    id: null,
    uuid: c.uuid,
    name: c.name,
    surname: c.surname ?? null,
    email: c.email,
    phone_number: c.phone,
  });
  if (body.contact_uuid !== undefined) return shown(findOr422(ctx.ws.contacts, body.contact_uuid, 'contact_uuid', 'contact'));
  if (body.contact_name === undefined) throw errors.validation('VALIDATION_ERROR', 'The field contact_name is required without contact_uuid.', 'contact_name');
  if (body.contact_email === undefined) throw errors.validation('VALIDATION_ERROR', 'The field contact_email is required without contact_uuid.', 'contact_email');
  const email = body.contact_email.toLowerCase();
  const known = ctx.ws.contacts.find((c) => (c.email ?? '').toLowerCase() === email);
  if (known) return shown(known);
  return { id: null, name: body.contact_name, surname: body.contact_surname ?? null, email: body.contact_email, phone_number: body.contact_phone ?? null };
}

export const appointmentRequests: Collection<Request> = {
  noun: 'Appointment request',
  records: (ws) => ws.appointment_requests,
  create: (body: Schemas['AppointmentRequestCreate'], ctx) => {
    const schedule = findOr422(ctx.ws.schedules, body.schedule_uuid, 'schedule_uuid', 'schedule');
    const start = appointmentTime(body.start_time, ctx.zone, 'start_time');
    if (start.getTime() <= ctx.now.getTime()) throw errors.validation('VALIDATION_ERROR', 'The field start_time must be in the future.', 'start_time');
    const end = body.end_time === undefined ? new Date(start.getTime() + DEFAULT_REQUEST_MINUTES * 60_000) : appointmentTime(body.end_time, ctx.zone, 'end_time');
    requireOrder(start, end);
    const contact = contactOf(body, ctx);
    const ids = ctx.ws.appointment_requests.map((r) => r.id ?? 0);
    return {
      id: Math.max(0, ...ids) + 1,
      uuid: newUuid(),
      title: body.title,
      description: body.description ?? null,
      start_time: start,
      end_time: end,
      status: 'pending',
      notes: body.notes ?? null,
      schedule: { uuid: schedule.uuid, name: schedule.name },
      contact,
      ...(body.contact_uuid === undefined ? { contact_details: { name: body.contact_name, surname: body.contact_surname, email: body.contact_email, phone: body.contact_phone } } : {}),
      approval_note: null,
      rejection_reason: null,
      approved_at: null,
      rejected_at: null,
      appointment: null,
      created_at: ctx.now,
    } as unknown as Request;
  },
  messages: { create: 'Appointment request created successfully', read: 'Appointment request retrieved successfully' },
};

function bound(value: string | undefined, zone: string, endOfDay: boolean, field: string): Instant | undefined {
  if (value === undefined) return undefined;
  const instant = parseDateBound(value, zone, endOfDay);
  if (!instant) throw errors.validation('INVALID_FORMAT', `The parameter ${field} is not a valid date.`, field);
  return instant;
}

const startOf = (r: Request): Instant => r.start_time as unknown as Instant;

export const appointmentRequestHandlers = {
  ...collectionHandlers(appointmentRequests, { create: 'createAppointmentRequest', read: 'getAppointmentRequest' }),
  listAppointmentRequests: ({ ws, query, zone }) => {
    const from = bound(query.start_date, zone, false, 'start_date');
    const to = bound(query.end_date, zone, true, 'end_date');
    if (from && to && from > to) throw errors.validation('VALIDATION_ERROR', 'The parameter start_date is after end_date.', 'start_date');
    const rows = ws.appointment_requests
      .filter(
        (r) =>
          (from === undefined || startOf(r) >= from) &&
          (to === undefined || startOf(r) <= to) &&
          (query.status === undefined || r.status === query.status) &&
          (query.schedule_uuid === undefined || r.schedule?.uuid === query.schedule_uuid),
      )
      .sort((a, b) => startOf(a).getTime() - startOf(b).getTime() || (a.uuid < b.uuid ? -1 : a.uuid > b.uuid ? 1 : 0))
      .map((r) => ({ ...r }));
    return { status: 200, body: { success: true, message: 'Appointment requests retrieved successfully', data: rows } };
  },
  cancelAppointmentRequest: (ctx) => {
    const record = findRecord(appointmentRequests, ctx);
    if (record.status !== 'pending' && !ctx.faults.has('appointment-request-cancel-any'))
      throw errors.conflict('Conflict', `The appointment request is ${record.status}; only a pending request can be cancelled.`);
    record.status = 'cancelled';
    return { status: 200, body: { success: true, message: 'Appointment request cancelled successfully', data: { ...record } } };
  },
} satisfies HandlerGroup;
