// What a task created through POST /api/v1/tasks keeps beside the fields every task has
// (listings/records.ts, ListingTaskRecord): the request's fields as sent (published), and its
// runs. Its status is not stored: it follows from these instants and the clock (machine.ts).
import type { Schemas } from '../../state/workspace.ts';

export type TaskType = Schemas['TaskType'];
export type TaskStatus = Schemas['TaskStatus'];

/** One attempt: started by the runner (runner.ts) once the task is queued. */
export interface TaskRun {
  /** When the runner started it (at most 5 a second per workspace). */
  dispatched_at: Date;
  /** When it goes out: the call dials, the message is handed over (the sending queue's time). */
  start_at: Date;
  /** When it ends (a call's end moves earlier when the call is hung up). */
  end_at: Date;
  outcome: 'completed' | 'failed';
  failure_reason: string | null;
  call_uuid: string | null;
  message_uuid: string | null;
  conversation_uuid: string | null;
}

export interface TaskDetails {
  type: TaskType;
  agent_uuid: string;
  /** The description as sent (the record's own `description` is the action log's line). */
  description: string | null;
  timezone: string | null;
  scheduled_at: Date;
  expires_at: Date | null;
  max_attempts: number;
  task_data: Record<string, unknown> | null;
  metadata: Record<string, unknown> | null;
  auto_queue: boolean;
  /** Held by an update (`status: on_hold`): it does not queue itself while held. */
  on_hold: boolean;
  /** When the queue action, a retry or an update queued it (auto-queue needs none: `scheduled_at`). */
  queued_at: Date | null;
  /** Its attempts, the latest last. */
  runs: TaskRun[];
}

/** The published types that reach a channel, and the n8n node's older names for them. */
export const CALL_TYPES: ReadonlySet<string> = new Set(['make_call']);
export const MESSAGE_TYPES: ReadonlySet<string> = new Set(['send_message']);
export const LEGACY_TYPES: Readonly<Record<string, TaskType>> = { call: 'make_call', message: 'send_message' };

export const DEFAULT_PRIORITY = 5;
