// Builder agent rebuilds over real HTTP on a frozen mock clock (seed "States and transitions" >
// Builder agent conversation): from `deployed` or `failed` to `processing`, the running app replaced
// by a corrected version, the intent kept with the message appended (the published default of
// `replace_prompt`, false) or replaced with `replace_prompt` true, 409 while a rebuild is
// processing, and the fault `rebuild-no-409` that breaks that rule on purpose.
import { describe, expect, it } from 'vitest';
import { builderAgentHelpers, expectConflict, type Reply, useBuilderApi } from '../support/builder-api.ts';

const setup = useBuilderApi(Date.parse('2026-03-10T08:00:00Z'));
const { api, control, advance } = setup;
const { create, poll, conversationIn } = builderAgentHelpers(setup);

async function rebuild(uuid: string, message: string, replace_prompt?: boolean): Promise<Reply> {
  return api('POST', `/builder-agents/${uuid}/rebuild`, replace_prompt === undefined ? { message } : { message, replace_prompt });
}

async function file(builder: string, path: string): Promise<Reply> {
  return api('GET', `/builders/${builder}/files/content?path=${encodeURIComponent(path)}`);
}

async function previewOf(url: string): Promise<Reply> {
  return setup.fetchUrl(url);
}

const PROMPT = 'Build a dashboard of tomorrow\'s appointments [outcome:deployed] [delay:1000]';

describe('rebuild keeping the intent', () => {
  it('reopens the conversation with the message appended to the intent, keeps the old app running, then replaces it', async () => {
    const uuid = await conversationIn('deployed');
    const before = (await poll(uuid)).body.data;
    const app = before.builder;
    expect(app.status).toBe('running');
    expect((await file(app.uuid, 'CHANGES.md')).status).toBe(404);

    const res = await rebuild(uuid, 'Make the reminder button blue.');
    expect(res.status).toBe(200);
    const intent = `${before.prompt}\n\nMake the reminder button blue.`;
    expect(res.body.data).toMatchObject({ status: 'processing', prompt: intent, questions: [] });
    expect(res.body.data.builder).toMatchObject({ uuid: app.uuid, status: 'running' });
    expect((await previewOf(app.preview_url)).body).toContain('Revision 1');

    advance(9_999);
    expect((await poll(uuid)).body.data.status).toBe('processing');
    advance(1);
    const after = (await poll(uuid)).body.data;
    expect(after.status).toBe('deployed');
    expect(after.prompt).toBe(intent);
    expect(after.message).toContain('revision 2');
    expect(after.builder).toMatchObject({ uuid: app.uuid, status: 'running', preview_url: app.preview_url });

    const changes = await file(app.uuid, 'CHANGES.md');
    expect(changes.status).toBe(200);
    expect(changes.body.data.content).toContain('Make the reminder button blue.');
    const page = await previewOf(app.preview_url);
    expect(page.body).toContain('Revision 2');
    expect(page.body).toContain('Make the reminder button blue.');
    const logs = await api('GET', `/builders/${app.uuid}/logs`);
    expect(logs.body.data.lines.map((l: { line: string }) => l.line)).toContain('Replacing the running app with revision 2');
  });

  it('accumulates the change requests of successive rebuilds', async () => {
    const uuid = await conversationIn('deployed');
    await rebuild(uuid, 'First change.');
    advance(10_000);
    await rebuild(uuid, 'Second change.');
    advance(10_000);
    const c = (await poll(uuid)).body.data;
    expect(c.status).toBe('deployed');
    expect(c.prompt).toBe('A sign-up page [outcome:deployed] [delay:1000]\n\nFirst change.\n\nSecond change.');
    const changes = (await file(c.builder.uuid, 'CHANGES.md')).body.data.content;
    expect(changes).toContain('1. First change.');
    expect(changes).toContain('2. Second change.');
  });
});

describe('rebuild with replace_prompt', () => {
  it('makes the message the new intent and drops the old changes', async () => {
    const uuid = (await create(PROMPT)).body.data.uuid;
    advance(1_000);
    await rebuild(uuid, 'Add a footer.');
    advance(10_000);
    const res = await rebuild(uuid, 'A booking page for the spring open day.', true);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'processing', prompt: 'A booking page for the spring open day.' });
    advance(10_000);
    const c = (await poll(uuid)).body.data;
    expect(c).toMatchObject({ status: 'deployed', prompt: 'A booking page for the spring open day.' });
    expect((await file(c.builder.uuid, 'README.md')).body.data.content).toContain('A booking page for the spring open day.');
    expect((await file(c.builder.uuid, 'CHANGES.md')).status).toBe(404);
    expect((await previewOf(c.builder.preview_url)).body).not.toContain('Add a footer.');
  });

  it('replace_prompt false appends the message, like leaving it out', async () => {
    const sent = (await create(PROMPT)).body.data.uuid;
    const omitted = (await create(PROMPT)).body.data.uuid;
    advance(1_000);
    const withFalse = await rebuild(sent, 'Use a larger font.', false);
    const without = await rebuild(omitted, 'Use a larger font.');
    expect(withFalse.body.data.prompt).toBe(`${PROMPT}\n\nUse a larger font.`);
    expect(without.body.data.prompt).toBe(withFalse.body.data.prompt);
  });
});

describe('rebuild while a rebuild is processing', () => {
  it('is refused with 409 and leaves the running rebuild as it was', async () => {
    const uuid = await conversationIn('deployed');
    await rebuild(uuid, 'First change.');
    advance(5_000);
    const before = (await poll(uuid)).body.data;
    const second = await rebuild(uuid, 'Second change.');
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ success: false, message: 'A rebuild is already processing', error: { code: 'CONFLICT' } });
    expect((await poll(uuid)).body.data).toEqual(before);
    advance(5_000);
    const done = (await poll(uuid)).body.data;
    expect(done.status).toBe('deployed');
    expect((await file(done.builder.uuid, 'CHANGES.md')).body.data.content).not.toContain('Second change.');
  });

  it('is accepted with the fault rebuild-no-409, restarting the processing with both changes', async () => {
    const faults = await control('PUT', '/faults', { faults: ['rebuild-no-409'] });
    expect(faults.status).toBe(200);
    const uuid = await conversationIn('deployed');
    await rebuild(uuid, 'First change.');
    advance(5_000);
    const second = await rebuild(uuid, 'Second change.');
    expect(second.status).toBe(200);
    expect(second.body.data.status).toBe('processing');
    advance(5_000);
    expect((await poll(uuid)).body.data.status).toBe('processing');
    advance(5_000);
    const done = (await poll(uuid)).body.data;
    expect(done.status).toBe('deployed');
    const changes = (await file(done.builder.uuid, 'CHANGES.md')).body.data.content;
    expect(changes).toContain('First change.');
    expect(changes).toContain('Second change.');
  });

  it('the fault does not open other refused rebuilds', async () => {
    setup.mock.faults.set(['rebuild-no-409']);
    const uuid = await conversationIn('gathering');
    expectConflict(await rebuild(uuid, 'A change.'));
  });
});

describe('rebuild from failed and rebuilds that fail', () => {
  it('a failed conversation without an app gets one when the rebuild deploys', async () => {
    const uuid = await conversationIn('failed');
    expect((await poll(uuid)).body.data.builder).toBeNull();
    expect((await rebuild(uuid, 'Fix the start command.')).body.data.status).toBe('processing');
    advance(10_000);
    const c = (await poll(uuid)).body.data;
    expect(c.status).toBe('deployed');
    expect(c.builder.status).toBe('running');
  });

  it('a failed rebuild keeps the previous version running', async () => {
    const uuid = await conversationIn('deployed');
    const app = (await poll(uuid)).body.data.builder;
    await rebuild(uuid, 'Try a new layout [outcome:failed]');
    advance(10_000);
    const c = (await poll(uuid)).body.data;
    expect(c.status).toBe('failed');
    expect(c.message).toContain('previous version');
    expect(c.builder).toMatchObject({ uuid: app.uuid, status: 'running' });
    expect((await previewOf(app.preview_url)).body).toContain('Revision 1');
    expect((await rebuild(uuid, 'Keep the old layout.')).status).toBe(200);
  });
});

describe('rebuild input', () => {
  it('needs a message; replace_prompt must be a boolean', async () => {
    const uuid = await conversationIn('deployed');
    const none = await api('POST', `/builder-agents/${uuid}/rebuild`, { replace_prompt: true });
    expect(none.status).toBe(422);
    expect(none.body.error).toMatchObject({ code: 'VALIDATION_ERROR', field: 'message' });
    const wrong = await api('POST', `/builder-agents/${uuid}/rebuild`, { message: 'x', replace_prompt: 'yes' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.error.field).toBe('replace_prompt');
    expect((await poll(uuid)).body.data.status).toBe('deployed');
  });
});
