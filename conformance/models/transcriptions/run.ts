// Runs the transcription check (full mode: it submits a job): submit by URL with a reference and a
// callback, poll the job until it is no longer pending or processing (the clock moves on for a mock
// whose control API the suite knows), read the transcript, then find the callback in the webhooks
// feed by its destination.
import { randomUUID } from 'node:crypto';
import type { Answer } from '../../http/client.ts';
import { inconclusive, requireRule } from '../../record/rule.ts';
import { expectStatus, isSuccess } from '../../rules/verdicts.ts';
import { suite } from '../../suite/context.ts';
import { listOf, resourceOf, stringOf } from '../answer-fields.ts';
import type { Real } from '../model-kit.ts';
import { runScenario } from '../model-kit.ts';
import { passTime } from '../pass-time.ts';
import { callbackUrl, POLL_MS, POLLS, recordingUrl, TRANSCRIPTION_CALLBACK, TRANSCRIPTION_COMPLETES } from './model.ts';

const RUNNING = new Set(['pending', 'processing']);

interface Transcript {
  id: string;
  reference_id: string | null;
  status: string;
  conversation: { plain?: unknown; messages?: unknown };
}

async function awaitJob(real: Real, uuid: string): Promise<{ status: string | undefined; answer: Answer }> {
  const op = real.client.op('getTranscription');
  let answer = await real.client.send({ op, pathParams: { uuid } });
  let status = stringOf(op, answer, 'status');
  for (let poll = 1; poll < POLLS && status.ok && RUNNING.has(status.value); poll++) {
    await passTime(POLL_MS);
    answer = await real.client.send({ op, pathParams: { uuid } });
    status = stringOf(op, answer, 'status');
  }
  requireRule(TRANSCRIPTION_COMPLETES, op.operationId, expectStatus(answer, op, `reading transcription ${uuid}`, 200, undefined, 'inferred'), answer);
  return { status: status.ok ? status.value : undefined, answer };
}

async function checkTranscript(real: Real, uuid: string, reference: string): Promise<boolean> {
  const op = real.client.op('getTranscriptionTranscript');
  const answer = await real.client.send({ op, pathParams: { uuid } });
  requireRule(TRANSCRIPTION_COMPLETES, op.operationId, expectStatus(answer, op, `reading the transcript of completed transcription ${uuid}`, 200, undefined, 'published'), answer);
  const read = resourceOf<Transcript>(op, answer, ['id', 'status', 'conversation']);
  if (!read.ok) {
    inconclusive(TRANSCRIPTION_COMPLETES, op.operationId, read.reason, answer);
    return false;
  }
  const t = read.value;
  const messages = Array.isArray(t.conversation?.messages) ? t.conversation.messages : [];
  const problems = [
    t.id === uuid ? undefined : `its id is ${JSON.stringify(t.id)}, not the transcription's ${uuid}`,
    t.reference_id === reference ? undefined : `its reference_id is ${JSON.stringify(t.reference_id)}, not ${reference}`,
    t.status === 'completed' ? undefined : `its status is ${JSON.stringify(t.status)}, not completed`,
    messages.length > 0 ? undefined : 'its conversation has no messages',
    typeof t.conversation?.plain === 'string' && t.conversation.plain !== '' ? undefined : 'its conversation has no plain text',
  ].filter((p): p is string => p !== undefined);
  requireRule(TRANSCRIPTION_COMPLETES, op.operationId, problems.length === 0 ? true : { message: `the transcript of completed transcription ${uuid}: ${problems.join('; ')}`, part: 'published' }, answer);
  return true;
}

async function checkCallback(real: Real, uuid: string, destination: string): Promise<void> {
  const op = real.client.op('listWebhookDeliveryLogs');
  const answer = await real.client.send({ op, query: { per_page: '100' } });
  if (!isSuccess(answer)) return inconclusive(TRANSCRIPTION_CALLBACK, op.operationId, `the webhooks feed could not be read (${answer.response?.status ?? answer.transportError})`, answer);
  const page = listOf<{ destination: string; payload: unknown }>(op, answer, ['destination', 'payload']);
  if (!page.ok) return inconclusive(TRANSCRIPTION_CALLBACK, op.operationId, page.reason, answer);
  const rows = page.value.items.filter((row) => row.destination === destination);
  const carriesJob = (payload: unknown): boolean => JSON.stringify(payload ?? null).includes(uuid);
  const verdict =
    rows.length === 0
      ? { message: `no delivery to the callback ${destination} of completed transcription ${uuid} is in the webhooks feed`, part: 'published' as const }
      : rows.some((row) => carriesJob(row.payload))
        ? true
        : { message: `the delivery to ${destination} does not carry transcription ${uuid} in its payload`, part: 'published' as const };
  requireRule(TRANSCRIPTION_CALLBACK, op.operationId, verdict, answer);
}

export async function runTranscriptionCheck(): Promise<void> {
  const { client, target } = suite();
  const real: Real = { client, tokens: [target.workspaceToken] };
  const tag = randomUUID().slice(0, 8);
  const reference = `conformance-${tag}`;
  const destination = callbackUrl(tag);
  await runScenario(async () => {
    const op = client.op('createTranscription');
    const answer = await client.send({ op, json: { voice_url: recordingUrl(tag), reference_id: reference, possible_language: 'en', webhook_url: destination } });
    requireRule(TRANSCRIPTION_COMPLETES, op.operationId, expectStatus(answer, op, 'submitting a recording by voice_url', 201, undefined, 'inferred'), answer);
    const uuid = stringOf(op, answer, 'uuid');
    if (!uuid.ok) return inconclusive(TRANSCRIPTION_COMPLETES, op.operationId, uuid.reason, answer);
    const done = await awaitJob(real, uuid.value);
    if (done.status !== 'completed') {
      requireRule(TRANSCRIPTION_COMPLETES, 'getTranscription', { message: `transcription ${uuid.value} of a recording by URL is ${done.status ?? 'unread'} after ${POLLS} polls ${POLL_MS} ms apart, not completed`, part: 'published' }, done.answer);
      return;
    }
    if (await checkTranscript(real, uuid.value, reference)) await checkCallback(real, uuid.value, destination);
  });
}
