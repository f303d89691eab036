// The opaque `cursor` of the message export (seed: "Opaque value from the previous
// pagination.next_cursor"). It carries the key of the last row served and a signature over that key
// and the export it belongs to (workspace, range and filters), made with the workspace's secret: a
// cursor that was altered, made up, issued by another workspace or sent with other filters does not
// verify, and the export answers 422 (field `cursor`).
import { createHmac, timingSafeEqual } from 'node:crypto';
import { errors } from '../../pipeline/api-error.ts';
import type { RowKey } from './message-index.ts';

/** What a cursor is bound to besides its key. */
export interface CursorBinding {
  workspace: string;
  from: Date;
  to: Date;
  channel: string | null;
  agent_uuid: string | null;
  campaign_uuid: string | null;
}

function signature(secret: string, binding: CursorBinding, payload: string): string {
  const bound = JSON.stringify([binding.workspace, binding.from.getTime(), binding.to.getTime(), binding.channel, binding.agent_uuid, binding.campaign_uuid]);
  return createHmac('sha256', secret).update(`${bound}\n${payload}`).digest('base64url').slice(0, 22);
}

export function issueCursor(secret: string, binding: CursorBinding, key: RowKey): string {
  const payload = Buffer.from(JSON.stringify({ t: key.t, m: key.m }), 'utf8').toString('base64url');
  return `${payload}.${signature(secret, binding, payload)}`;
}

function invalid(): never {
  throw errors.validation('VALIDATION_ERROR', 'The cursor is not a next_cursor of this export: repeat the range and filters it was issued with.', 'cursor');
}

/** The key a cursor carries, once its signature holds for this export. */
export function readCursor(secret: string, binding: CursorBinding, cursor: string): RowKey {
  const [payload, given, ...rest] = cursor.split('.');
  if (!payload || !given || rest.length > 0) invalid();
  const expected = Buffer.from(signature(secret, binding, payload));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) invalid();
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    invalid();
  }
  const { t, m } = (key ?? {}) as { t?: unknown; m?: unknown };
  if (typeof t !== 'number' || typeof m !== 'string') invalid();
  return { t, m };
}
