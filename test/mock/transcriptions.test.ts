// Transcriptions (published API: POST /api/v1/transcriptions, GET /api/v1/transcriptions/{uuid},
// GET /api/v1/transcriptions/{uuid}/transcript): a submission by URL or base64 file becomes a job
// `pending`, then `processing`, then `completed` (or `failed` for unreadable audio) on the mock's
// clock; every field sent is read back (the callback token only as `has_webhook_header_token`),
// the contact matched by phone then email, the member by email, the default coaching agent when
// none is named; the transcript exists once completed (409 before, and for a failed job), is the
// same for the same audio, and scores each metric as {value, confidence, reason}; the callback URL
// gets the transcript as a delivery in the webhooks feed at the completion instant.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PENDING_MS, PROCESSING_MS } from '../../mock/resources/transcriptions/machine.ts';
import type { ResponseBody } from '../support/contract.ts';
import { type Harness, startHarness, T0, TRANSPORTS } from '../support/harness.ts';
import { expectShapeB } from '../support/shape-b.ts';

type Job = ResponseBody<'createTranscription', 201>['data'];
type Transcript = ResponseBody<'getTranscriptionTranscript', 200>['data'];
type Feed = ResponseBody<'listWebhookDeliveryLogs', 200>['data'];

const JONAS = { uuid: '325b55dd-7857-4976-ba12-917c1a26f889', phone: '+4915112345678' };
const ANNA = { uuid: '9fc2d0a1-7b8f-4ab5-b451-d0135675f6ad', email: 'anna.mueller@example.de' };
const MARIA = { uuid: '90c192cf-d3ac-44af-8f21-ddb66cad4a26', email: 'maria.schneider@acme.example' };
const DEFAULT_COACH = '67e8f96d-b285-4297-a2d4-f1f0dee8c543';
const OTHER_COACH = '61ad556b-ba7b-4790-b6b4-42071199ad26';
const FIXTURE_COMPLETED = '4c7d2e9a-1b3f-4a6c-8d5e-0f2a4b6c8d1e';
const FIXTURE_FAILED = '8e1f3a5c-7d9b-4e2a-b6c8-1d3f5a7c9e2b';
const GLOBEX_JOB = '2a4c6e8f-0b1d-4f3a-9c5e-7a9b1c3d5e7f';
const WAV = 'UklGRiQAAABXQVZFZm10IBAAAAABAAEAQB8AAIA+AAACABAAZGF0YQAAAAA=';

describe.each(TRANSPORTS)('transcriptions over %s', (transport) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(transport);
  });
  afterAll(() => h.close());
  beforeEach(async () => {
    h.mock.store.load(h.mock.fixtures);
    h.clock.freeze(T0);
    await h.control('PUT', '/faults', { faults: [] });
  });

  async function submit(json: Record<string, unknown>): Promise<Job> {
    const res = await h.call('POST', '/api/v1/transcriptions', { json });
    expect(res.status, res.text).toBe(201);
    const body = res.json<ResponseBody<'createTranscription', 201>>();
    expect(body).toMatchObject({ success: true, message: 'Transcription request submitted successfully' });
    return body.data;
  }
  async function read(uuid: string): Promise<Job> {
    const res = await h.call('GET', `/api/v1/transcriptions/${uuid}`);
    expect(res.status, res.text).toBe(200);
    return res.json<ResponseBody<'getTranscription', 200>>().data;
  }
  async function transcript(uuid: string): Promise<Transcript> {
    const res = await h.call('GET', `/api/v1/transcriptions/${uuid}/transcript`);
    expect(res.status, res.text).toBe(200);
    const body = res.json<ResponseBody<'getTranscriptionTranscript', 200>>();
    expect(body.message).toBe('');
    return body.data;
  }
  const stored = () => h.mock.store.get('acme')?.state.transcriptions ?? [];
  async function deliveries(): Promise<Feed['data']> {
    const res = await h.call('GET', '/api/v1/logs/webhooks', { query: { per_page: '100', event: 'voice_evaluation' } });
    expect(res.status, res.text).toBe(200);
    return res.json<ResponseBody<'listWebhookDeliveryLogs', 200>>().data.data;
  }

  it('submits by URL: pending, with every field sent read back and the contact, member and default coach matched', async () => {
    const job = await submit({
      voice_url: 'https://recordings.example.com/2026/12/call-77.mp3',
      possible_language: 'en',
      possible_conversation: 'Support call',
      reference_id: 'CALL-77',
      customer_voice_url: 'https://recordings.example.com/voices/jonas.mp3',
      email: MARIA.email,
      customer_phone: '4915112345678',
      customer_email: ANNA.email,
      webhook_url: 'https://hooks.example.com/t',
      webhook_header_token: 'secret-token-1',
      qa_agent_uuid: '153580ac-af27-4c77-aa59-02e9f9b8fe1a',
    });
    expect(job).toMatchObject({
      reference_id: 'CALL-77',
      status: 'pending',
      voice_url: 'https://recordings.example.com/2026/12/call-77.mp3',
      voice_file: null,
      possible_language: 'en',
      possible_conversation: 'Support call',
      customer_voice_url: 'https://recordings.example.com/voices/jonas.mp3',
      email: MARIA.email,
      user_uuid: MARIA.uuid,
      customer_phone: '4915112345678',
      customer_email: ANNA.email,
      // By phone first (the leading + optional), although the email names another contact.
      contact_uuid: JONAS.uuid,
      webhook_url: 'https://hooks.example.com/t',
      has_webhook_header_token: true,
      qa_agent_uuid: '153580ac-af27-4c77-aa59-02e9f9b8fe1a',
      coaching_agent_uuid: DEFAULT_COACH,
      processed_at: null,
      error: null,
    });
    expect(job.s3_file_path).toBe(`transcriptions/${job.uuid}.mp3`);
    expect(job.s3_file_url).toMatch(new RegExp(`^https://acme\\..+/media/transcriptions/${job.uuid}\\.mp3$`));
    expect(JSON.stringify(job)).not.toContain('secret-token-1');
    expect(await read(job.uuid)).toEqual(job);
  });

  it('matches the contact by email when no contact has the phone, and keeps a named coaching agent', async () => {
    const job = await submit({ voice_url: 'https://r.example.com/a.wav', customer_phone: '+10000000000', customer_email: ANNA.email.toUpperCase(), coaching_agent_uuid: OTHER_COACH });
    expect(job).toMatchObject({ contact_uuid: ANNA.uuid, coaching_agent_uuid: OTHER_COACH, user_uuid: null, has_webhook_header_token: false });
  });

  it('takes a base64 file: its name, media type and size are kept, not its content', async () => {
    const job = await submit({ voice_file: { filename: 'voicemail.wav', content: WAV }, reference_id: 'VM-1' });
    expect(job.voice_file).toEqual({ filename: 'voicemail.wav', mime_type: 'audio/wav', size_bytes: 44 });
    expect(job.voice_url).toBeNull();
    expect(job.s3_file_path).toBe(`transcriptions/${job.uuid}.wav`);
    expect(JSON.stringify(stored())).not.toContain(WAV);
  });

  it('runs pending → processing → completed on the clock, with updated_at and processed_at', async () => {
    const job = await submit({ voice_url: 'https://r.example.com/progress.mp3' });
    h.clock.advance(PENDING_MS - 1);
    expect((await read(job.uuid)).status).toBe('pending');
    h.clock.advance(1);
    const processing = await read(job.uuid);
    expect(processing.status).toBe('processing');
    expect(Date.parse(processing.updated_at as string)).toBe(T0 + PENDING_MS);
    h.clock.advance(PROCESSING_MS);
    const done = await read(job.uuid);
    expect(done).toMatchObject({ status: 'completed', error: null });
    expect(Date.parse(done.processed_at as string)).toBe(T0 + PENDING_MS + PROCESSING_MS);
    expect(done.updated_at).toBe(done.processed_at);
  });

  it('has no transcript before completion (409), then the published transcript with messages and evaluations', async () => {
    const job = await submit({ voice_url: 'https://r.example.com/billing.mp3', reference_id: 'B-1' });
    const early = await h.call('GET', `/api/v1/transcriptions/${job.uuid}/transcript`);
    expectShapeB(early, 409, 'CONFLICT');
    expect(early.text).toContain('pending');
    h.clock.advance(PENDING_MS + PROCESSING_MS);
    const t = await transcript(job.uuid);
    expect(t).toMatchObject({ id: job.uuid, reference_id: 'B-1', status: 'completed', coaching_agent_uuid: DEFAULT_COACH, qa_agent_uuid: null, session: { type: 'voice', status: 'completed' } });
    expect(t.conversation.messages.length).toBeGreaterThan(2);
    expect(t.conversation.messages.every((m) => ['Customer', 'Agent'].includes(m.role) && m.content.length > 0)).toBe(true);
    expect(t.conversation.plain).toBe(t.conversation.messages.map((m) => `${m.role}: ${m.content}`).join('\n'));
    expect(Object.keys(t.evaluations)).toEqual(expect.arrayContaining(['sentiment', 'emotion', 'intent', 'satisfaction', 'success', 'human_escalation']));
    for (const metric of Object.values(t.evaluations)) {
      expect(metric.confidence).toBeGreaterThanOrEqual(0);
      expect(metric.confidence).toBeLessThanOrEqual(1);
      expect(typeof metric.reason).toBe('string');
    }
    expect(t.timestamp).toBe(Math.floor(Date.parse(t.processed_at) / 1000));
    // The same on every read.
    expect(await transcript(job.uuid)).toEqual(t);
  });

  it('derives the transcript from the audio: the same audio gives the same turns, under another job', async () => {
    const a = await submit({ voice_url: 'https://r.example.com/same.mp3' });
    const b = await submit({ voice_url: 'https://r.example.com/same.mp3', reference_id: 'again' });
    h.clock.advance(PENDING_MS + PROCESSING_MS);
    const [ta, tb] = [await transcript(a.uuid), await transcript(b.uuid)];
    expect(tb.conversation.messages).toEqual(ta.conversation.messages);
    expect(tb.evaluations).toEqual(ta.evaluations);
    expect(tb.conversation.id).not.toBe(ta.conversation.id);
    expect(tb.session.id).not.toBe(ta.session.id);
  });

  it('fails unreadable audio: failed with its error, and no transcript (409)', async () => {
    const job = await submit({ voice_file: { filename: 'unreadable-noise.wav', content: WAV }, webhook_url: 'https://hooks.example.com/f' });
    h.clock.advance(PENDING_MS + PROCESSING_MS);
    const done = await read(job.uuid);
    expect(done).toMatchObject({ status: 'failed', processed_at: null });
    expect(done.error).toMatch(/decoded/);
    const res = await h.call('GET', `/api/v1/transcriptions/${job.uuid}/transcript`);
    expectShapeB(res, 409, 'CONFLICT');
    expect(res.text).toContain('failed');
  });

  it('refuses a submission without audio, with both forms, or with an unknown coaching agent (422, nothing stored)', async () => {
    const before = stored().length;
    expectShapeB(await h.call('POST', '/api/v1/transcriptions', { json: { reference_id: 'x' } }), 422, 'VALIDATION_ERROR', 'voice_file');
    expectShapeB(await h.call('POST', '/api/v1/transcriptions', { json: { voice_url: null, voice_file: null } }), 422, 'VALIDATION_ERROR', 'voice_file');
    expectShapeB(
      await h.call('POST', '/api/v1/transcriptions', { json: { voice_url: 'https://r.example.com/a.mp3', voice_file: { filename: 'a.mp3', content: WAV } } }),
      422,
      'VALIDATION_ERROR',
      'voice_url',
    );
    expectShapeB(
      await h.call('POST', '/api/v1/transcriptions', { json: { voice_url: 'https://r.example.com/a.mp3', coaching_agent_uuid: '00000000-0000-4000-8000-000000000000' } }),
      422,
      'VALIDATION_ERROR',
      'coaching_agent_uuid',
    );
    const badLanguage = await h.call('POST', '/api/v1/transcriptions', { json: { voice_url: 'https://r.example.com/a.mp3', possible_language: 'english-uk-x' } });
    expect(badLanguage.status).toBe(422);
    const badUrl = await h.call('POST', '/api/v1/transcriptions', { json: { voice_url: 'not a url' } });
    expect(badUrl.status).toBe(422);
    const unknownField = await h.call('POST', '/api/v1/transcriptions', { json: { voice_url: 'https://r.example.com/a.mp3', language: 'en' } });
    expect(unknownField.status).toBe(422);
    const multipart = await h.call('POST', '/api/v1/transcriptions', { body: 'voice_url=https://r.example.com/a.mp3', headers: { 'content-type': 'multipart/form-data; boundary=x' } });
    expect(multipart.status).toBe(415);
    expect(stored().length).toBe(before);
  });

  it('reads 404 for an unknown transcription and for another workspace’s, 422 for a malformed uuid', async () => {
    expectShapeB(await h.call('GET', '/api/v1/transcriptions/00000000-0000-4000-8000-000000000000'), 404, 'RESOURCE_NOT_FOUND');
    expectShapeB(await h.call('GET', `/api/v1/transcriptions/${GLOBEX_JOB}`), 404, 'RESOURCE_NOT_FOUND');
    expectShapeB(await h.call('GET', `/api/v1/transcriptions/${GLOBEX_JOB}/transcript`), 404, 'RESOURCE_NOT_FOUND');
    expectShapeB(await h.call('GET', '/api/v1/transcriptions/not-a-uuid'), 422, 'INVALID_UUID');
    expect((await h.call('GET', `/api/v1/transcriptions/${GLOBEX_JOB}`, { tenant: 'globex' })).status).toBe(200);
  });

  it('serves the fixture jobs: a completed one with its transcript, a failed one without', async () => {
    const done = await read(FIXTURE_COMPLETED);
    expect(done).toMatchObject({ status: 'completed', contact_uuid: JONAS.uuid, has_webhook_header_token: true });
    expect((await transcript(FIXTURE_COMPLETED)).conversation.messages.length).toBeGreaterThan(0);
    expect(await read(FIXTURE_FAILED)).toMatchObject({ status: 'failed', voice_file: { filename: 'voicemail-0313-unreadable.wav' } });
  });

  describe('the callback', () => {
    it('is recorded in the webhooks feed at completion, with the transcript and the token as a masked bearer', async () => {
      const job = await submit({ voice_url: 'https://r.example.com/cb.mp3', webhook_url: 'https://hooks.example.com/cb', webhook_header_token: 'cb-token-9' });
      h.clock.advance(PENDING_MS + PROCESSING_MS - 1);
      expect((await deliveries()).filter((d) => d.destination === 'https://hooks.example.com/cb')).toEqual([]);
      h.clock.advance(1);
      const rows = (await deliveries()).filter((d) => d.destination === 'https://hooks.example.com/cb');
      expect(rows).toHaveLength(1);
      const [row] = rows;
      expect(row).toMatchObject({ event: 'voice_evaluation', status: 'delivered', attempt: 1 });
      expect(Date.parse(row?.created_at as string)).toBe(T0 + PENDING_MS + PROCESSING_MS);
      expect(row?.headers.Authorization).toBe('***');
      const payload = row?.payload as unknown as { event: string; data: Transcript };
      expect(payload.event).toBe('voice_evaluation');
      expect(payload.data).toEqual(await transcript(job.uuid));
      expect(JSON.stringify(rows)).not.toContain('cb-token-9');
    });

    it('records nothing for a failed job or a job without webhook_url', async () => {
      await submit({ voice_url: 'https://r.example.com/unreadable.mp3', webhook_url: 'https://hooks.example.com/failed' });
      await submit({ voice_url: 'https://r.example.com/quiet.mp3' });
      h.clock.advance(PENDING_MS + PROCESSING_MS);
      const rows = await deliveries();
      expect(rows.filter((d) => d.destination === 'https://hooks.example.com/failed')).toEqual([]);
      // The fixture's completed job with a callback has its one delivery.
      expect(rows.filter((d) => d.destination === 'https://hooks.acme.example/transcriptions')).toHaveLength(1);
    });
  });

  describe('faults', () => {
    it('transcription-never-completes keeps a job processing, without a transcript', async () => {
      await h.control('PUT', '/faults', { faults: ['transcription-never-completes'] });
      const job = await submit({ voice_url: 'https://r.example.com/stuck.mp3' });
      h.clock.advance(3_600_000);
      expect((await read(job.uuid)).status).toBe('processing');
      expect((await h.call('GET', `/api/v1/transcriptions/${job.uuid}/transcript`)).status).toBe(409);
    });

    it('transcription-transcript-empty completes a job with no messages', async () => {
      await h.control('PUT', '/faults', { faults: ['transcription-transcript-empty'] });
      const job = await submit({ voice_url: 'https://r.example.com/empty.mp3' });
      h.clock.advance(PENDING_MS + PROCESSING_MS);
      expect((await transcript(job.uuid)).conversation).toMatchObject({ plain: '', messages: [] });
    });

    it('transcription-callback-unlogged leaves the callback out of the feed', async () => {
      await h.control('PUT', '/faults', { faults: ['transcription-callback-unlogged'] });
      await submit({ voice_url: 'https://r.example.com/cb2.mp3', webhook_url: 'https://hooks.example.com/cb2' });
      h.clock.advance(PENDING_MS + PROCESSING_MS);
      expect((await deliveries()).filter((d) => d.destination === 'https://hooks.example.com/cb2')).toEqual([]);
    });
  });
});
