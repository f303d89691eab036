// Appointments (seed "What the service does": appointments; "Operations named in prose only": GET
// /api/v1/appointments; fields not shown, so the contract designs them): the workspace's
// appointments ordered by start, then uuid, filtered by agent, contact, status and start (`from` /
// `to`, the feeds' inclusive bounds: a date covers its whole day in the applied zone, a date-time
// without offset is read there, seed "Time handling" rule 2), as the published paged list.
import type { HandlerGroup } from '../../core/handler.ts';
import { feedRange, inRange } from '../logs/bounds.ts';
import { pagedList } from '../shared/paging.ts';

export const appointmentHandlers = {
  listAppointments: ({ ws, query, zone }) => {
    const range = feedRange(query, zone);
    const matching = ws.appointments
      .filter(
        (a) =>
          inRange(a.starts_at, range) &&
          (query.agent_uuid === undefined || a.agent_uuid === query.agent_uuid) &&
          (query.contact_uuid === undefined || a.contact_uuid === query.contact_uuid) &&
          (query.status === undefined || a.status === query.status),
      )
      .sort((a, b) => a.starts_at.getTime() - b.starts_at.getTime() || (a.uuid < b.uuid ? -1 : a.uuid > b.uuid ? 1 : 0))
      .map((a) => ({ ...a, availability_type: a.availability_type === null ? null : { ...a.availability_type } }));
    return { status: 200, body: { success: true, message: 'Appointments retrieved', data: pagedList(matching, query.page, query.per_page) } };
  },
} satisfies HandlerGroup;
