// Contact fields and analyzers over HTTP (seed "What the service does" > Contacts: "Contact fields
// are identified by a key that is unique and immutable once created"; "Analyzer identifiers carry
// a prefix: b_ is a built-in contact field, f_ a custom contact field, p_ a pipeline stage rule";
// published API, PUT /api/v1/analyzers/{internal_id}: update_behavior, analysis_goals and
// example_values, a b_ analyzer taking only update_behavior).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../support/harness.ts';

type Field = { key: string; name: string; built_in: boolean };
type Analyzer = { internal_id: string; kind: string; update_behavior: string; analysis_goals: string | null; example_values: string | null };

describe('contact fields and analyzers', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness('fetch');
  });
  afterAll(() => h.close());

  const fields = async () => (await h.call('GET', '/api/v1/contacts/fields')).json<{ data: Field[] }>().data;
  const analyzers = async () => (await h.call('GET', '/api/v1/analyzers')).json<{ data: Analyzer[] }>().data;

  it('lists the built-in fields with their b_ analyzers, then the fixture’s custom field with its f_ analyzer', async () => {
    expect((await fields()).filter((f) => f.built_in).map((f) => f.key)).toEqual(['name', 'phone', 'email']);
    expect((await analyzers()).map((a) => a.internal_id)).toEqual(['b_name', 'b_phone', 'b_email', 'f_order_number']);
  });

  it('creates a custom field with an f_ analyzer; its key is unique', async () => {
    const created = await h.call('POST', '/api/v1/contacts/fields', { json: { key: 'shoe_size', name: 'Shoe size', type: 'number' } });
    expect(created.status, created.text).toBe(201);
    expect(created.json<{ data: Field }>().data).toMatchObject({ key: 'shoe_size', built_in: false });
    expect((await analyzers()).find((a) => a.internal_id === 'f_shoe_size')?.kind).toBe('custom_field');
    for (const key of ['shoe_size', 'email']) {
      const again = await h.call('POST', '/api/v1/contacts/fields', { json: { key, name: 'Again', type: 'text' } });
      expect(again.status, key).toBe(409);
    }
  });

  it('renames a custom field but never changes its key; built-in fields stay as they are', async () => {
    const renamed = await h.call('PUT', '/api/v1/contacts/fields/shoe_size', { json: { name: 'Shoe size (EU)', key: 'shoe_size' } });
    expect(renamed.status, renamed.text).toBe(200);
    const rekeyed = await h.call('PUT', '/api/v1/contacts/fields/shoe_size', { json: { name: 'Other', key: 'size' } });
    expect(rekeyed.status).toBe(422);
    expect(rekeyed.json<{ error: { field: string } }>().error.field).toBe('key');
    expect((await fields()).filter((f) => !f.built_in)).toEqual([expect.objectContaining({ key: 'order_number' }), expect.objectContaining({ key: 'shoe_size', name: 'Shoe size (EU)' })]);
    expect((await h.call('PUT', '/api/v1/contacts/fields/email', { json: { name: 'Mail' } })).status).toBe(409);
    expect((await h.call('PUT', '/api/v1/contacts/fields/unknown_key', { json: { name: 'X' } })).status).toBe(404);
  });

  it('lists an analyzer never configured as update_if_empty without goals or examples, and a configured one as the workspace keeps it', async () => {
    for (const a of await analyzers()) {
      if (a.internal_id === 'f_order_number') expect(a).toMatchObject({ update_behavior: 'ask_approval_if_existing', analysis_goals: expect.any(String), example_values: 'ORD-1001\nORD-20417' });
      else expect(a, a.internal_id).toMatchObject({ update_behavior: 'update_if_empty', analysis_goals: null, example_values: null });
    }
  });

  it('configures a custom field’s analyzer with the published body, changing only the fields sent, and reads it back', async () => {
    const body = { update_behavior: 'automatic_update', analysis_goals: 'Extract the shoe size whenever the customer mentions it.', example_values: '38\n42.5\n45' };
    const res = await h.call('PUT', '/api/v1/analyzers/f_shoe_size', { json: body });
    expect(res.status, res.text).toBe(200);
    expect(res.json<{ message: string; data: Analyzer }>()).toMatchObject({ message: 'Analyzer updated', data: { internal_id: 'f_shoe_size', kind: 'custom_field', ...body } });
    const partial = await h.call('PUT', '/api/v1/analyzers/f_shoe_size', { json: { update_behavior: 'manual_approval', example_values: null } });
    expect(partial.json<{ data: Analyzer }>().data).toMatchObject({ update_behavior: 'manual_approval', analysis_goals: body.analysis_goals, example_values: null });
    expect((await analyzers()).find((a) => a.internal_id === 'f_shoe_size')).toMatchObject({ update_behavior: 'manual_approval', analysis_goals: body.analysis_goals, example_values: null });
  });

  it('lets a built-in field’s analyzer change only update_behavior (422 naming the field otherwise)', async () => {
    const ok = await h.call('PUT', '/api/v1/analyzers/b_email', { json: { update_behavior: 'dont_update' } });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json<{ data: Analyzer }>().data).toMatchObject({ internal_id: 'b_email', kind: 'built_in_field', update_behavior: 'dont_update' });
    for (const field of ['analysis_goals', 'example_values']) {
      const refused = await h.call('PUT', '/api/v1/analyzers/b_email', { json: { update_behavior: 'automatic_update', [field]: 'x' } });
      expect(refused.status, refused.text).toBe(422);
      expect(refused.json<{ error: { code: string; field: string } }>().error).toMatchObject({ code: 'VALIDATION_ERROR', field });
    }
    expect((await analyzers()).find((a) => a.internal_id === 'b_email')?.update_behavior).toBe('dont_update');
  });

  it('refuses an unknown analyzer (404), a malformed id, an unknown behaviour, a long text and an empty body (422)', async () => {
    for (const id of ['f_unknown', 'p_initial_contact', 'b_fax', 'shoe_size']) expect((await h.call('PUT', `/api/v1/analyzers/${id}`, { json: { update_behavior: 'dont_update' } })).status, id).toBe(404);
    const cases: Array<[string, unknown, string]> = [
      ['F-Shoe', { update_behavior: 'dont_update' }, 'internal_id'],
      ['f_shoe_size', { update_behavior: 'sometimes' }, 'update_behavior'],
      ['f_shoe_size', { analysis_goals: 'x'.repeat(1001) }, 'analysis_goals'],
      ['f_shoe_size', {}, 'body'],
      ['f_shoe_size', { update_behavior: 'dont_update', colour: 'red' }, 'colour'],
    ];
    for (const [id, json, field] of cases) {
      const res = await h.call('PUT', `/api/v1/analyzers/${id}`, { json });
      expect(res.status, `${id} ${JSON.stringify(json)}: ${res.text}`).toBe(422);
      expect(res.json<{ error: { field: string } }>().error.field, JSON.stringify(json)).toBe(field);
    }
  });
});
