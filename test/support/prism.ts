// Prism (`prism mock` / `prism proxy`) as a child process for tests, on a port the system picks
// (--port 0, no window for another process to take it). Ready when Prism prints
// "Prism is listening on <url>" (it prints it once its server listens, with the real port): the
// readiness is that line, never a poll on a timer. Prism exiting first rejects with its output; the
// time-out is only a safety net for a Prism that never starts.
import { type ChildProcess, spawn } from 'node:child_process';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');
const LISTENING = /Prism is listening on (http:\/\/\S+)/;

/** The safety net for a Prism that never starts, and the time-out for a hook that starts one (longer, so Prism's output is shown). */
export const PRISM_SAFETY_MS = 180_000;
export const PRISM_HOOK_MS = PRISM_SAFETY_MS + 30_000;

export interface StartedPrism {
  readonly url: string;
  readonly process: ChildProcess;
  /** Everything Prism printed so far. */
  output(): string;
  stop(): Promise<void>;
}

/** Starts `prism <args> --host 127.0.0.1 --port 0` and resolves with its address once it listens. */
export function startPrism(args: string[], safetyMs = PRISM_SAFETY_MS): Promise<StartedPrism> {
  const child = spawn(join(ROOT, 'node_modules', '.bin', 'prism'), [...args, '--host', '127.0.0.1', '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  let ready = false;
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    child.kill();
    await exited;
  };
  return new Promise((resolveStarted, reject) => {
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`prism printed no "Prism is listening" line within ${safetyMs} ms:\n${output}`));
    }, safetyMs);
    const onExit = (code: number | null) => {
      clearTimeout(timer);
      reject(new Error(`prism exited (${code}) before listening:\n${output}`));
    };
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (ready) return;
      const match = LISTENING.exec(output);
      if (match?.[1] === undefined) return;
      ready = true;
      clearTimeout(timer);
      child.off('exit', onExit);
      resolveStarted({ url: match[1], process: child, output: () => output, stop });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', onExit);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}
