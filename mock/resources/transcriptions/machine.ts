// A transcription job on the mock clock: `pending` for PENDING_MS after it is submitted, then
// `processing` for PROCESSING_MS, then `completed`, or `failed` when its audio cannot be read.
// Pure: the status follows from the creation time and the instant asked about. The fault
// `transcription-never-completes` keeps a job processing for ever.
import type { Schemas } from '../../state/workspace.ts';
import type { TranscriptionRecord } from './record.ts';

export type TranscriptionStatus = Schemas['TranscriptionStatus'];

export const PENDING_MS = 1_000;
export const PROCESSING_MS = 5_000;

export function processingAt(job: Pick<TranscriptionRecord, 'created_at'>): Date {
  return new Date(job.created_at.getTime() + PENDING_MS);
}

/** When the job completes or fails. */
export function finishedAt(job: Pick<TranscriptionRecord, 'created_at'>): Date {
  return new Date(job.created_at.getTime() + PENDING_MS + PROCESSING_MS);
}

export function statusAt(job: TranscriptionRecord, now: Date, neverCompletes = false): TranscriptionStatus {
  if (now < processingAt(job)) return 'pending';
  if (neverCompletes || now < finishedAt(job)) return 'processing';
  return job.failure === null ? 'completed' : 'failed';
}

/** When the job last changed status, as of `now`. */
export function changedAt(job: TranscriptionRecord, now: Date, neverCompletes = false): Date {
  const status = statusAt(job, now, neverCompletes);
  if (status === 'pending') return job.created_at;
  if (status === 'processing') return processingAt(job);
  return finishedAt(job);
}
