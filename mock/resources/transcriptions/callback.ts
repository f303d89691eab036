// The callback of a completed job (published: the `webhook_url` receives the completed transcript,
// the session identifiers, the evaluation results and the processed timestamp; the token is sent
// as `Authorization: Bearer <token>`). The mock never calls out: like the evaluations derived from
// the clock (logs/derived-deliveries.ts), the delivery is derived when the webhooks feed is read,
// at the job's completion instant, as `{event: "voice_evaluation", data: <the transcript>}`, with
// the destination's simulated response. A failed job sends nothing. The fault
// `transcription-callback-unlogged` leaves the deliveries out of the feed.
import type { FaultPlan } from '../../pipeline/faults.ts';
import type { WorkspaceState } from '../../state/workspace.ts';
import { deliveryRecord, type SimulatedResponse } from '../agents/webhook-dispatch.ts';
import { derivedUuid } from '../agents/webhook-payload.ts';
import type { WebhookDeliveryRecord } from '../logs/records.ts';
import { finishedAt, statusAt } from './machine.ts';
import { transcriptOf } from './transcript.ts';

export function transcriptionCallbacks(ws: WorkspaceState, now: Date, response: SimulatedResponse, faults: FaultPlan): WebhookDeliveryRecord[] {
  if (faults.has('transcription-callback-unlogged')) return [];
  const rows: WebhookDeliveryRecord[] = [];
  for (const job of ws.transcriptions) {
    if (job.webhook_url === null || statusAt(job, now, faults.has('transcription-never-completes')) !== 'completed') continue;
    const payload = { event: 'voice_evaluation', data: transcriptOf(job, faults.has('transcription-transcript-empty')) };
    // The destination is the job's URL, not an agent webhook: deliveryRecord reads only its url and (absent) secret.
    const destination = { url: job.webhook_url, secret_key: null } as unknown as WorkspaceState['agent_webhooks'][number];
    const row = deliveryRecord(destination, 'voice_evaluation', payload, finishedAt(job).getTime(), derivedUuid('transcription-callback', job.uuid), response);
    if (job.webhook_header_token !== null) row.headers = { ...row.headers, Authorization: `Bearer ${job.webhook_header_token}` };
    rows.push(row);
  }
  return rows;
}
