// Coaching agents over HTTP (seed "Coaching agents": "The first one created becomes the default, and
// exactly one is always the default"; "Other statuses": "setting a coaching agent as default makes
// it the only default"; published API, the update page: PATCH, the create/update payload with
// coaching_tone's values or free text of at most 100 characters, auto_trigger_threshold 0..100,
// language free text of at most 50, coaching_frequency `immediate`, templates as objects, topics as
// a string, is_default in the body, sample templates and example when left out on create): create,
// list oldest first in the published paged list, read, update, set-default; a fast-check property
// drives random sequences in-process and checks the invariant after every step; the
// `two-default-coaches` fault breaks it.
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { dataOf, expectShapeB, type Json, openWorld, READ_ONLY_TOKEN, type World, workspace } from './campaigns-world.ts';

const COACHES = '/api/v1/coaching-agents';
const UNKNOWN = '0f0e0d0c-0b0a-4909-8807-060504030201';

interface Coach {
  uuid: string;
  name: string;
  is_default: boolean;
  coaching_tone: string;
  auto_trigger_threshold: number;
  language: string;
  created_at: string;
  updated_at: string;
  [key: string]: unknown;
}

interface CoachPage {
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
  data: Coach[];
}

let world: World | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

async function open(faults: string[] = [], transport: 'http' | 'fetch' = 'http'): Promise<World> {
  world = await openWorld(undefined, transport, faults);
  return world;
}

async function create(w: World, body: Json): Promise<Coach> {
  const reply = await w.call('POST', COACHES, { json: body });
  expect(reply.status, reply.text).toBe(201);
  return dataOf<Coach>(reply);
}

async function all(w: World): Promise<Coach[]> {
  return dataOf<CoachPage>(await w.call('GET', COACHES, { query: { per_page: '100' } })).data;
}

const defaults = (list: Coach[]) => list.filter((c) => c.is_default).map((c) => c.uuid);

type Step =
  | { kind: 'create'; name: string; isDefault: boolean | undefined }
  | { kind: 'set-default'; pick: number }
  | { kind: 'update'; pick: number; threshold: number; isDefault: boolean | undefined };

const steps: fc.Arbitrary<Step[]> = fc.array(
  fc.oneof(
    fc.record({ kind: fc.constant('create' as const), name: fc.string({ minLength: 1, maxLength: 20 }), isDefault: fc.option(fc.boolean(), { nil: undefined }) }),
    fc.record({ kind: fc.constant('set-default' as const), pick: fc.nat() }),
    fc.record({ kind: fc.constant('update' as const), pick: fc.nat(), threshold: fc.integer({ min: 0, max: 100 }), isDefault: fc.option(fc.boolean(), { nil: undefined }) }),
  ),
  { minLength: 1, maxLength: 12 },
);

const withDefault = (isDefault: boolean | undefined): Json => (isDefault === undefined ? {} : { is_default: isDefault });

/** From a fresh workspace, after every step: the first created, or the last made default (set-default or `is_default: true`), is the only default. */
function exactlyOneDefault(w: World) {
  return fc.asyncProperty(steps, async (sequence) => {
    expect((await w.h.control('POST', '/fixtures', { workspaces: [workspace()] })).status).toBe(200);
    let expectedDefault: string | undefined;
    const uuids: string[] = [];
    for (const s of sequence) {
      if (s.kind === 'create') {
        const created = await create(w, { name: s.name, ...withDefault(s.isDefault) });
        uuids.push(created.uuid);
        if (expectedDefault === undefined || s.isDefault === true) expectedDefault = created.uuid;
      } else if (uuids.length > 0) {
        const target = uuids[s.pick % uuids.length] as string;
        if (s.kind === 'set-default') {
          expect((await w.call('POST', `${COACHES}/${target}/set-default`)).status).toBe(200);
          expectedDefault = target;
        } else {
          const json = { auto_trigger_threshold: s.threshold, ...withDefault(s.isDefault) };
          expect((await w.call('PATCH', `${COACHES}/${target}`, { json })).status).toBe(200);
          if (s.isDefault === true) expectedDefault = target;
        }
      }
      const list = await all(w);
      expect(list).toHaveLength(uuids.length);
      expect(defaults(list)).toEqual(expectedDefault === undefined ? [] : [expectedDefault]);
    }
  });
}

describe('create and read', () => {
  it('makes the first coaching agent the default and later ones not', async () => {
    const w = await open();
    expect(await all(w)).toEqual([]);
    const first = await create(w, { name: 'Sales coach', is_default: false });
    const second = await create(w, { name: 'Support coach' });
    expect(first.is_default).toBe(true);
    expect(second.is_default).toBe(false);
    expect(defaults(await all(w))).toEqual([first.uuid]);
  });

  it('makes a coaching agent created with is_default true the only default', async () => {
    const w = await open();
    const first = await create(w, { name: 'Sales coach' });
    await w.advance(1_000);
    const second = await create(w, { name: 'Support coach', is_default: true });
    expect(second.is_default).toBe(true);
    const list = await all(w);
    expect(defaults(list)).toEqual([second.uuid]);
    expect(list.find((c) => c.uuid === first.uuid)).toMatchObject({ is_default: false, updated_at: '2026-03-14T10:30:01+01:00' });
  });

  it('starts the lists left out with samples and fills the other omitted settings with the defaults', async () => {
    const w = await open();
    const minimal = await create(w, { name: 'Support quality coach' });
    expect(minimal).toEqual({
      uuid: minimal.uuid,
      name: 'Support quality coach',
      description: '',
      is_active: true,
      is_default: true,
      coaching_tone: 'supportive',
      coaching_frequency: 'immediate',
      auto_trigger_threshold: 60,
      language: 'English',
      include_positive_feedback: true,
      include_actionable_steps: true,
      include_resources: false,
      general_guidelines: '',
      coaching_templates: minimal.coaching_templates,
      training_examples: minimal.training_examples,
      resource_library: [],
      created_at: '2026-03-14T10:30:00+01:00',
      updated_at: '2026-03-14T10:30:00+01:00',
    });
    const templates = minimal.coaching_templates as Array<Record<string, unknown>>;
    expect(templates.length).toBeGreaterThan(0);
    for (const t of templates) {
      expect(Object.keys(t).sort()).toEqual(['is_custom', 'name', 'scenario', 'template', 'tone']);
      expect(t.is_custom).toBe(false);
    }
    expect((minimal.training_examples as unknown[]).length).toBeGreaterThan(0);
    // Sent empty, the lists stay empty.
    const empty = await create(w, { name: 'Empty coach', coaching_templates: [], training_examples: [] });
    expect(empty).toMatchObject({ coaching_templates: [], training_examples: [] });
  });

  it('keeps every field sent; a template sent without scenario, tone or is_custom gets them filled', async () => {
    const w = await open();
    const full = {
      name: 'Sales coach',
      description: 'Coaches the outbound sales agents.',
      is_active: false,
      coaching_tone: 'constructive',
      coaching_frequency: 'immediate',
      auto_trigger_threshold: 72,
      language: 'English',
      include_positive_feedback: false,
      include_actionable_steps: false,
      include_resources: true,
      general_guidelines: 'One strength, one improvement.',
      coaching_templates: [
        { name: 'Low score', scenario: 'Score below 60%', tone: 'supportive', template: "Let's review this call together.", is_custom: false },
        { name: 'Closing', template: 'Next time, ask for the appointment.' },
      ],
      training_examples: [{ issue: 'Price objection answered with a discount', coaching: 'Restate the value first.' }],
      resource_library: [
        { title: 'Pricing tutorial', type: 'video', url: 'https://coaching.example/pricing', description: 'When price never came up', topics: 'pricing, price objections, sales, closing' },
        { title: 'Closing checklist', url: 'https://coaching.example/closing' },
      ],
    };
    const created = await create(w, full);
    const closing = { name: 'Closing', scenario: '', tone: '', template: 'Next time, ask for the appointment.', is_custom: true };
    expect(created).toEqual({
      ...full,
      coaching_templates: [full.coaching_templates[0], closing],
      uuid: created.uuid,
      is_default: true,
      created_at: created.created_at,
      updated_at: created.updated_at,
    });
    expect(dataOf<Coach>(await w.call('GET', `${COACHES}/${created.uuid}`))).toEqual(created);
  });

  it('takes coaching_tone as one of the published values or free text of at most 100 characters', async () => {
    const w = await open();
    for (const tone of ['supportive', 'direct', 'constructive', 'motivational', 'friendly but firm', 'x'.repeat(100)]) {
      expect((await create(w, { name: `Coach ${tone.length}`, coaching_tone: tone })).coaching_tone).toBe(tone);
    }
    expect(expectShapeB(await w.call('POST', COACHES, { json: { name: 'x', coaching_tone: 'x'.repeat(101) } }), 422).field).toBe('coaching_tone');
    expect(expectShapeB(await w.call('POST', COACHES, { json: { name: 'x', coaching_tone: '' } }), 422).field).toBe('coaching_tone');
  });

  it('takes language as free text of at most 50 characters', async () => {
    const w = await open();
    for (const language of ['English', 'German', 'Brazilian Portuguese', 'x'.repeat(50)]) {
      expect((await create(w, { name: `Coach ${language.length}`, language })).language).toBe(language);
    }
    expect(expectShapeB(await w.call('POST', COACHES, { json: { name: 'x', language: 'x'.repeat(51) } }), 422).field).toBe('language');
  });

  it('refuses invalid settings with 422 and an unknown coaching agent with 404', async () => {
    const w = await open();
    expect(expectShapeB(await w.call('POST', COACHES, { json: { name: 'x', auto_trigger_threshold: 101 } }), 422).field).toBe('auto_trigger_threshold');
    expect(expectShapeB(await w.call('POST', COACHES, { json: { name: 'x', auto_trigger_threshold: -1 } }), 422).field).toBe('auto_trigger_threshold');
    expect(expectShapeB(await w.call('POST', COACHES, { json: { name: 'x', coaching_frequency: 'daily' } }), 422).field).toBe('coaching_frequency');
    expect(expectShapeB(await w.call('POST', COACHES, { json: { name: 'x'.repeat(256) } }), 422).field).toBe('name');
    expect(expectShapeB(await w.call('POST', COACHES, { json: { name: 'x', training_examples: [{ scenario: 'a', feedback: 'b' }] } }), 422).field).toMatch(/^training_examples\[0\]/);
    expect(expectShapeB(await w.call('POST', COACHES, { json: { name: 'x', coaching_templates: ['Strength: {strength}.'] } }), 422).field).toBe('coaching_templates[0]');
    expect(expectShapeB(await w.call('POST', COACHES, { json: { name: 'x', coaching_templates: [{ name: 'No text' }] } }), 422).field).toMatch(/^coaching_templates\[0\]/);
    expect(expectShapeB(await w.call('POST', COACHES, { json: { name: 'x', resource_library: [{ title: 't', url: 'https://x.example', topics: ['pricing'] }] } }), 422).field).toBe(
      'resource_library[0].topics',
    );
    expect(expectShapeB(await w.call('POST', COACHES, { json: { name: 'x', is_default: 'yes' } }), 422).field).toBe('is_default');
    expect(await all(w)).toEqual([]);
    expect(expectShapeB(await w.call('GET', `${COACHES}/${UNKNOWN}`), 404).code).toBe('RESOURCE_NOT_FOUND');
    expectShapeB(await w.call('PATCH', `${COACHES}/${UNKNOWN}`, { json: { name: 'y' } }), 404);
    expectShapeB(await w.call('POST', `${COACHES}/${UNKNOWN}/set-default`), 404);
  });

  it('needs the write permission to create', async () => {
    const w = await open();
    expect(expectShapeB(await w.call('POST', COACHES, { json: { name: 'x' }, token: READ_ONLY_TOKEN }), 403).code).toBe('FORBIDDEN');
    expect((await w.call('GET', COACHES, { token: READ_ONLY_TOKEN })).status).toBe(200);
  });
});

describe('list', () => {
  it('lists oldest first and pages', async () => {
    const w = await open();
    const made: string[] = [];
    for (let i = 0; i < 5; i++) {
      made.push((await create(w, { name: `Coach ${i}` })).uuid);
      await w.advance(1_000);
    }
    const { data, ...paging } = dataOf<CoachPage>(await w.call('GET', COACHES, { query: { per_page: '2', page: '2' } }));
    expect(paging).toEqual({ current_page: 2, last_page: 3, per_page: 2, total: 5 });
    expect(data.map((c) => c.uuid)).toEqual([made[2], made[3]]);
    const first = dataOf<CoachPage>(await w.call('GET', COACHES));
    expect(first).toMatchObject({ current_page: 1, last_page: 1, per_page: 15, total: 5 });
    expect((await all(w)).map((c) => c.uuid)).toEqual(made);
  });
});

describe('update', () => {
  it('changes only the fields sent and replaces lists whole', async () => {
    const w = await open();
    const coach = await create(w, {
      name: 'Sales coach',
      training_examples: [{ issue: 'a', coaching: 'b' }],
      coaching_templates: [
        { name: 't1', template: 'one' },
        { name: 't2', template: 'two' },
      ],
      language: 'English',
    });
    await w.advance(60_000);
    const changes = {
      coaching_tone: 'motivational',
      is_active: false,
      coaching_templates: [{ name: 't3', scenario: 'Always', tone: 'direct', template: 'three', is_custom: true }],
      training_examples: [{ issue: 'c', coaching: 'd' }],
      resource_library: [{ title: 'Pricing tutorial', type: 'video', url: 'https://example.com/pricing-tutorial', topics: 'pricing, closing' }],
    };
    const reply = await w.call('PATCH', `${COACHES}/${coach.uuid}`, { json: changes });
    expect(reply.json<{ message: string }>().message).toBe('Coaching agent updated successfully');
    const updated = dataOf<Coach>(reply);
    expect(updated).toEqual({ ...coach, ...changes, updated_at: '2026-03-14T10:31:00+01:00' });
    expect(dataOf<Coach>(await w.call('GET', `${COACHES}/${coach.uuid}`))).toEqual(updated);
    expect(expectShapeB(await w.call('PATCH', `${COACHES}/${coach.uuid}`, { json: {} }), 422).code).toBe('VALIDATION_ERROR');
  });

  it('is PATCH only: PUT on the coaching agent is not an operation', async () => {
    const w = await open();
    const coach = await create(w, { name: 'Sales coach' });
    const put = await w.call('PUT', `${COACHES}/${coach.uuid}`, { json: { auto_trigger_threshold: 45 } });
    expect(put.status).toBeGreaterThanOrEqual(400);
    expect(put.status).toBeLessThan(500);
    expect(dataOf<Coach>(await w.call('GET', `${COACHES}/${coach.uuid}`)).auto_trigger_threshold).toBe(60);
  });

  it('moves the default with is_default true; is_default false never takes it away', async () => {
    const w = await open();
    const first = await create(w, { name: 'Sales coach' });
    const second = await create(w, { name: 'Support coach' });
    const kept = dataOf<Coach>(await w.call('PATCH', `${COACHES}/${first.uuid}`, { json: { is_default: false } }));
    expect(kept.is_default).toBe(true);
    expect(defaults(await all(w))).toEqual([first.uuid]);
    await w.advance(5_000);
    const moved = dataOf<Coach>(await w.call('PATCH', `${COACHES}/${second.uuid}`, { json: { is_default: true, auto_trigger_threshold: 50 } }));
    expect(moved).toMatchObject({ is_default: true, auto_trigger_threshold: 50, updated_at: '2026-03-14T10:30:05+01:00' });
    const list = await all(w);
    expect(defaults(list)).toEqual([second.uuid]);
    expect(list.find((c) => c.uuid === first.uuid)).toMatchObject({ is_default: false, updated_at: '2026-03-14T10:30:05+01:00' });
  });
});

describe('set-default', () => {
  it('makes the agent the only default; setting it again changes nothing', async () => {
    const w = await open();
    const first = await create(w, { name: 'Sales coach' });
    const second = await create(w, { name: 'Support coach' });
    await w.advance(5_000);
    const reply = dataOf<Coach>(await w.call('POST', `${COACHES}/${second.uuid}/set-default`));
    expect(reply).toMatchObject({ uuid: second.uuid, is_default: true, updated_at: '2026-03-14T10:30:05+01:00' });
    const list = await all(w);
    expect(defaults(list)).toEqual([second.uuid]);
    expect(list.find((c) => c.uuid === first.uuid)).toMatchObject({ is_default: false, updated_at: '2026-03-14T10:30:05+01:00' });

    await w.advance(5_000);
    const again = dataOf<Coach>(await w.call('POST', `${COACHES}/${second.uuid}/set-default`));
    expect(again).toMatchObject({ is_default: true, updated_at: '2026-03-14T10:30:05+01:00' });
    expect(defaults(await all(w))).toEqual([second.uuid]);
  });

  it('keeps exactly one default after any sequence of creates, updates and set-defaults', async () => {
    const w = await open([], 'fetch');
    await fc.assert(exactlyOneDefault(w), { numRuns: 60 });
  });

  it('the same property finds a counterexample under the two-default-coaches fault', async () => {
    const w = await open(['two-default-coaches'], 'fetch');
    const result = await fc.check(exactlyOneDefault(w), { numRuns: 60 });
    expect(result.failed).toBe(true);
  });

  it('with the two-default-coaches fault, leaves the previous default in place', async () => {
    const w = await open(['two-default-coaches']);
    const first = await create(w, { name: 'Sales coach' });
    const second = await create(w, { name: 'Support coach' });
    expect((await w.call('POST', `${COACHES}/${second.uuid}/set-default`)).status).toBe(200);
    expect(defaults(await all(w)).sort()).toEqual([first.uuid, second.uuid].sort());
  });
});
