// Schedules and appointment requests: the handlers of both groups.
import type { HandlerGroup } from '../../core/handler.ts';
import { collectionHandlers } from '../shared/collection.ts';
import { appointmentRequestHandlers } from './requests.ts';
import { schedules } from './schedules.ts';

export const scheduleHandlers = {
  ...collectionHandlers(schedules, { list: 'listSchedules', create: 'createSchedule', read: 'getSchedule', update: 'updateSchedule' }),
  ...appointmentRequestHandlers,
} satisfies HandlerGroup;
