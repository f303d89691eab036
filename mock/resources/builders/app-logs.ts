// An app's live log: lines appended as the app deploys, runs (a health-check line every
// HEALTH_TICK_MS while running) and serves preview requests; read oldest first after a cursor.
// Seed "What the service does" > Builders: "Live logs"; "Authentication" rule 8: secrets are
// masked in the log feeds — the app's `service_token` is shown as `***`.
import { errors } from '../../pipeline/api-error.ts';
import { base64Decode, base64urlEncode, utf8Bytes, utf8Text } from '../../platform/bytes.ts';
import type { Schemas } from '../../state/workspace.ts';
import type { AppLogLine, BuilderAppRecord, LogStream } from './app-record.ts';

export const HEALTH_TICK_MS = 30_000;
/** Lines kept per app; older ones are dropped (the log returns "the oldest retained lines"). */
export const MAX_LOG_LINES = 1000;
export const MASK = '***';

export function appendLog(app: BuilderAppRecord, at: Date, stream: LogStream, line: string): void {
  app.logs.push({ seq: app.next_log_seq, timestamp: at, stream, line });
  app.next_log_seq += 1;
  if (app.logs.length > MAX_LOG_LINES) app.logs.splice(0, app.logs.length - MAX_LOG_LINES);
}

/** Writes the health-check lines of a running app up to `until` (at most MAX_LOG_LINES of them). */
export function logRunningUntil(app: BuilderAppRecord, until: Date): void {
  const since = app.life.running_since;
  if (app.life.status === 'running' && since) {
    const from = Math.max(since.getTime(), app.logged_until.getTime());
    const first = Math.floor((from - since.getTime()) / HEALTH_TICK_MS) + 1;
    const last = Math.floor((until.getTime() - since.getTime()) / HEALTH_TICK_MS);
    const start = Math.max(first, last - MAX_LOG_LINES + 1);
    app.next_log_seq += Math.max(0, start - first);
    for (let k = start; k <= last; k++) {
      appendLog(app, new Date(since.getTime() + k * HEALTH_TICK_MS), 'stdout', `GET /healthz 200 - ${1 + (k % 4)} ms`);
    }
  }
  if (until.getTime() > app.logged_until.getTime()) app.logged_until = until;
}

export function maskSecrets(app: BuilderAppRecord, text: string): string {
  return app.service_token === '' ? text : text.replaceAll(app.service_token, MASK);
}

function encodeCursor(app: BuilderAppRecord, seq: number): string {
  return base64urlEncode(utf8Bytes(`log:${app.uuid.slice(0, 8)}:${seq}`));
}

function decodeCursor(app: BuilderAppRecord, cursor: string): number {
  const match = /^log:([0-9a-f]{8}):(\d{1,12})$/.exec(utf8Text(base64Decode(cursor)));
  if (!match || match[1] !== app.uuid.slice(0, 8) || Number(match[2]) >= app.next_log_seq) {
    throw errors.validation('VALIDATION_ERROR', 'The field since is not a cursor returned by this app\'s logs.', 'since');
  }
  return Number(match[2]);
}

export function readLogs(app: BuilderAppRecord, since: string | undefined, limit = 200): Schemas['BuilderLogPage'] {
  const after = since === undefined ? 0 : decodeCursor(app, since);
  const newer = app.logs.filter((l) => l.seq > after);
  const page = newer.slice(0, limit);
  const last = page.at(-1);
  return {
    lines: page.map((l: AppLogLine) => ({ timestamp: l.timestamp, stream: l.stream, line: maskSecrets(app, l.line) })),
    next_cursor: encodeCursor(app, last ? last.seq : after),
    has_more: newer.length > page.length,
  };
}
