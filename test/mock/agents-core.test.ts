// Agents themselves over HTTP: a create with nested sections (published: create-an-agent), the
// single read (inferred), the partial update (published: update-an-agent), the appointment
// settings replace (published: its `{data}` answer) and the website job on the mock clock
// (published body; the job and its read are inferred). Bad input is a 422 with nothing written,
// an unknown agent a 404 in Shape A, and each rule's fault breaks it.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PENDING_MS, PROCESSING_MS } from '../../mock/resources/agents/website-job.ts';
import type { ResponseBody } from '../support/contract.ts';
import { type Harness, startHarness, T0, TRANSPORTS } from '../support/harness.ts';

type AgentBody = ResponseBody<'createAgent', 201>['data'];
type Job = ResponseBody<'createAgentFromWebsite', 201>['data'];

const AGENTS = '/api/v1/agents';
const RECEPTION = 'f47aebdd-597a-4ecf-bcf0-0fecb91ee9e5';
const SCHEDULE = 'c1528436-bc23-4a57-9447-819f2a780391';
const OTHER_SCHEDULE = '7d3b9e2a-4c61-4f0e-8a5d-2b6c1e9f0a37';
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

const FULL = {
  name: 'Sales Agent',
  role: 'Inbound sales',
  status: 'pending',
  language: 'en',
  speed: 'normal',
  timezone: 'Europe/Istanbul',
  settings: { voice: { voice_name: 'Ada' }, text: {} },
  guidelines: [
    { content: 'Second', order: 1 },
    { content: 'First', order: 0 },
  ],
  notes: [{ content: 'Closed on Sundays.', order: 0 }],
  procedures: [
    {
      name: 'Book a demo',
      description: 'When the customer asks for a demo.',
      steps: [
        { order: 2, description: 'Offer a slot.' },
        { order: 1, description: 'Ask for the company.', intent_uuid: null },
      ],
    },
  ],
  training: [{ content: 'Is there a free plan?', intent: 'pricing', response: 'A 14-day trial.' }],
  appointments: { enabled: true, random_assignment: true, schedule_assignments: [{ schedule_uuid: SCHEDULE, priority: 'primary', status: 'active', slot_rules: { offer_slots_from: '3_hours' } }] },
  routing_rules: [{ detection_mode: 'exact', trigger_keyword: 'billing', department_name: 'Billing' }],
};

describe.each(TRANSPORTS)('agents core over %s', (transport) => {
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

  async function create(json: unknown): Promise<AgentBody> {
    const res = await h.call('POST', AGENTS, { json });
    expect(res.status, res.text).toBe(201);
    return res.json<ResponseBody<'createAgent', 201>>().data;
  }
  async function listed(): Promise<AgentBody[]> {
    const res = await h.call('GET', AGENTS);
    expect(res.status, res.text).toBe(200);
    return res.json<ResponseBody<'listAgents', 200>>().data.items;
  }

  it('creates an agent with its sections, ordered, and reads it back alone and in the list', async () => {
    const agent = await create(FULL);
    expect(agent).toMatchObject({ name: 'Sales Agent', role: 'Inbound sales', status: 'pending', language: 'en', appointment_scheduling_enabled: true, appointment_scheduling_randomly: true });
    expect(agent.settings).toEqual({ voice: { voice_name: 'Ada' }, text: {}, memorize: {}, evaluation: {} });
    expect(agent.guidelines?.map((g) => g.content)).toEqual(['First', 'Second']);
    expect(agent.notes?.[0]).toMatchObject({ content: 'Closed on Sundays.', order: 0 });
    expect(agent.procedures?.[0]?.steps.map((s) => s.description)).toEqual(['Ask for the company.', 'Offer a slot.']);
    expect(agent.training?.[0]).toMatchObject({ content: 'Is there a free plan?', intent: 'pricing', response: 'A 14-day trial.' });
    expect(agent.schedule_assignments).toEqual(FULL.appointments.schedule_assignments);
    expect(agent.routing_rules?.[0]).toMatchObject({ detection_mode: 'exact', trigger_keyword: 'billing', department_name: 'Billing', priority: 1 });
    const read = await h.call('GET', `${AGENTS}/${agent.agent_uuid}`);
    expect(read.status).toBe(200);
    expect(read.json<ResponseBody<'getAgent', 200>>().data).toEqual(agent);
    expect((await listed()).find((a) => a.agent_uuid === agent.agent_uuid)).toEqual(agent);
  });

  it('creates a minimal agent with defaults', async () => {
    const agent = await create({ name: 'Plain' });
    expect(agent).toMatchObject({ name: 'Plain', status: 'pending', description: null, appointment_scheduling_enabled: false, guidelines: [], notes: [], procedures: [], training: [], schedule_assignments: [] });
  });

  it('refuses bad create bodies with 422 and stores nothing', async () => {
    const before = (await listed()).length;
    for (const json of [
      {},
      { name: 42 },
      { name: 'X', guidelines: [{ order: 0 }] },
      { name: 'X', unknown_field: true },
      { name: 'X', appointments: { schedule_assignments: [{ schedule_uuid: UNKNOWN }] } },
      { name: 'X', routing_rules: [{ detection_mode: 'exact' }] },
    ]) {
      const res = await h.call('POST', AGENTS, { json });
      expect(res.status, JSON.stringify(json)).toBe(422);
    }
    expect((await listed()).length).toBe(before);
  });

  it('updates only the fields sent, replaces sections sent and merges settings groups', async () => {
    const agent = await create(FULL);
    const res = await h.call('PATCH', `${AGENTS}/${agent.agent_uuid}`, {
      json: { tone: 'Warm', guidelines: [{ content: 'Only one', order: 0 }], settings: { voice: { interaction: { customer_speak_first: false } } } },
    });
    expect(res.status, res.text).toBe(200);
    const updated = res.json<ResponseBody<'updateAgent', 200>>().data;
    expect(updated).toMatchObject({ name: 'Sales Agent', role: 'Inbound sales', tone: 'Warm' });
    expect(updated.guidelines?.map((g) => g.content)).toEqual(['Only one']);
    expect(updated.notes).toEqual(agent.notes);
    expect(updated.settings?.voice).toEqual({ voice_name: 'Ada', interaction: { customer_speak_first: false } });
    expect((await listed()).find((a) => a.agent_uuid === agent.agent_uuid)).toEqual(updated);
  });

  it('answers an unknown agent with 404 in Shape A and bad updates with 422, nothing written', async () => {
    for (const [method, path, json] of [
      ['GET', `${AGENTS}/${UNKNOWN}`, undefined],
      ['PATCH', `${AGENTS}/${UNKNOWN}`, { name: 'X' }],
      ['PUT', `${AGENTS}/${UNKNOWN}/appointments`, { enabled: true }],
    ] as const) {
      const res = await h.call(method, path, { json });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ success: false });
    }
    const before = (await listed()).find((a) => a.agent_uuid === RECEPTION);
    for (const json of [{}, { name: 7 }, { tone: 'x', guidelines: 'no' }]) {
      const res = await h.call('PATCH', `${AGENTS}/${RECEPTION}`, { json });
      expect(res.status, JSON.stringify(json)).toBe(422);
    }
    expect((await listed()).find((a) => a.agent_uuid === RECEPTION)).toEqual(before);
  });

  it('replaces appointment settings and assignments, answering {data}', async () => {
    const first = await h.call('PUT', `${AGENTS}/${RECEPTION}/appointments`, {
      json: { enabled: false, random_assignment: true, schedule_assignments: [{ schedule_uuid: SCHEDULE, name: 'Check-up' }] },
    });
    expect(first.status, first.text).toBe(200);
    const body = first.json<ResponseBody<'replaceAgentAppointments', 200>>();
    expect(Object.keys(body)).toEqual(['data']);
    expect(body.data).toMatchObject({ appointment_scheduling_enabled: false, appointment_scheduling_randomly: true, schedule_assignments: [{ schedule_uuid: SCHEDULE, name: 'Check-up' }] });
    const second = await h.call('PUT', `${AGENTS}/${RECEPTION}/appointments`, { json: { schedule_assignments: [{ schedule_uuid: OTHER_SCHEDULE }] } });
    const data = second.json<ResponseBody<'replaceAgentAppointments', 200>>().data;
    expect(data.schedule_assignments).toEqual([{ schedule_uuid: OTHER_SCHEDULE }]);
    expect(data.appointment_scheduling_randomly).toBe(true);
  });

  it('refuses an unknown schedule with 422 and keeps the old settings', async () => {
    await h.call('PUT', `${AGENTS}/${RECEPTION}/appointments`, { json: { enabled: true, schedule_assignments: [{ schedule_uuid: SCHEDULE }] } });
    const res = await h.call('PUT', `${AGENTS}/${RECEPTION}/appointments`, { json: { enabled: false, schedule_assignments: [{ schedule_uuid: OTHER_SCHEDULE }, { schedule_uuid: UNKNOWN }] } });
    expect(res.status).toBe(422);
    const agent = (await listed()).find((a) => a.agent_uuid === RECEPTION);
    expect(agent).toMatchObject({ appointment_scheduling_enabled: true, schedule_assignments: [{ schedule_uuid: SCHEDULE }] });
    const bad = await h.call('PUT', `${AGENTS}/${RECEPTION}/appointments`, { json: { enabled: 'yes' } });
    expect(bad.status).toBe(422);
  });

  it('runs a website job pending → processing → completed on the clock, then lists its agent', async () => {
    const res = await h.call('POST', `${AGENTS}/from-website`, { json: { source_url: 'https://www.example.com/docs', language: 'fr', analysis_prompt: 'Summarize pricing.' } });
    expect(res.status, res.text).toBe(201);
    const job = res.json<ResponseBody<'createAgentFromWebsite', 201>>().data;
    expect(job).toMatchObject({ status: 'pending', source_url: 'https://www.example.com/docs', language: 'fr', agent_uuid: null, completed_at: null });
    const read = async (): Promise<Job> => (await h.call('GET', `${AGENTS}/from-website/${job.job_uuid}`)).json<ResponseBody<'getAgentFromWebsiteJob', 200>>().data;
    const before = (await listed()).length;
    h.clock.advance(PENDING_MS);
    expect((await read()).status).toBe('processing');
    expect((await listed()).length).toBe(before);
    h.clock.advance(PROCESSING_MS);
    const done = await read();
    expect(done).toMatchObject({ status: 'completed' });
    expect(done.agent_uuid).toEqual(expect.any(String));
    expect(done.additional_analysis).toContain('example.com');
    const agent = (await listed()).find((a) => a.agent_uuid === done.agent_uuid);
    expect(agent).toMatchObject({ name: 'example.com assistant', language: 'fr' });
    expect((await listed()).length).toBe(before + 1);
  });

  it('needs source_url or analysis_prompt, and checks the body (422)', async () => {
    for (const json of [{}, { language: 'en' }, { source_url: 'not a url' }, { analysis_prompt: 'x'.repeat(4001) }, { source_url: 'https://a.example', search_country: 'turkey' }]) {
      const res = await h.call('POST', `${AGENTS}/from-website`, { json });
      expect(res.status, JSON.stringify(json)).toBe(422);
    }
    const prompt = await h.call('POST', `${AGENTS}/from-website`, { json: { analysis_prompt: 'Dental clinics in Izmir' } });
    expect(prompt.status).toBe(201);
    expect((await h.call('GET', `${AGENTS}/from-website/${UNKNOWN}`)).status).toBe(404);
  });

  describe('faults', () => {
    it('agent-create-drops-sections stores a new agent without its sections', async () => {
      await h.control('PUT', '/faults', { faults: ['agent-create-drops-sections'] });
      const agent = await create(FULL);
      expect(agent.guidelines).toEqual([]);
      expect(agent.procedures).toEqual([]);
    });
    it('agent-website-job-never-completes keeps the job processing', async () => {
      await h.control('PUT', '/faults', { faults: ['agent-website-job-never-completes'] });
      const res = await h.call('POST', `${AGENTS}/from-website`, { json: { source_url: 'https://example.com' } });
      const job = res.json<ResponseBody<'createAgentFromWebsite', 201>>().data;
      h.clock.advance(PENDING_MS + PROCESSING_MS + 60_000);
      const read = await h.call('GET', `${AGENTS}/from-website/${job.job_uuid}`);
      expect(read.json<ResponseBody<'getAgentFromWebsiteJob', 200>>().data).toMatchObject({ status: 'processing', agent_uuid: null });
    });
    it('agent-appointments-keeps-old appends the new assignments to the old', async () => {
      await h.control('PUT', '/faults', { faults: ['agent-appointments-keeps-old'] });
      await h.call('PUT', `${AGENTS}/${RECEPTION}/appointments`, { json: { schedule_assignments: [{ schedule_uuid: SCHEDULE }] } });
      const res = await h.call('PUT', `${AGENTS}/${RECEPTION}/appointments`, { json: { schedule_assignments: [{ schedule_uuid: OTHER_SCHEDULE }] } });
      expect(res.json<ResponseBody<'replaceAgentAppointments', 200>>().data.schedule_assignments).toHaveLength(2);
    });
  });
});
