// Making apps: from an upload (POST /builders: "uploading files plus an entrypoint") and for a
// builder agent's deploy; the preview URL, the service token, and the entrypoint check that decides
// whether a deploy comes up (`running`) or not (`failed`, with the reason in the log).
import { randomBytes } from '../../platform/crypto.ts';
import { newUuid } from '../shared/lookup.ts';
import { type AppFile, type AppResources, type BuilderAppRecord, CURRENCY, HOURLY_RATE, type JobType } from './app-record.ts';
import { appendLog } from './app-logs.ts';
import { type AppLifecycle, type DeployDefault, deployingLifecycle } from './machine.ts';

/** Deploying an upload takes this long; so does a start. */
export const DEPLOY_MS = 8_000;
export const START_MS = 3_000;
/** The published defaults of the create body's `port` and of the command terminal's `timeout` (seconds). */
export const DEFAULT_PORT = 8000;
export const DEFAULT_EXEC_TIMEOUT = 60;

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function newServiceToken(): string {
  let out = 'svc_';
  for (const b of randomBytes(30)) out += ALPHANUMERIC[b % ALPHANUMERIC.length];
  return out;
}

/** The app's stored preview URL (answers show it on the address the request reached: app-record.ts toBuilder). */
export function previewUrl(slug: string, baseDomain: string, uuid: string): string {
  return `https://${slug}.${baseDomain}/__preview/${uuid}/`;
}

const SCRIPT_RUNNERS = new Set(['node', 'python', 'python3', 'deno', 'bun', 'ruby', 'php', 'sh', 'bash']);

/** Whether the entrypoint can start with these files: its script (or package.json script) must exist. */
export function checkEntrypoint(files: AppFile[], entrypoint: string): string | null {
  const [command = '', ...args] = entrypoint.trim().split(/\s+/);
  const has = (path: string) => files.some((f) => f.path === path.replace(/^\.\//, ''));
  if (command === 'npm' && (args[0] === 'start' || args[0] === 'run')) {
    const script = args[0] === 'start' ? 'start' : args[1];
    const pkg = files.find((f) => f.path === 'package.json');
    if (!pkg) return 'npm ERR! enoent Could not read package.json: no such file or directory, open \'/app/package.json\'';
    let scripts: Record<string, unknown> | undefined;
    try {
      scripts = (JSON.parse(pkg.content) as { scripts?: Record<string, unknown> }).scripts;
    } catch {
      return 'npm ERR! JSON.parse Failed to parse package.json data';
    }
    if (typeof scripts?.[script ?? ''] !== 'string' && !(script === 'start' && has('server.js'))) return `npm ERR! Missing script: "${script ?? ''}"`;
    return null;
  }
  const target = args.find((a) => !a.startsWith('-'));
  if (SCRIPT_RUNNERS.has(command) && target !== undefined && !has(target)) {
    return `Error: Cannot find module '/app/${target.replace(/^\.\//, '')}'`;
  }
  return null;
}

export function deployDefault(files: AppFile[], entrypoint: string, afterMs: number): DeployDefault {
  const reason = checkEntrypoint(files, entrypoint);
  return { outcome: reason === null ? 'running' : 'failed', reason, after_ms: afterMs };
}

export interface NewApp {
  slug: string;
  baseDomain: string;
  name: string;
  files: AppFile[];
  entrypoint: string;
  port: number;
  job_type: JobType;
  resources: AppResources;
  env: Record<string, string>;
  /** Idle minutes before auto-stop (0 for uploads; set later with PUT auto-stop). */
  auto_stop_interval: number;
  backup_interval_hours: number;
  at: Date;
  agent_uuid: string | null;
  /** The lifecycle to begin with; default: deploying the upload. */
  life?: AppLifecycle;
}

export function newApp(input: NewApp): BuilderAppRecord {
  const uuid = newUuid();
  const life = input.life ?? deployingLifecycle(input.at, input.auto_stop_interval, deployDefault(input.files, input.entrypoint, DEPLOY_MS));
  const app: BuilderAppRecord = {
    uuid,
    name: input.name,
    kind: 'codebase',
    preview_url: previewUrl(input.slug, input.baseDomain, uuid),
    service_token: newServiceToken(),
    entrypoint: input.entrypoint,
    port: input.port,
    job_type: input.job_type,
    resources: { ...input.resources },
    env: { ...input.env },
    backup_interval_hours: input.backup_interval_hours,
    review_passed: input.agent_uuid !== null,
    qa_passed: input.agent_uuid !== null,
    currency: CURRENCY,
    hourly_rate: HOURLY_RATE,
    created_at: input.at,
    updated_at: input.at,
    agent_uuid: input.agent_uuid,
    revision: 1,
    life,
    files: input.files,
    logs: [],
    next_log_seq: 1,
    logged_until: input.at,
  };
  appendLog(app, input.at, 'system', `Deploying app from ${input.files.length} files; entrypoint "${input.entrypoint}" on port ${input.port}`);
  return app;
}

/** The lines an app writes when it comes up; the second one shows the service token (masked on read). */
export function logStartup(app: BuilderAppRecord, at: Date): void {
  appendLog(app, at, 'stdout', `> ${app.entrypoint}`);
  appendLog(app, at, 'stdout', `Connecting to the platform API with SERVICE_TOKEN=${app.service_token}`);
  appendLog(app, at, 'stdout', `Listening on 0.0.0.0:${app.port}`);
  appendLog(app, at, 'system', `App is running; preview at ${app.preview_url}`);
}
