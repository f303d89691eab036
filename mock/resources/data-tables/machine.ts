// Import and sync jobs on the mock clock (contract: `queued` -> `processing` -> `completed` or
// `failed`): a job is queued for QUEUED_MS after it is created, then processes for PROCESSING_MS.
// Pure: the status follows from the creation time and the instant asked about.
import type { Schemas } from '../../state/workspace.ts';

export type JobStatus = Schemas['DataTableJobStatus'];

export const QUEUED_MS = 1_000;
export const PROCESSING_MS = 3_000;

export function processingAt(createdAt: Date): Date {
  return new Date(createdAt.getTime() + QUEUED_MS);
}

export function finishedAt(createdAt: Date): Date {
  return new Date(createdAt.getTime() + QUEUED_MS + PROCESSING_MS);
}

export function jobStatusAt(createdAt: Date, fails: boolean, now: Date): JobStatus {
  if (now < processingAt(createdAt)) return 'queued';
  if (now < finishedAt(createdAt)) return 'processing';
  return fails ? 'failed' : 'completed';
}

/** When the job last changed status (its `updated_at`), as of `now`. */
export function jobChangedAt(createdAt: Date, now: Date): Date {
  if (now < processingAt(createdAt)) return createdAt;
  if (now < finishedAt(createdAt)) return processingAt(createdAt);
  return finishedAt(createdAt);
}

export function isRunning(status: JobStatus): boolean {
  return status === 'queued' || status === 'processing';
}
