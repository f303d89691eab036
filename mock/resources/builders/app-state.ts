// Brings an app up to the mock's clock, lazily, on every read: the deploy that ends, the auto-stop
// that falls due, the live log lines written meanwhile (like calls/call-state.ts, nothing runs in
// the background, so tests and the control API advance the clock instead of sleeping). Then
// applies requested transitions (start, stop, preview requests) through machine.ts.
import { ApiError } from '../../pipeline/api-error.ts';
import type { BuilderAppRecord } from './app-record.ts';
import { appendLog, logRunningUntil } from './app-logs.ts';
import { logStartup } from './app-factory.ts';
import { type AppEvent, due, transition } from './machine.ts';

function apply(app: BuilderAppRecord, event: AppEvent): void {
  const next = transition(app.life, event);
  if (next instanceof ApiError) throw next;
  const before = app.life.status;
  app.life = next;
  if (before !== next.status) app.updated_at = event.at;
}

export function settleApp(app: BuilderAppRecord, now: Date): BuilderAppRecord {
  for (;;) {
    const next = due(app.life);
    if (!next || next.at.getTime() > now.getTime()) break;
    logRunningUntil(app, next.at);
    const minutes = app.life.auto_stop_interval;
    apply(app, next);
    if (next.type === 'auto-stop') {
      appendLog(app, next.at, 'system', `Auto-stopped after ${minutes} idle minutes`);
    } else if (app.life.status === 'running') {
      logStartup(app, next.at);
    } else {
      appendLog(app, next.at, 'stderr', app.life.failure ?? 'The app exited during start-up.');
      appendLog(app, next.at, 'system', 'Deploy failed; the app is not running');
    }
  }
  logRunningUntil(app, now);
  return app;
}

/** A requested transition at `at` (the app already settled to `at`); throws the machine's refusal. */
export function applyApp(app: BuilderAppRecord, event: AppEvent): BuilderAppRecord {
  apply(app, event);
  return app;
}

export function recordPreviewRequest(app: BuilderAppRecord, at: Date, method: string, path: string, status: number): void {
  apply(app, { type: 'request', at });
  appendLog(app, at, 'stdout', `${method} ${path} ${status}`);
}
