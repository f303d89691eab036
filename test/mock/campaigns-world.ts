// The workspace the campaign-area tests (template settings, campaigns, listings, coaching agents,
// action logs) build for themselves and load through the control API (POST /__mock/fixtures), so
// they depend on no demo fixture: a Berlin workspace with a WhatsApp+email agent, a call-only
// agent, contacts with and without a phone or email, and two WhatsApp templates on two business
// accounts. Tests add template settings, campaigns or action log rows with `extra`.
import { expect } from 'vitest';
import { MockClock } from '../../mock/time/clock.ts';
import { type Harness, type Reply, startHarness, type Transport } from '../support/harness.ts';

/** The frozen start of every test's clock: 2026-03-14T10:30:00+01:00 in Berlin. */
export const T0 = Date.parse('2026-03-14T09:30:00Z');

export const SLUG = 'northwind';
export const TOKEN = 'wst_NorthwindAllPermissionsToken0000000000001';
export const READ_ONLY_TOKEN = 'wst_NorthwindReadOnlyToken00000000000000000002';

export const AGENT_WHATSAPP = '6f1d2c3b-4a59-4e68-9d7c-0b1a2c3d4e01';
export const AGENT_CALL_ONLY = '6f1d2c3b-4a59-4e68-9d7c-0b1a2c3d4e02';
export const NUMBER_WHATSAPP = '7a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c01';
export const NUMBER_CALLS = '7a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c02';
export const EMAIL_ADDRESS = '8b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d01';
export const WABA_MAIN = '104839572261845';
export const WABA_OTHER = '209384756102938';
export const TEMPLATE_SPRING = '95a0b0d2-fcb1-4ded-8848-b79aef32c62e';
export const TEMPLATE_REMINDER = 'ac7fea0e-7f61-48c6-a718-afa3a3d76874';

/** Contacts: one with phone and email, one with a phone only, one with an email only. */
export const CONTACT_FULL = '325b55dd-7857-4976-ba12-917c1a26f801';
export const CONTACT_PHONE_ONLY = '325b55dd-7857-4976-ba12-917c1a26f802';
export const CONTACT_EMAIL_ONLY = '325b55dd-7857-4976-ba12-917c1a26f803';

export type Json = Record<string, unknown>;

export function workspace(extra: Json = {}): Json {
  return {
    slug: SLUG,
    name: 'Northwind Opticians',
    timezone: 'Europe/Berlin',
    jwt_secret: 'northwind-test-secret-0123456789abcdef',
    members: [{ uuid: '1d2e3f40-5a6b-4c7d-8e9f-0a1b2c3d4e51', email: 'eva.klein@northwind.example', name: 'Eva Klein', timezone: null }],
    tokens: [
      { uuid: '2e3f4051-6b7c-4d8e-9f0a-1b2c3d4e5f61', name: 'All permissions', secret: TOKEN, permissions: ['*'], created_by: null, created_at: '2026-01-05T09:00:00+01:00', last_used_at: null, revoked_at: null },
      {
        uuid: '2e3f4051-6b7c-4d8e-9f0a-1b2c3d4e5f62',
        name: 'Read only',
        secret: READ_ONLY_TOKEN,
        permissions: ['campaigns:read', 'whatsapp:read', 'listings:read', 'coaching-agents:read', 'logs:read'],
        created_by: null,
        created_at: '2026-01-05T09:00:00+01:00',
        last_used_at: null,
        revoked_at: null,
      },
    ],
    contacts: [
      { uuid: CONTACT_FULL, name: 'Jonas Becker', phone: '+4915112345601', email: 'jonas.becker@example.de' },
      { uuid: CONTACT_PHONE_ONLY, name: 'Anna Müller', phone: '+4915112345602', email: null },
      { uuid: CONTACT_EMAIL_ONLY, name: 'Felix Wagner', phone: null, email: 'felix.wagner@example.de' },
    ],
    agents: [
      {
        uuid: AGENT_WHATSAPP,
        name: 'Spring Offers',
        channels: { call: null, sms: null, whatsapp: { phone_number_uuid: NUMBER_WHATSAPP, waba_id: WABA_MAIN }, email: EMAIL_ADDRESS, instagram: null, messenger: null },
      },
      { uuid: AGENT_CALL_ONLY, name: 'Recall Caller', channels: { call: NUMBER_CALLS, sms: null, whatsapp: null, email: null, instagram: null, messenger: null } },
    ],
    whatsapp_templates: [
      { uuid: TEMPLATE_SPRING, name: 'spring_offer', language: 'en', category: 'MARKETING', status: 'APPROVED', waba_id: WABA_MAIN },
      { uuid: TEMPLATE_REMINDER, name: 'appointment_reminder', language: 'de_DE', category: 'UTILITY', status: 'APPROVED', waba_id: WABA_OTHER },
    ],
    ...extra,
  };
}

/** A template setting record as a fixture holds it. */
export function settingRecord(uuid: string, status: 'active' | 'inactive', template = TEMPLATE_SPRING): Json {
  return {
    uuid,
    status,
    params: { body: { '1': '{{contact.first_name}}' }, header: {} },
    content: 'spring_offer: {{contact.first_name}}',
    template: { uuid: template, name: 'spring_offer', language: 'en', category: 'MARKETING', status: 'APPROVED', waba_id: WABA_MAIN },
    created_at: '2026-02-18T09:41:05+01:00',
    updated_at: '2026-02-18T09:41:05+01:00',
  };
}

/** A campaign record as a fixture holds it. */
export function campaignRecord(uuid: string, status: string, fields: Json = {}): Json {
  return {
    uuid,
    name: `Campaign ${status}`,
    description: null,
    status,
    campaign_type: 'text',
    agent_uuid: AGENT_WHATSAPP,
    contact_template_setting_uuid: null,
    start_date: null,
    end_date: null,
    created_at: '2026-02-20T14:05:11+01:00',
    updated_at: '2026-02-20T14:05:11+01:00',
    ...fields,
  };
}

export interface World {
  h: Harness;
  call(method: string, path: string, options?: { json?: unknown; query?: Record<string, string>; token?: string; headers?: Record<string, string> }): Promise<Reply>;
  advance(ms: number): Promise<void>;
  snapshotState(): Promise<Json>;
  close(): Promise<void>;
}

/** A mock (frozen clock, responses validated) serving only the given workspace. */
export async function openWorld(ws: Json = workspace(), transport: Transport = 'http', faults: string[] = []): Promise<World> {
  const h = await startHarness(transport, { clock: new MockClock({ frozenAt: T0 }) });
  const loaded = await h.control('POST', '/fixtures', { workspaces: [ws] });
  expect(loaded.status, loaded.text).toBe(200);
  if (faults.length > 0) expect((await h.control('PUT', '/faults', { faults })).status).toBe(200);
  return {
    h,
    call: (method, path, options = {}) =>
      h.call(method, path, {
        tenant: SLUG,
        token: options.token ?? TOKEN,
        ...(options.json === undefined ? {} : { json: options.json }),
        ...(options.query === undefined ? {} : { query: options.query }),
        ...(options.headers === undefined ? {} : { headers: options.headers }),
      }),
    async advance(ms) {
      expect((await h.control('POST', '/clock', { advance_ms: ms })).status).toBe(200);
    },
    async snapshotState() {
      const snapshot = (await h.control('GET', '/snapshot')).body as { workspaces: Array<{ state: Json }> };
      const state = snapshot.workspaces.find((w) => w.state.slug === SLUG)?.state;
      if (!state) throw new Error('no northwind workspace in the snapshot');
      return state;
    },
    close: () => h.close(),
  };
}

/** `data` of a success envelope. */
export function dataOf<T = Json>(reply: Reply): T {
  expect(reply.status, reply.text).toBeLessThan(300);
  return (reply.body as { data: T }).data;
}

/** Asserts an exact Shape A body `{success:false, message, data:[]}`. */
export function expectShapeA(reply: Reply, status: number): string {
  expect(reply.status, reply.text).toBe(status);
  const body = reply.body as Json;
  expect(Object.keys(body).sort()).toEqual(['data', 'message', 'success']);
  expect(body.success).toBe(false);
  expect(body.data).toEqual([]);
  return body.message as string;
}

/** Asserts a Shape B body and returns its `error`. */
export function expectShapeB(reply: Reply, status: number): { code: string; details: string; field?: string } {
  expect(reply.status, reply.text).toBe(status);
  const body = reply.body as Json;
  expect(Object.keys(body).sort()).toEqual(['error', 'message', 'success']);
  return body.error as { code: string; details: string; field?: string };
}
