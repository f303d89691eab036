// The lifecycle of a builder app as pure transitions: (lifecycle, event) → lifecycle | ApiError.
// Seed "What the service does" > Builders: "Lifecycle controls are start, stop and auto-stop"; "A
// running app has a public HTTPS preview URL that only resolves while it runs". The contract's
// BuilderStatus: create and start lead to `deploying`, then `running` or `failed`; stop (from
// `deploying` or `running`) and auto-stop (from `running`, after `auto_stop_interval` idle minutes)
// lead to `stopped`; start is allowed from `stopped` and `failed`. Runtime accrues only while running.
import { type ApiError, errors } from '../../pipeline/api-error.ts';
import type { BuilderStatus } from './app-record.ts';

export type DeployOutcome = 'running' | 'failed';

/** How a deploy ends, as the control API asks for it. */
export interface DeployPlan {
  status: DeployOutcome;
  after_ms?: number;
  reason?: string;
}

export interface AppLifecycle {
  status: BuilderStatus;
  /** While `deploying`: when the deploy ends and how. */
  deploy: { until: Date; outcome: DeployOutcome; reason: string | null } | null;
  running_since: Date | null;
  /** Running time of the periods that have ended. */
  runtime_ms: number;
  /** The last request the app received (or when it started running); auto-stop counts from here. */
  last_activity_at: Date | null;
  /** Idle minutes before auto-stop; 0 never. */
  auto_stop_interval: number;
  /** The control API's plan for the next deploy (consumed by it). */
  queued: DeployPlan | null;
  /** Why the app last failed. */
  failure: string | null;
}

/** The result a deploy would have by itself (the entrypoint check), and how long it takes. */
export interface DeployDefault {
  outcome: DeployOutcome;
  reason: string | null;
  after_ms: number;
}

export type AppEvent =
  | { type: 'start'; at: Date; deploy: DeployDefault }
  | { type: 'stop'; at: Date }
  | { type: 'deploy-finished'; at: Date }
  | { type: 'auto-stop'; at: Date }
  | { type: 'request'; at: Date }
  | { type: 'set-auto-stop'; at: Date; minutes: number }
  | { type: 'plan'; at: Date; plan: DeployPlan }
  | { type: 'replace'; at: Date };

/** A newly uploaded app: deploying from `at`. */
export function deployingLifecycle(at: Date, autoStop: number, deploy: DeployDefault): AppLifecycle {
  const idle: AppLifecycle = {
    status: 'stopped',
    deploy: null,
    running_since: null,
    runtime_ms: 0,
    last_activity_at: null,
    auto_stop_interval: autoStop,
    queued: null,
    failure: null,
  };
  return beginDeploy(idle, at, deploy);
}

/** An app a builder agent deployed: running from `at`. */
export function runningLifecycle(at: Date, autoStop: number): AppLifecycle {
  return {
    status: 'running',
    deploy: null,
    running_since: at,
    runtime_ms: 0,
    last_activity_at: at,
    auto_stop_interval: autoStop,
    queued: null,
    failure: null,
  };
}

function beginDeploy(life: AppLifecycle, at: Date, deploy: DeployDefault): AppLifecycle {
  const plan = life.queued;
  const outcome = plan?.status ?? deploy.outcome;
  const reason = plan ? (plan.reason ?? (outcome === 'failed' ? 'The app exited during start-up.' : null)) : deploy.reason;
  const after = plan?.after_ms ?? deploy.after_ms;
  return { ...life, status: 'deploying', deploy: { until: new Date(at.getTime() + after), outcome, reason }, queued: null };
}

function accrue(life: AppLifecycle, at: Date): number {
  if (life.status !== 'running' || !life.running_since) return life.runtime_ms;
  return life.runtime_ms + Math.max(0, at.getTime() - life.running_since.getTime());
}

/** The next transition the clock makes by itself, if any. */
export function due(life: AppLifecycle): { type: 'deploy-finished' | 'auto-stop'; at: Date } | undefined {
  if (life.status === 'deploying' && life.deploy) return { type: 'deploy-finished', at: life.deploy.until };
  if (life.status === 'running' && life.auto_stop_interval > 0 && life.last_activity_at) {
    return { type: 'auto-stop', at: new Date(life.last_activity_at.getTime() + life.auto_stop_interval * 60_000) };
  }
  return undefined;
}

export function transition(life: AppLifecycle, event: AppEvent): AppLifecycle | ApiError {
  switch (event.type) {
    case 'start':
      if (life.status === 'deploying' || life.status === 'running') {
        return errors.conflict(`App is already ${life.status}`, `Start needs a stopped or failed app; this one is ${life.status}.`);
      }
      return beginDeploy({ ...life, failure: null }, event.at, event.deploy);
    case 'stop':
      if (life.status === 'stopped' || life.status === 'failed') {
        return errors.conflict(`App is not running`, `Stop needs a deploying or running app; this one is ${life.status}.`);
      }
      return { ...life, status: 'stopped', deploy: null, runtime_ms: accrue(life, event.at), running_since: null };
    case 'deploy-finished': {
      if (life.status !== 'deploying' || !life.deploy) return life;
      if (life.deploy.outcome === 'failed') return { ...life, status: 'failed', deploy: null, failure: life.deploy.reason };
      return { ...life, status: 'running', deploy: null, running_since: event.at, last_activity_at: event.at };
    }
    case 'auto-stop':
      if (life.status !== 'running') return life;
      return { ...life, status: 'stopped', runtime_ms: accrue(life, event.at), running_since: null };
    case 'request':
      if (life.status !== 'running') return life;
      return { ...life, last_activity_at: event.at };
    case 'set-auto-stop': {
      // Not retroactive: on a running app the new interval counts from the change.
      const activity = life.status === 'running' ? event.at : life.last_activity_at;
      return { ...life, auto_stop_interval: event.minutes, last_activity_at: activity };
    }
    case 'plan':
      if (life.status === 'deploying' && life.deploy) {
        const reason = event.plan.reason ?? (event.plan.status === 'failed' ? 'The app exited during start-up.' : null);
        const until = new Date(event.at.getTime() + (event.plan.after_ms ?? 0));
        return { ...life, deploy: { until, outcome: event.plan.status, reason } };
      }
      return { ...life, queued: event.plan };
    case 'replace':
      // A rebuild replaced the code: the new version runs from `at`.
      return {
        ...life,
        status: 'running',
        deploy: null,
        runtime_ms: accrue(life, event.at),
        running_since: event.at,
        last_activity_at: event.at,
        failure: null,
      };
  }
}
