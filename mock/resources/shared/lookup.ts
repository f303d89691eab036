// Finding records of a workspace, with the contract's errors when they are missing.
import { errors } from '../../pipeline/api-error.ts';

export function findOr404<T extends { uuid: string }>(list: T[], uuid: string, what: string): T {
  const found = list.find((item) => item.uuid === uuid);
  if (!found) throw errors.notFound(what);
  return found;
}

/** A referenced record named in a request body: a missing one is a validation error of that field. */
export function findOr422<T extends { uuid: string }>(list: T[], uuid: string, field: string, what: string): T {
  const found = list.find((item) => item.uuid === uuid);
  if (!found) throw errors.validation('VALIDATION_ERROR', `No ${what} ${uuid} exists in this workspace.`, field);
  return found;
}

export function newUuid(): string {
  return crypto.randomUUID();
}

/** E.164 with its leading `+` (the channel snapshot's number query may leave it out; stored numbers always have it). */
export function normalizeE164(number: string): string {
  return number.startsWith('+') ? number : `+${number}`;
}
