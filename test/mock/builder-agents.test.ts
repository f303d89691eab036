// Builder agent conversations over real HTTP, on a frozen mock clock the tests advance: the
// realistic default sequence, each deterministic outcome (prompt markers and the control API), and
// every transition of the state table, accepted and refused (seed "States and transitions" >
// Builder agent conversation).
import { describe, expect, it } from 'vitest';
import { builderAgentHelpers, expectConflict, useBuilderApi } from '../support/builder-api.ts';

const setup = useBuilderApi(Date.parse('2026-03-10T08:00:00Z'));
const { send, api, control, advance } = setup;
const { create, poll, conversationIn } = builderAgentHelpers(setup);

/** The uuids of a collection of the demo workspace acme (the fixtures), newest first. */
function demo(collection: 'builders' | 'builder_agents'): string[] {
  const records = setup.mock.store.get('acme')?.state[collection] ?? [];
  return [...records].sort((a, b) => b.created_at.getTime() - a.created_at.getTime()).map((r) => r.uuid);
}

describe('the realistic default sequence', () => {
  it('creates in processing, then gathering, awaiting_approval and deployed as the clock moves and the client acts', async () => {
    const created = await create('Build a dashboard of tomorrow\'s appointments with a WhatsApp reminder button.');
    const c = created.body.data;
    expect(c).toMatchObject({ status: 'processing', questions: [], builder: null, name: "Dashboard of tomorrow's appointments" });
    expect(c.created_at).toBe('2026-03-10T09:00:00+01:00');

    advance(3_999);
    expect((await poll(c.uuid)).body.data.status).toBe('processing');
    advance(1);
    const gathering = (await poll(c.uuid)).body.data;
    expect(gathering.status).toBe('gathering');
    expect(gathering.questions).toHaveLength(2);
    expect(gathering.updated_at).toBe('2026-03-10T09:00:04+01:00');

    const answered = await api('POST', `/builder-agents/${c.uuid}/answers`, { message: 'The front desk team. Store them in the table "Reminders".' });
    expect(answered.status).toBe(200);
    expect(answered.body).not.toHaveProperty('message');
    expect(answered.body.success).toBe(true);
    expect(answered.body.data).toMatchObject({ status: 'processing', questions: [] });

    advance(5_999);
    expect((await poll(c.uuid)).body.data.status).toBe('processing');
    advance(1);
    const plan = (await poll(c.uuid)).body.data;
    expect(plan.status).toBe('awaiting_approval');
    expect(plan.message).toContain('With your answers: The front desk team. Store them in the table "Reminders".');

    const approved = await api('POST', `/builder-agents/${c.uuid}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body).not.toHaveProperty('message');
    expect(approved.body.data.status).toBe('processing');
    expect(approved.body.data.builder).toBeNull();

    advance(15_000);
    const deployed = (await poll(c.uuid)).body.data;
    expect(deployed.status).toBe('deployed');
    expect(deployed.builder).toMatchObject({ status: 'running', kind: 'codebase', name: 'dashboard-of-tomorrow-s-appointments', review_passed: true, qa_passed: true });
    expect(deployed.builder.cost).toMatchObject({ currency: 'EUR', hourly_rate: 0.1965 });
    expect((await api('GET', `/builder-agents/${c.uuid}`)).body.message).toBe('Build conversation retrieved successfully');
    expect(deployed.builder.preview_url).toBe(`${setup.base.replace('http:', 'https:')}/__preview/${deployed.builder.uuid}/`);

    // The URL as handed out answers.
    const preview = await setup.fetchUrl(deployed.builder.preview_url);
    expect(preview.body).toContain(`<h1>${c.name}</h1>`);
    expect(preview.status).toBe(200);

    const listed = await api('GET', '/builders');
    expect(listed.body.data.data.map((b: { uuid: string }) => b.uuid)).toEqual([deployed.builder.uuid, ...demo('builders').filter((u) => u !== deployed.builder.uuid)]);
  });

  it('keeps further booleans of the create body (the published page cuts off their names) and refuses other extras', async () => {
    const res = await api('POST', '/builder-agents', { prompt: 'Watch my CRM for new leads every 5 minutes and expose them', auto_build: true, direct_deploy: false });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ status: 'processing', builder: null });
    const stored = setup.mock.store.get('acme')?.state.builder_agents.find((a) => a.uuid === res.body.data.uuid);
    expect(stored?.options).toEqual({ auto_build: true, direct_deploy: false });
    const plain = (await create('A quiz page')).body.data;
    expect(setup.mock.store.get('acme')?.state.builder_agents.find((a) => a.uuid === plain.uuid)).not.toHaveProperty('options');
    const text = await api('POST', '/builder-agents', { prompt: 'A quiz page', colour: 'blue' });
    expect(text.status).toBe(422);
    expect(text.body.error.field).toBe('colour');
  });

  it('uses the given name, and lists newest first with a status filter', async () => {
    const fixtures = demo('builder_agents');
    expect(fixtures.length).toBeGreaterThan(0);
    const first = (await create('First app [outcome:failed] [delay:10]', 'Alpha')).body.data;
    advance(1_000);
    const second = (await create('Second app', 'Beta')).body.data;
    expect(first.name).toBe('Alpha');
    const all = await api('GET', '/builder-agents');
    const { data: items, ...paging } = all.body.data;
    expect(items.map((c: { uuid: string }) => c.uuid)).toEqual([second.uuid, first.uuid, ...fixtures]);
    const total = fixtures.length + 2;
    expect(paging).toEqual({ current_page: 1, last_page: 1, per_page: 15, total });
    const failed = await api('GET', '/builder-agents?status=failed');
    expect(failed.body.data.data.map((c: { uuid: string }) => c.uuid)).toEqual([first.uuid]);
    const secondPage = await api('GET', '/builder-agents?per_page=1&page=2');
    expect(secondPage.body.data).toMatchObject({ current_page: 2, last_page: total, per_page: 1, total });
    expect(secondPage.body.data.data.map((c: { uuid: string }) => c.uuid)).toEqual([first.uuid]);
  });
});

describe('deterministic outcomes', () => {
  it.each(['gathering', 'awaiting_approval', 'deployed', 'failed'])('the prompt marker [outcome:%s] ends processing there', async (status) => {
    const uuid = (await create(`A webinar sign-up page [outcome:${status}]`)).body.data.uuid;
    advance(4_000);
    const c = (await poll(uuid)).body.data;
    expect(c.status).toBe(status);
    expect(c.questions.length > 0).toBe(status === 'gathering');
    expect(c.builder === null).toBe(status !== 'deployed');
    expect(c.name).toBe('A webinar sign-up page');
  });

  it('the prompt marker [delay:…] sets the processing time', async () => {
    const uuid = (await create('A quiz app [delay:2s] [outcome:awaiting_approval]')).body.data.uuid;
    advance(1_999);
    expect((await poll(uuid)).body.data.status).toBe('processing');
    advance(1);
    expect((await poll(uuid)).body.data.status).toBe('awaiting_approval');
  });

  it('a marker in an answer decides the next processing', async () => {
    const uuid = await conversationIn('gathering');
    const res = await api('POST', `/builder-agents/${uuid}/answers`, { message: 'Everyone [outcome:deployed] [delay:50]' });
    expect(res.body.data.status).toBe('processing');
    advance(50);
    expect((await poll(uuid)).body.data.status).toBe('deployed');
  });

  it('the control API ends the current processing now, with the given questions', async () => {
    const uuid = await conversationIn('processing');
    const set = await control('POST', `/builder-agents/${uuid}/outcome`, { status: 'gathering', after_ms: 0, questions: ['Which colour?'] });
    expect(set.status).toBe(200);
    const c = (await poll(uuid)).body.data;
    expect(c).toMatchObject({ status: 'gathering', questions: ['Which colour?'] });
  });

  it('the control API queues the outcome of the next processing when none runs', async () => {
    const uuid = await conversationIn('awaiting_approval');
    const set = await control('POST', `/builder-agents/${uuid}/outcome`, { status: 'failed', after_ms: 2_000, message: 'Out of capacity.' });
    expect(set.status).toBe(200);
    expect(set.body.data.queued).toMatchObject({ status: 'failed', after_ms: 2_000 });
    await api('POST', `/builder-agents/${uuid}/approve`);
    advance(1_999);
    expect((await poll(uuid)).body.data.status).toBe('processing');
    advance(1);
    expect((await poll(uuid)).body.data).toMatchObject({ status: 'failed', message: 'Out of capacity.', builder: null });
  });

  it('the control API refuses bad outcomes and unknown conversations', async () => {
    const uuid = await conversationIn('processing');
    expect((await control('POST', `/builder-agents/${uuid}/outcome`, { status: 'processing' })).status).toBe(422);
    expect((await control('POST', `/builder-agents/${uuid}/outcome`, { status: 'failed', after_ms: -1 })).status).toBe(422);
    expect((await control('POST', `/builder-agents/${uuid}/outcome`, { status: 'failed', questions: ['Why?'] })).status).toBe(422);
    expect((await control('POST', '/builder-agents/3f1d2c4b-0000-4000-8000-000000000000/outcome', { status: 'failed' })).status).toBe(404);
    const described = await control('GET', `/builder-agents/${uuid}`);
    expect(described.body).toMatchObject({ tenant: 'acme', status: 'processing', phase: { kind: 'create', outcome: 'gathering' } });
  });
});

describe('the state table', () => {
  const writes = {
    answers: (uuid: string) => api('POST', `/builder-agents/${uuid}/answers`, { message: 'Our team, and yes.' }),
    approve: (uuid: string) => api('POST', `/builder-agents/${uuid}/approve`),
    rebuild: (uuid: string) => api('POST', `/builder-agents/${uuid}/rebuild`, { message: 'Make the button blue.' }),
  };
  // [status, write, accepted]: the seed's table; every other pair is refused with 409.
  const table: Array<[string, keyof typeof writes, boolean]> = [
    ['processing', 'answers', false],
    ['processing', 'approve', false],
    ['processing', 'rebuild', false],
    ['gathering', 'answers', true],
    ['gathering', 'approve', false],
    ['gathering', 'rebuild', false],
    ['awaiting_approval', 'answers', false],
    ['awaiting_approval', 'approve', true],
    ['awaiting_approval', 'rebuild', false],
    ['deployed', 'answers', false],
    ['deployed', 'approve', false],
    ['deployed', 'rebuild', true],
    ['failed', 'answers', false],
    ['failed', 'approve', false],
    ['failed', 'rebuild', true],
  ];

  it.each(table)('%s + %s → accepted: %s', async (status, write, accepted) => {
    const uuid = await conversationIn(status);
    const before = (await poll(uuid)).body.data;
    const res = await writes[write](uuid);
    if (accepted) {
      expect(res.status).toBe(200);
      expect(res.body.data.status).toBe('processing');
      expect(res.body.data.questions).toEqual([]);
    } else {
      expectConflict(res);
      expect((await poll(uuid)).body.data).toEqual(before);
    }
  });

  it('answers take one message: without it, empty, or in the old list shape they are refused with 422', async () => {
    const uuid = await conversationIn('gathering');
    const missing = await api('POST', `/builder-agents/${uuid}/answers`, {});
    expect(missing.status).toBe(422);
    expect(missing.body.error).toMatchObject({ code: 'VALIDATION_ERROR', field: 'message' });
    const empty = await api('POST', `/builder-agents/${uuid}/answers`, { message: '' });
    expect(empty.status).toBe(422);
    expect(empty.body.error).toMatchObject({ code: 'VALIDATION_ERROR', field: 'message' });
    const list = await api('POST', `/builder-agents/${uuid}/answers`, { message: 'Yes.', answers: ['Yes.'] });
    expect(list.status).toBe(422);
    expect(list.body.error).toMatchObject({ code: 'VALIDATION_ERROR', field: 'answers' });
    expect((await poll(uuid)).body.data.status).toBe('gathering');
  });

  it('the answer message goes into the plan', async () => {
    const uuid = await conversationIn('gathering');
    const res = await api('POST', `/builder-agents/${uuid}/answers`, { message: 'Only the front desk team. [outcome:awaiting_approval] [delay:10]' });
    expect(res.status).toBe(200);
    advance(10);
    const plan = (await poll(uuid)).body.data;
    expect(plan.status).toBe('awaiting_approval');
    expect(plan.message).toContain('With your answers: Only the front desk team.');
  });

  it('a finished conversation says so when answered', async () => {
    const uuid = await conversationIn('deployed');
    const res = await writes.answers(uuid);
    expectConflict(res);
    expect(res.body.error.details).toContain('finished');
  });

  it('unknown and malformed conversation ids', async () => {
    const missing = await api('GET', '/builder-agents/3f1d2c4b-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('RESOURCE_NOT_FOUND');
    const malformed = await api('POST', '/builder-agents/not-a-uuid/approve');
    expect(malformed.status).toBe(422);
    expect(malformed.body.error.code).toBe('INVALID_UUID');
    const noPrompt = await api('POST', '/builder-agents', { name: 'No prompt' });
    expect(noPrompt.status).toBe(422);
    expect(noPrompt.body.error).toMatchObject({ code: 'VALIDATION_ERROR', field: 'prompt' });
  });
});

describe('a conversation across a snapshot export and import', () => {
  it('keeps processing and ends on time', async () => {
    const uuid = (await create('A survey page [outcome:deployed] [delay:5s]')).body.data.uuid;
    advance(2_000);
    const snapshot = await control('GET', '/snapshot');
    expect((await control('PUT', '/snapshot', snapshot.body)).status).toBe(200);
    advance(2_999);
    expect((await poll(uuid)).body.data.status).toBe('processing');
    advance(1);
    const c = (await poll(uuid)).body.data;
    expect(c.status).toBe('deployed');
    expect(c.builder.status).toBe('running');
  });
});

describe('a conversation in another workspace', () => {
  it('is not found with that workspace\'s host and token', async () => {
    const uuid = await conversationIn('gathering');
    const globexToken = setup.mock.store.get('globex')?.state.tokens.find((t) => t.permissions.includes('*') && t.revoked_at === null)?.secret;
    expect(globexToken).toBeDefined();
    const port = new URL(setup.base).port;
    const theirs = await send('GET', `/api/v1/builder-agents/${uuid}`, undefined, globexToken, `globex.localhost:${port}`);
    expect(theirs.status).toBe(404);
    expect(theirs.body.error.code).toBe('RESOURCE_NOT_FOUND');
    const ours = await send('GET', `/api/v1/builder-agents/${uuid}`, undefined, setup.token, `acme.localhost:${port}`);
    expect(ours.status).toBe(200);
  });
});
