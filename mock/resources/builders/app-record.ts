// A builder app as the mock keeps it: the fields of seed "Builder (app)" plus what the mock needs to
// run it on the clock (its lifecycle, files, environment and log). `toBuilder` renders the API's
// Builder, with `cost` accrued from the running time only (seed: "cost" with billing `accruing`)
// and the service token masked (seed: a secret; "Secrets ... are masked").
import type { Schemas } from '../../state/workspace.ts';
import type { AppLifecycle } from './machine.ts';

/** Where the mock serves previews: `/__preview/{uuid}/` on its own address. */
export const PREVIEW_PREFIX = '/__preview/';

export type Builder = Schemas['Builder'];
export type BuilderStatus = Schemas['BuilderStatus'];
export type LogStream = Schemas['BuilderLogStream'];
export type JobType = Builder['job_type'];
export type AppResources = Schemas['BuilderResources'];

export interface AppFile {
  /** Normalized path relative to the app root (`src/app.js`). */
  path: string;
  content: string;
}

export interface AppLogLine {
  /** Position in the app's log, from 1; cursors point at it. */
  seq: number;
  timestamp: Date;
  stream: LogStream;
  /** Stored as the app wrote it; secrets are masked when the log is read. */
  line: string;
}

export interface BuilderAppRecord {
  uuid: string;
  name: string;
  kind: string;
  preview_url: string;
  service_token: string;
  entrypoint: string;
  port: number;
  job_type: JobType;
  resources: AppResources;
  /** Variables the app's process gets besides PORT and SERVICE_TOKEN (never returned by the API). */
  env: Record<string, string>;
  backup_interval_hours: number;
  review_passed: boolean;
  qa_passed: boolean;
  currency: string;
  hourly_rate: number;
  created_at: Date;
  updated_at: Date;
  /** The builder agent conversation that built the app; null for uploaded apps. */
  agent_uuid: string | null;
  /** Version of the code: 1 at creation, +1 each time a rebuild replaces it. */
  revision: number;
  life: AppLifecycle;
  files: AppFile[];
  logs: AppLogLine[];
  next_log_seq: number;
  /** Instant up to which the periodic log lines of a running app were written. */
  logged_until: Date;
  /** The app's SSH access, its token in clear (masked in every read but the create and recreate answers); absent: none. */
  ssh?: { token: string; expires_at: Date } | null;
}

/** The published builder object's rate and currency (its example: EUR 0.1965 an hour). */
export const HOURLY_RATE = 0.1965;
export const CURRENCY = 'EUR';
/** The published create body's default `resources`: 1 vCPU, 1 GB memory, 3 GB disk. */
export const DEFAULT_RESOURCES: AppResources = { cpu: 1, memory: 1, disk: 3 };

/** How every answer shows the service token: `***` and its last four characters. */
export function maskToken(token: string): string {
  return `***${token.slice(-4)}`;
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/** Milliseconds the app has been running up to `now`. */
export function runtimeMs(life: AppLifecycle, now: Date): number {
  const current = life.status === 'running' && life.running_since ? Math.max(0, now.getTime() - life.running_since.getTime()) : 0;
  return life.runtime_ms + current;
}

/**
 * An app as answers show it. Its preview URL (public HTTPS, seed "What the service does" >
 * Builders) is on the host and port the request reached the mock at, which answers HTTPS too
 * (adapters/protocol-sniff.ts): `https://acme.localhost:4010/__preview/<uuid>/`.
 */
export function toBuilder(app: BuilderAppRecord, now: Date, host: string): Builder {
  const hours = runtimeMs(app.life, now) / 3_600_000;
  return {
    uuid: app.uuid,
    name: app.name,
    kind: app.kind,
    status: app.life.status,
    preview_url: `https://${host}${PREVIEW_PREFIX}${app.uuid}/`,
    service_token: maskToken(app.service_token),
    entrypoint: app.entrypoint,
    port: app.port,
    job_type: app.job_type,
    resources: { ...app.resources },
    auto_stop_interval: app.life.auto_stop_interval,
    backup_interval_hours: app.backup_interval_hours,
    review_passed: app.review_passed,
    qa_passed: app.qa_passed,
    cost: {
      currency: app.currency,
      hourly_rate: app.hourly_rate,
      runtime_hours: round(hours, 4),
      cost: round(app.hourly_rate * hours, 2),
      billing: 'accruing',
    },
    created_at: app.created_at,
    updated_at: app.updated_at,
  };
}
