// Contact fields and analyzers over HTTP (seed "What the service does" > Contacts: "Contact fields
// are identified by a key that is unique and immutable once created"; "Analyzer identifiers carry
// a prefix: b_ is a built-in contact field, f_ a custom contact field, p_ a pipeline stage rule").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../support/harness.ts';

type Field = { key: string; name: string; built_in: boolean };
type Analyzer = { id: string; kind: string };

describe('contact fields and analyzers', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness('fetch');
  });
  afterAll(() => h.close());

  const fields = async () => (await h.call('GET', '/api/v1/contacts/fields')).json<{ data: Field[] }>().data;
  const analyzers = async () => (await h.call('GET', '/api/v1/contacts/analyzers')).json<{ data: Analyzer[] }>().data;

  it('lists the built-in fields with their b_ analyzers', async () => {
    expect((await fields()).filter((f) => f.built_in).map((f) => f.key)).toEqual(['name', 'phone', 'email']);
    expect((await analyzers()).map((a) => a.id)).toEqual(['b_name', 'b_phone', 'b_email']);
  });

  it('creates a custom field with an f_ analyzer; its key is unique', async () => {
    const created = await h.call('POST', '/api/v1/contacts/fields', { json: { key: 'shoe_size', name: 'Shoe size', type: 'number' } });
    expect(created.status, created.text).toBe(201);
    expect(created.json<{ data: Field }>().data).toMatchObject({ key: 'shoe_size', built_in: false });
    expect((await analyzers()).find((a) => a.id === 'f_shoe_size')?.kind).toBe('custom_field');
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
    expect((await fields()).filter((f) => !f.built_in)).toEqual([expect.objectContaining({ key: 'shoe_size', name: 'Shoe size (EU)' })]);
    expect((await h.call('PUT', '/api/v1/contacts/fields/email', { json: { name: 'Mail' } })).status).toBe(409);
    expect((await h.call('PUT', '/api/v1/contacts/fields/unknown_key', { json: { name: 'X' } })).status).toBe(404);
  });
});
