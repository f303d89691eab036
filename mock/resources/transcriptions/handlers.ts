// Transcriptions: the submission (a job on the mock clock, machine.ts), the read of a job and its
// transcript (transcript.ts), declared as a collection (shared/collection.ts) for the create and
// the read; the transcript of a job that has not completed is a 409 naming its status. The
// callback a job's `webhook_url` gets is derived into the webhooks feed (callback.ts).
import type { HandlerGroup } from '../../core/handler.ts';
import { errors } from '../../pipeline/api-error.ts';
import type { Schemas } from '../../state/workspace.ts';
import { type Collection, type CollectionContext, collectionHandlers, findRecord } from '../shared/collection.ts';
import { changedAt, finishedAt, statusAt } from './machine.ts';
import type { TranscriptionRecord } from './record.ts';
import { submitTranscription } from './submit.ts';
import { transcriptOf } from './transcript.ts';

type View = Schemas['Transcription'];

/** The fault that keeps every job processing for ever. */
const neverCompletes = (ctx: CollectionContext): boolean => ctx.faults.has('transcription-never-completes');

export function transcriptionView(job: TranscriptionRecord, ctx: CollectionContext): View {
  const { failure: _failure, webhook_header_token, ...kept } = job;
  const status = statusAt(job, ctx.now, neverCompletes(ctx));
  return {
    ...kept,
    status,
    updated_at: changedAt(job, ctx.now, neverCompletes(ctx)),
    processed_at: status === 'completed' ? finishedAt(job) : null,
    error: status === 'failed' ? job.failure : null,
    has_webhook_header_token: webhook_header_token !== null,
  };
}

export const transcriptions: Collection<TranscriptionRecord, View> = {
  noun: 'Transcription',
  records: (ws) => ws.transcriptions,
  view: transcriptionView,
  create: (body: never, ctx) => submitTranscription(body, ctx),
  messages: { create: 'Transcription request submitted successfully', read: 'Transcription retrieved successfully' },
};

const derived = collectionHandlers(transcriptions, { create: 'createTranscription', read: 'getTranscription' });

export const transcriptionHandlers = {
  createTranscription: derived.createTranscription as NonNullable<HandlerGroup['createTranscription']>,
  getTranscription: derived.getTranscription as NonNullable<HandlerGroup['getTranscription']>,

  getTranscriptionTranscript: (ctx) => {
    const job = findRecord(transcriptions, ctx);
    const status = statusAt(job, ctx.now, neverCompletes(ctx));
    if (status !== 'completed') {
      const why = status === 'failed' ? `it failed: ${job.failure}` : `it is ${status}; retry once its status is completed`;
      throw errors.conflict('Transcript not available', `Transcription ${job.uuid} has no transcript: ${why}`);
    }
    return { status: 200, body: { success: true, message: '', data: transcriptOf(job, ctx.faults.has('transcription-transcript-empty')) } };
  },
} satisfies HandlerGroup;
