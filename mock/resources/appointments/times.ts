// Appointment times on input: a date-time with `T` or a space between date and time, read in the
// applied zone when it has no offset (seed "Time handling" rule 2).
import { errors } from '../../pipeline/api-error.ts';
import { parseDateTimeInput } from '../../time/instants.ts';

export function appointmentTime(value: string, zone: string, field: string): Date {
  const instant = parseDateTimeInput(value.replace(' ', 'T'), zone);
  if (!instant) throw errors.validation('INVALID_FORMAT', `The field ${field} is not a valid date-time.`, field);
  return instant;
}

/**
 * `end` after `start`, else 422 naming `end_time`, or `start_time` when only the start was sent
 * (an update moving the start past the kept end): the error names a field of the request.
 */
export function requireOrder(start: Date, end: Date, sent: 'start_time' | 'end_time' = 'end_time'): void {
  if (end.getTime() <= start.getTime()) throw errors.validation('VALIDATION_ERROR', `The field ${sent} must leave end_time after start_time.`, sent);
}
