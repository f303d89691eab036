// Transcriptions (published API: POST /api/v1/transcriptions, GET /api/v1/transcriptions/{uuid},
// GET /api/v1/transcriptions/{uuid}/transcript). The suite submits a recording by URL with a
// callback and follows the job: it must complete within the polls, its transcript must then name
// the job and carry the recording's messages, and the callback must be recorded in the webhooks
// log feed with the transcript (seed "Events" 1: every outbound webhook delivery is logged).
import type { RuleCheck } from '../../record/rule.ts';

export const TRANSCRIPTION_COMPLETES: RuleCheck = {
  name: 'transcription-job-completes',
  rule: 'published API, transcriptions: a recording submitted by voice_url is transcribed asynchronously; the job completes and its transcript names it (id, reference_id), with status completed and the conversation\'s messages',
};

export const TRANSCRIPTION_CALLBACK: RuleCheck = {
  name: 'transcription-callback-logged',
  rule: 'published API, transcriptions: once the job completes, its webhook_url receives the transcript; seed "Events" 1: the delivery is recorded in the webhooks log feed with its destination and payload',
};

/** Polls of a job while it is pending or processing. */
export const POLLS = 30;
export const POLL_MS = 1_000;

/** A recording URL unique to a run (the service downloads it; the mock derives the transcript from it). */
export function recordingUrl(tag: string): string {
  return `https://example.com/conformance/recordings/${tag}.mp3`;
}

/** A callback URL unique to a run (a reserved domain: nothing answers there). */
export function callbackUrl(tag: string): string {
  return `https://example.com/conformance/transcriptions/${tag}`;
}
