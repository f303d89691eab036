// Appointment times on input: a date-time with `T` or a space between date and time, read in the
// applied zone when it has no offset (seed "Time handling" rule 2).
import { errors } from '../../pipeline/api-error.ts';
import { parseDateTimeInput } from '../../time/instants.ts';

export function appointmentTime(value: string, zone: string, field: string): Date {
  const instant = parseDateTimeInput(value.replace(' ', 'T'), zone);
  if (!instant) throw errors.validation('INVALID_FORMAT', `The field ${field} is not a valid date-time.`, field);
  return instant;
}

/** `end` after `start`, else 422 naming `end_time`. */
export function requireOrder(start: Date, end: Date): void {
  if (end.getTime() <= start.getTime()) throw errors.validation('VALIDATION_ERROR', 'The field end_time must be after start_time.', 'end_time');
}
