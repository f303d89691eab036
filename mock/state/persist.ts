// The state file (`--state FILE`): the whole state of a running mock kept on disk, so it survives a
// restart. The file is a snapshot with every secret (the body `GET /__mock/snapshot?secrets=true`
// answers: every workspace, its idempotency keys, the clock), read at start with the checks an import
// through the control API makes, and written whole after each batch of changes (at most once per
// `delayMs`) and at shutdown: to a temporary file in the same folder (mode 0600, it holds secrets),
// flushed to disk, then renamed over the file, so a kill at any moment leaves the old file or the new
// one, never a torn one. A file that cannot be read as such a snapshot stops the start and is never
// written over. Node only (node:fs): the CLI uses it; the mock's core, which also runs in browsers,
// does not import it.
import { closeSync, fsyncSync, openSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { controlSchemas } from '../control/schema.ts';
import { exportSnapshot, importSnapshot } from '../control/snapshot.ts';
import type { Mock } from '../core/mock.ts';
import { toApiError } from '../pipeline/validate.ts';
import { CLOCK_MAX_ADVANCE_MS, type MockClock } from '../time/clock.ts';

/** Why a state file could not be used: read, recognised as a snapshot, or written. */
export type StateFileProblem = 'STATE_FILE_UNREADABLE' | 'STATE_FILE_CORRUPT' | 'STATE_FILE_FOREIGN' | 'STATE_FILE_UNWRITABLE';

export class StateFileError extends Error {
  readonly code: StateFileProblem;

  constructor(code: StateFileProblem, message: string) {
    super(message);
    this.code = code;
  }
}

/** Saves after a change wait this long, so a burst of changes is one write. */
export const DEFAULT_SAVE_DELAY_MS = 500;

const LEFT_AS_IT_IS = 'it is left as it is: move it away, or name another file with --state';

/**
 * Reads the state file into the mock: `absent` when there is no such file (nothing changed), else the
 * withheld secrets it had to draw anew (`slug: path`, as an import answers). Throws StateFileError
 * for a file that is not a snapshot this mock reads, or fails the import's checks.
 */
export function loadStateFile(mock: Mock, file: string): { from: 'absent' } | { from: 'file'; notRestored: string[] } {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { from: 'absent' };
    throw new StateFileError('STATE_FILE_UNREADABLE', `the state file ${file} cannot be read (${code ?? (error as Error).message}); ${LEFT_AS_IT_IS}`);
  }
  const body = parseSnapshot(file, text);
  const imported = importSnapshot(mock, body);
  if ('refused' in imported) throw corrupt(file, `fails the snapshot checks: ${refusalDetails(imported.refused.body)}`);
  const clock = body.clock;
  if (typeof clock === 'string') {
    try {
      resumeClock(mock.clock, Date.parse(clock));
    } catch (error) {
      throw corrupt(file, `has a clock the mock cannot show (${(error as Error).message})`);
    }
  }
  return { from: 'file', notRestored: imported.notRestored };
}

/** The file's text as a snapshot body, checked against the import's schema. */
function parseSnapshot(file: string, text: string): Record<string, unknown> {
  if (text.trim() === '') throw corrupt(file, 'is empty');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw corrupt(file, `is not JSON (${(error as Error).message})`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value) || !('version' in value) || !Array.isArray((value as { workspaces?: unknown }).workspaces)) {
    throw new StateFileError('STATE_FILE_FOREIGN', `the state file ${file} is not a mock state file (a snapshot as GET /__mock/snapshot?secrets=true answers); ${LEFT_AS_IT_IS}`);
  }
  const body = value as Record<string, unknown>;
  if (body.version !== 1) {
    throw new StateFileError('STATE_FILE_FOREIGN', `the state file ${file} is a snapshot of version ${JSON.stringify(body.version)}; this mock reads version 1; ${LEFT_AS_IT_IS}`);
  }
  const validate = controlSchemas().bodyValidator('PUT', '/snapshot');
  if (validate && !validate(body)) {
    const error = toApiError(validate.errors ?? [], undefined);
    throw corrupt(file, `fails the snapshot checks: ${error.details}${error.field === undefined ? '' : ` (${error.field})`}`);
  }
  return body;
}

function corrupt(file: string, what: string): StateFileError {
  return new StateFileError('STATE_FILE_CORRUPT', `the state file ${file} ${what}; ${LEFT_AS_IT_IS}`);
}

/** The details and field of a refused import's Shape B body. */
function refusalDetails(body: string): string {
  try {
    const { error } = JSON.parse(body) as { error?: { details?: string; field?: string } };
    return `${error?.details ?? 'refused'}${error?.field === undefined ? '' : ` (${error.field})`}`;
  } catch {
    return 'refused';
  }
}

/** Moves the clock to the saved instant (in moves of at most the clock's largest one). */
function resumeClock(clock: MockClock, at: number): void {
  let rest = at - clock.now();
  while (rest !== 0) {
    const step = Math.max(-CLOCK_MAX_ADVANCE_MS, Math.min(CLOCK_MAX_ADVANCE_MS, rest));
    clock.advance(step);
    rest -= step;
  }
}

export interface StateFileHooks {
  /** A save after changes landed (`bytes` written). */
  saved?: (bytes: number) => void;
  /** A save after changes failed; the next change tries again. */
  failed?: (error: StateFileError) => void;
  delayMs?: number;
}

/** Keeps a mock's state in a file: `changed()` after each change, `save()` at start and shutdown. */
export class StateFile {
  readonly file: string;
  private readonly mock: Mock;
  private readonly hooks: StateFileHooks;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(mock: Mock, file: string, hooks: StateFileHooks = {}) {
    this.mock = mock;
    this.file = file;
    this.hooks = hooks;
  }

  /** Something changed: a save follows within the delay, together with the changes made meanwhile. */
  changed(): void {
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      try {
        this.hooks.saved?.(this.save());
      } catch (error) {
        this.hooks.failed?.(error instanceof StateFileError ? error : new StateFileError('STATE_FILE_UNWRITABLE', String(error)));
      }
    }, this.hooks.delayMs ?? DEFAULT_SAVE_DELAY_MS);
  }

  /** Writes the whole state now (a pending save included); the bytes written. Throws StateFileError. */
  save(): number {
    clearTimeout(this.timer);
    this.timer = undefined;
    const text = `${JSON.stringify(exportSnapshot(this.mock, true))}\n`;
    writeAtomically(this.file, text);
    return Buffer.byteLength(text);
  }
}

/**
 * Replaces `file` with `text` at once: a temporary file beside it (created anew, mode 0600), written
 * and flushed, renamed over it, then the folder flushed so the rename itself is on disk.
 */
export function writeAtomically(file: string, text: string): void {
  const temp = join(dirname(file), `.${basename(file)}.tmp`);
  try {
    rmSync(temp, { force: true });
    const fd = openSync(temp, 'wx', 0o600);
    try {
      writeFileSync(fd, text);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, file);
  } catch (error) {
    try {
      rmSync(temp, { force: true });
    } catch {
      // The temporary file is removed before the next write anyway.
    }
    const code = (error as NodeJS.ErrnoException).code;
    throw new StateFileError('STATE_FILE_UNWRITABLE', `cannot write the state file ${file} (${code ?? (error as Error).message})`);
  }
  try {
    const folder = openSync(dirname(file), 'r');
    try {
      fsyncSync(folder);
    } finally {
      closeSync(folder);
    }
  } catch {
    // Some systems cannot flush a folder (Windows); the rename is still atomic there.
  }
}
