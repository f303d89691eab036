// The opaque `cursor` of the message export (seed: "Opaque value from the previous
// pagination.next_cursor"). It carries the key of the last row served and a signature over that key
// and the export it belongs to (workspace, range and filters), made with the workspace's secret: a
// cursor that was altered, made up, issued by another workspace or sent with other filters does not
// verify, and the export answers 422 (field `cursor`).
import { errors } from '../../pipeline/api-error.ts';
import { base64Decode, base64urlEncode, utf8Bytes, utf8Text } from '../../platform/bytes.ts';
import { hmacSha256Base64url, timingSafeEqualText } from '../../platform/crypto.ts';
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
  return hmacSha256Base64url(secret, `${bound}\n${payload}`).slice(0, 22);
}

export function issueCursor(secret: string, binding: CursorBinding, key: RowKey): string {
  const payload = base64urlEncode(utf8Bytes(JSON.stringify({ t: key.t, m: key.m })));
  return `${payload}.${signature(secret, binding, payload)}`;
}

function invalid(): never {
  throw errors.validation('VALIDATION_ERROR', 'The cursor is not a next_cursor of this export: repeat the range and filters it was issued with.', 'cursor');
}

/** The key a cursor carries, once its signature holds for this export. */
export function readCursor(secret: string, binding: CursorBinding, cursor: string): RowKey {
  const [payload, given, ...rest] = cursor.split('.');
  if (!payload || !given || rest.length > 0) invalid();
  if (!timingSafeEqualText(given, signature(secret, binding, payload))) invalid();
  let key: unknown;
  try {
    key = JSON.parse(utf8Text(base64Decode(payload)));
  } catch {
    invalid();
  }
  const { t, m } = (key ?? {}) as { t?: unknown; m?: unknown };
  if (typeof t !== 'number' || typeof m !== 'string') invalid();
  return { t, m };
}
