// WhatsApp templates (published: POST /api/v1/whatsapp/templates with name, language, category,
// waba_id and components, answered with the template in the success/message/data envelope; the list
// is inferred): validation of the published body, 409 for a second template with the same name and
// language in a business account, PENDING until the review passes (10 minutes on the clock), and a
// created template gets a template setting once approved, like the fixture templates.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { demoTenant } from '../support/demo-tenants.ts';
import { type Harness, startHarness, T0 } from '../support/harness.ts';

const acme = demoTenant('acme');
const WABA = acme.state.whatsapp_templates[0]?.waba_id as string;
const BODY = { name: 'order_confirmation', language: 'en_US', category: 'UTILITY', waba_id: WABA, components: [{ type: 'BODY', text: 'Your order {{1}} is confirmed.' }] };

interface Template {
  uuid: string;
  name: string;
  status: string;
  content: string;
  components: unknown[];
  type: string;
  template_id: string;
  phone_number: string;
  created_at: string;
}

describe('whatsapp templates', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness('fetch');
  });
  afterAll(() => h.close());
  beforeEach(async () => {
    h.clock.freeze(T0);
    await h.control('POST', '/reset');
    h.mock.faults.set([]);
  });

  const create = (json: Record<string, unknown>) => h.call('POST', '/api/v1/whatsapp/templates', { json });
  async function list(query: Record<string, string> = {}): Promise<{ total: number; per_page: number; data: Template[] }> {
    const res = await h.call('GET', '/api/v1/whatsapp/templates', { query });
    expect(res.status, res.text).toBe(200);
    return res.json<{ data: { total: number; per_page: number; data: Template[] } }>().data;
  }

  it('creates a PENDING template in the published shape and lists it first', async () => {
    const res = await create(BODY);
    expect(res.status, res.text).toBe(201);
    const body = res.json<{ success: boolean; message: string; data: Template }>();
    expect(body).toMatchObject({ success: true, message: 'Template created successfully' });
    expect(body.data).toMatchObject({ name: 'order_confirmation', language: 'en_US', category: 'UTILITY', status: 'PENDING', waba_id: WABA, type: 'whatsapp', content: 'Your order {{1}} is confirmed.', components: BODY.components });
    expect(body.data.template_id).toMatch(/^\d+$/);
    const page = await list();
    expect(page.total).toBe(acme.state.whatsapp_templates.length + 1);
    expect(page.per_page).toBe(15);
    expect(page.data[0]).toEqual(body.data);
    expect((await list({ status: 'PENDING', language: 'en_US' })).data.map((t) => t.uuid)).toEqual([body.data.uuid]);
  });

  it('refuses a second template with the same name and language in the business account (409), accepts another language', async () => {
    expect((await create(BODY)).status).toBe(201);
    const dup = await create({ ...BODY, category: 'MARKETING' });
    expect(dup.status).toBe(409);
    expect(dup.json<{ error: { code: string } }>().error.code).toBe('CONFLICT');
    expect((await create({ ...BODY, language: 'de' })).status).toBe(201);
    // A fixture template is taken too.
    const fixture = acme.state.whatsapp_templates[0];
    expect((await create({ ...BODY, name: fixture?.name, language: fixture?.language })).status).toBe(409);
    expect((await list({ language: 'en_US', status: 'PENDING' })).total).toBe(1);
  });

  it('refuses bad bodies with 422 and stores nothing', async () => {
    for (const body of [
      { ...BODY, name: 'Order Confirmation' },
      { ...BODY, name: '' },
      { ...BODY, category: 'PROMO' },
      { ...BODY, components: [] },
      { ...BODY, waba_id: undefined },
    ]) {
      expect((await create(body)).status, JSON.stringify(body)).toBe(422);
    }
    expect((await list()).total).toBe(acme.state.whatsapp_templates.length);
  });

  it('is approved after its review and then gets a template setting like an approved template', async () => {
    const template = (await create(BODY)).json<{ data: Template }>().data;
    const early = await h.call('POST', '/api/v1/whatsapp/template-settings', { json: { template_uuid: template.uuid, params: { body: { '1': '{{contact.first_name}}' } } } });
    expect(early.status).toBe(422);
    h.clock.advance(10 * 60_000);
    expect((await list({ status: 'APPROVED' })).data.map((t) => t.uuid)).toContain(template.uuid);
    const setting = await h.call('POST', '/api/v1/whatsapp/template-settings', { json: { template_uuid: template.uuid, params: { body: { '1': 'A-17' } } } });
    expect(setting.status, setting.text).toBe(201);
    expect(setting.json<{ data: { content: string; template: { uuid: string; status: string } } }>().data).toMatchObject({ content: 'Your order A-17 is confirmed.', template: { uuid: template.uuid, status: 'APPROVED' } });
  });

  it('the fault whatsapp-template-duplicate-accepted lets a duplicate in', async () => {
    h.mock.faults.set(['whatsapp-template-duplicate-accepted']);
    expect((await create(BODY)).status).toBe(201);
    expect((await create(BODY)).status).toBe(201);
  });
});
