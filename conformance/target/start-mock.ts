// With no base URL the suite targets the mock: it starts `node mock/cli.ts --port 0 --json` as a
// child process (never importing mock/) and reads the one JSON line it prints: URL, control URL,
// tenants with their tokens.
import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { MODULE_EXT } from '../module-ext.ts';

export const MOCK_CLI = resolve(import.meta.dirname, `../../mock/cli.${MODULE_EXT}`);

export interface MockToken {
  kind: 'workspace' | 'user';
  name: string;
  token: string;
  permissions: string[] | string;
  member?: string;
}

export interface MockTenant {
  slug: string;
  name: string;
  timezone: string;
  url: string;
  tokens: MockToken[];
}

export interface MockDescription {
  url: string;
  port: number;
  control: string;
  tenants: MockTenant[];
  faults: string[];
}

export interface StartedMock {
  description: MockDescription;
  stop(): Promise<void>;
}

export interface MockLaunch {
  faults?: string[];
  defaultTenant?: string;
  /** The general limit the mock enforces (raised so the suite need not pace against it). */
  generalPerMinute?: number;
}

export async function startMock(launch: MockLaunch = {}): Promise<StartedMock> {
  const args = [MOCK_CLI, '--port', '0', '--json'];
  for (const fault of launch.faults ?? []) args.push('--fault', fault);
  if (launch.defaultTenant) args.push('--default-tenant', launch.defaultTenant);
  if (launch.generalPerMinute !== undefined) args.push('--general-per-minute', String(launch.generalPerMinute));
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const description = await readDescription(child);
  return {
    description,
    stop: () => stopChild(child),
  };
}

function readDescription(child: ChildProcess): Promise<MockDescription> {
  return new Promise((resolvePromise, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => fail(new Error(`the mock did not start within 30 s\n${err}`)), 30_000);
    const fail = (error: Error) => {
      clearTimeout(timer);
      child.kill('SIGTERM');
      reject(error);
    };
    child.stderr?.on('data', (chunk: Buffer) => {
      err += chunk.toString();
    });
    const early = (code: number | null) => fail(new Error(`the mock exited with code ${code}\n${err}`));
    child.once('exit', early);
    // Only the first line describes the mock; what it prints later (stopping, stopped) is drained unread.
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const newline = out.indexOf('\n');
      if (newline === -1) return;
      clearTimeout(timer);
      child.off('exit', early);
      child.stdout?.off('data', onData);
      child.stdout?.resume();
      try {
        resolvePromise(JSON.parse(out.slice(0, newline)) as MockDescription);
      } catch (error) {
        fail(new Error(`the mock printed no JSON line: ${(error as Error).message}\n${out}${err}`));
      }
    };
    child.stdout?.on('data', onData);
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolvePromise) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolvePromise();
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolvePromise();
    });
    child.kill('SIGTERM');
  });
}
