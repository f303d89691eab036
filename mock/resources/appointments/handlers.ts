// Appointments (seed "What the service does": appointments; "Operations named in prose only": GET
// /api/v1/appointments; published: the filters contact_uuid, schedule_uuid, start_date, end_date and
// status, and `data` a plain array): the workspace's appointments ordered by start, then uuid.
// `start_date` / `end_date` bound the start, inclusive: a date covers its whole day in the applied
// zone, a date-time without offset is read there (seed "Time handling" rule 2). The agent filter is
// the contract's own.
import type { HandlerGroup } from '../../core/handler.ts';
import { errors } from '../../pipeline/api-error.ts';
import { parseDateBound } from '../../time/instants.ts';
import { collectionHandlers } from '../shared/collection.ts';
import { appointments, setStatus } from './collection.ts';

function bound(value: string | undefined, zone: string, endOfDay: boolean, field: string): Date | undefined {
  if (value === undefined) return undefined;
  const instant = parseDateBound(value, zone, endOfDay);
  if (!instant) throw errors.validation('INVALID_FORMAT', `The parameter ${field} is not a valid date or date-time.`, field);
  return instant;
}

export const appointmentHandlers = {
  ...collectionHandlers(appointments, { create: 'createAppointment', read: 'getAppointment', update: 'updateAppointment', remove: 'deleteAppointment' }),
  setAppointmentStatus: (ctx) => ({
    status: 200,
    body: { success: true, message: 'Appointment status updated successfully', data: { ...setStatus(ctx, ctx.body.status) } },
  }),
  listAppointments: ({ ws, query, zone }) => {
    const from = bound(query.start_date, zone, false, 'start_date');
    const to = bound(query.end_date, zone, true, 'end_date');
    if (from && to && from > to) throw errors.validation('VALIDATION_ERROR', 'The parameter start_date is after end_date.', 'start_date');
    const matching = ws.appointments
      .filter(
        (a) =>
          (from === undefined || a.start_time >= from) &&
          (to === undefined || a.start_time <= to) &&
          (query.contact_uuid === undefined || a.contact_uuid === query.contact_uuid) &&
          (query.schedule_uuid === undefined || a.schedule_uuid === query.schedule_uuid) &&
          (query.agent_uuid === undefined || a.agent_uuid === query.agent_uuid) &&
          (query.status === undefined || a.status === query.status),
      )
      .sort((a, b) => a.start_time.getTime() - b.start_time.getTime() || (a.uuid < b.uuid ? -1 : a.uuid > b.uuid ? 1 : 0))
      .map((a) => ({ ...a }));
    return { status: 200, body: { success: true, message: 'Appointments retrieved', data: matching } };
  },
} satisfies HandlerGroup;
