// GET /api/v1/analytics/messages over real HTTP (seed "Endpoints" and "Analytics message row";
// published API, "Analytics"): required `from` and `to` bounding [from, to), rows in export order
// (created_at, then message_uuid), the channel, agent and campaign filters, `limit` 1..1000 with
// 500 by default, the opaque cursor bound to its workspace and filters, and the workspace policy
// ANALYTICS_MESSAGES_EXPORT (`disabled` → 403, `masked` → content `***`).
import { afterEach, describe, expect, it } from 'vitest';
import { MockClock } from '../../mock/time/clock.ts';
import { type Harness, type Reply, startHarness } from '../support/harness.ts';
import { analyticsWorkspace, C_WA1, CAMPAIGN, msg, OTHER_CAMPAIGN, ROWS_IN_ORDER } from './analytics-world.ts';
import { AGENT_CALL_ONLY, AGENT_WHATSAPP, expectShapeB, type Json, READ_ONLY_TOKEN, SLUG, T0, TOKEN } from './campaigns-world.ts';

const EXPORT = '/api/v1/analytics/messages';
const OTHER_SLUG = 'southwind';
const UNKNOWN = '0f0e0d0c-0b0a-4909-8807-060504030201';
const MARCH = { from: '2026-03-01T00:00:00', to: '2026-03-15T00:00:00' };

interface Row {
  message_uuid: string;
  content: string;
  content_disclosure: string;
  created_at: string;
}

interface Page {
  meta: Json;
  messages: Row[];
  pagination: { next_cursor: string | null; has_more: boolean; limit: number };
}

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** The analytics workspace, and a second one (another slug and secret) holding the same rows. */
async function open(extra: Json = {}): Promise<Harness> {
  h = await startHarness('http', { clock: new MockClock({ frozenAt: T0 }) });
  const other = { ...analyticsWorkspace(extra), slug: OTHER_SLUG, jwt_secret: 'southwind-test-secret-0123456789abcdef' };
  const loaded = await h.control('POST', '/fixtures', { workspaces: [analyticsWorkspace(extra), other] });
  expect(loaded.status, loaded.text).toBe(200);
  return h;
}

function get(harness: Harness, query: Record<string, string>, options: { tenant?: string; token?: string; headers?: Record<string, string> } = {}): Promise<Reply> {
  return harness.call('GET', EXPORT, { tenant: options.tenant ?? SLUG, token: options.token ?? TOKEN, query, headers: options.headers ?? {} });
}

async function page(harness: Harness, query: Record<string, string>, options: { tenant?: string; headers?: Record<string, string> } = {}): Promise<Page> {
  const reply = await get(harness, query, options);
  expect(reply.status, reply.text).toBe(200);
  return reply.body as Page;
}

/** Every page of an export, following next_cursor. */
async function all(harness: Harness, query: Record<string, string>): Promise<{ pages: Page[]; ids: string[] }> {
  const pages: Page[] = [];
  let cursor: string | null = null;
  do {
    const next: Page = await page(harness, cursor === null ? query : { ...query, cursor });
    pages.push(next);
    cursor = next.pagination.next_cursor;
  } while (cursor !== null && pages.length < 50);
  return { pages, ids: pages.flatMap((p) => p.messages.map((m) => m.message_uuid)) };
}

const ids = (p: Page) => p.messages.map((m) => m.message_uuid);

describe('the range and the order', () => {
  it('requires from and to', async () => {
    const harness = await open();
    expect(expectShapeB(await get(harness, { to: MARCH.to }), 422)).toMatchObject({ code: 'VALIDATION_ERROR', field: 'from' });
    expect(expectShapeB(await get(harness, { from: MARCH.from }), 422)).toMatchObject({ code: 'VALIDATION_ERROR', field: 'to' });
    expect(expectShapeB(await get(harness, { from: '2026-03-01', to: MARCH.to }), 422)).toMatchObject({ code: 'INVALID_FORMAT', field: 'from' });
    expect(expectShapeB(await get(harness, { from: MARCH.to, to: MARCH.from }), 422)).toMatchObject({ code: 'VALIDATION_ERROR', field: 'from' });
    expect(expectShapeB(await get(harness, { from: MARCH.from, to: MARCH.from }), 422).field).toBe('from');
  });

  it('answers the rows of [from, to) sorted by created_at then message_uuid, with the applied range in meta', async () => {
    const harness = await open();
    const body = await page(harness, MARCH);
    expect(ids(body)).toEqual(ROWS_IN_ORDER);
    expect(body.pagination).toEqual({ next_cursor: null, has_more: false, limit: 500 });
    expect(body.meta).toEqual({
      export_policy: 'enabled',
      channel: null,
      agent_uuid: null,
      campaign_uuid: null,
      from: '2026-03-01T00:00:00+01:00',
      to: '2026-03-15T00:00:00+01:00',
      timezone: 'Europe/Berlin',
      generated_at: '2026-03-14T10:30:00+01:00',
    });
    expect(body.messages[1]).toEqual({
      message_uuid: msg(2),
      conversation_uuid: C_WA1,
      session_uuid: '5e5e5e5e-0000-4000-8000-000000000001',
      contact_uuid: '325b55dd-7857-4976-ba12-917c1a26f801',
      agent_uuid: AGENT_WHATSAPP,
      channel: 'whatsapp',
      channel_label: 'whatsapp',
      direction: 'outbound',
      sender: 'agent',
      message_type: 'text',
      content: 'Gern, Ihr Termin ist bestätigt.',
      content_disclosure: 'raw',
      created_at: '2026-03-02T09:00:05+01:00',
    });
  });

  it('includes a row at from and excludes a row at to', async () => {
    const harness = await open();
    // M2 and M3 are at 09:00:05 on the 2nd; M9 at midnight starting the 10th.
    expect(ids(await page(harness, { from: '2026-03-02T09:00:05+01:00', to: '2026-03-10T00:00:00+01:00' }))).toEqual([2, 3, 4, 5, 6, 7].map(msg));
    expect(ids(await page(harness, { from: '2026-03-10T00:00:00+01:00', to: '2026-03-10T00:00:01+01:00' }))).toEqual([msg(9)]);
  });

  it('reads a date-time without an offset in the applied zone', async () => {
    const harness = await open();
    // 09:00 in New York is 14:00 in Berlin: after every row of the 2nd.
    const body = await page(harness, { from: '2026-03-02T00:00:00', to: '2026-03-02T09:00:00' }, { headers: { 'X-Timezone': 'America/New_York' } });
    expect(ids(body)).toEqual([1, 2, 3].map(msg));
    expect(body.meta).toMatchObject({ from: '2026-03-02T00:00:00-05:00', to: '2026-03-02T09:00:00-05:00', timezone: 'America/New_York' });
    expect(body.messages[0]?.created_at).toBe('2026-03-02T03:00:00-05:00');
    expect(ids(await page(harness, { from: '2026-03-02T00:00:00', to: '2026-03-02T09:00:00' }))).toEqual([]);
  });
});

describe('the filters', () => {
  it('filters by channel, agent and the campaign of the conversation', async () => {
    const harness = await open();
    expect(ids(await page(harness, { ...MARCH, channel: 'sms' }))).toEqual([6, 7].map(msg));
    expect(ids(await page(harness, { ...MARCH, channel: 'voice' }))).toEqual([]);
    expect(ids(await page(harness, { ...MARCH, agent_uuid: AGENT_CALL_ONLY }))).toEqual([6, 7].map(msg));
    expect(ids(await page(harness, { ...MARCH, agent_uuid: AGENT_WHATSAPP, channel: 'whatsapp' }))).toEqual([1, 2, 3, 4, 5, 9].map(msg));
    const campaign = await page(harness, { ...MARCH, campaign_uuid: CAMPAIGN });
    expect(ids(campaign)).toEqual([1, 2, 3, 9].map(msg));
    expect(campaign.meta).toMatchObject({ campaign_uuid: CAMPAIGN, agent_uuid: null, channel: null });
    expect(ids(await page(harness, { ...MARCH, campaign_uuid: OTHER_CAMPAIGN }))).toEqual([]);
  });

  it('answers an agent or campaign the workspace does not have with 404', async () => {
    const harness = await open();
    expect(expectShapeB(await get(harness, { ...MARCH, agent_uuid: UNKNOWN }), 404).code).toBe('RESOURCE_NOT_FOUND');
    expect(expectShapeB(await get(harness, { ...MARCH, campaign_uuid: UNKNOWN }), 404).code).toBe('RESOURCE_NOT_FOUND');
    expect(expectShapeB(await get(harness, { ...MARCH, agent_uuid: 'not-a-uuid' }), 422)).toMatchObject({ code: 'INVALID_UUID', field: 'agent_uuid' });
  });
});

describe('pages and cursors', () => {
  it('pages by limit after the cursor, across rows that share an instant, until has_more is false', async () => {
    const harness = await open();
    const { pages, ids: seen } = await all(harness, { ...MARCH, limit: '2' });
    expect(pages.map(ids)).toEqual([
      [msg(1), msg(2)],
      [msg(3), msg(4)],
      [msg(5), msg(6)],
      [msg(7), msg(9)],
    ]);
    expect(seen).toEqual(ROWS_IN_ORDER);
    expect(pages.map((p) => p.pagination.has_more)).toEqual([true, true, true, false]);
    expect(pages.map((p) => p.pagination.limit)).toEqual([2, 2, 2, 2]);
    expect(pages.at(-1)?.pagination.next_cursor).toBeNull();
  });

  it('lets the limit change from page to page, and keeps to the bounds 1..1000', async () => {
    const harness = await open();
    const first = await page(harness, { ...MARCH, limit: '3' });
    const cursor = first.pagination.next_cursor as string;
    expect(ids(await page(harness, { ...MARCH, limit: '1', cursor }))).toEqual([msg(4)]);
    expect(ids(await page(harness, { ...MARCH, limit: '1000', cursor }))).toEqual([4, 5, 6, 7, 9].map(msg));
    for (const limit of ['0', '1001', 'many']) expect(expectShapeB(await get(harness, { ...MARCH, limit }), 422).field, limit).toBe('limit');
  });

  it('refuses a cursor used with other filters or range, altered, made up, or issued by another workspace', async () => {
    const harness = await open();
    const cursor = (await page(harness, { ...MARCH, limit: '2' })).pagination.next_cursor as string;
    const refused = async (query: Record<string, string>, tenant = SLUG) => {
      const error = expectShapeB(await get(harness, query, { tenant }), 422);
      expect(error, JSON.stringify(query)).toMatchObject({ code: 'VALIDATION_ERROR', field: 'cursor' });
    };
    await refused({ ...MARCH, cursor, channel: 'whatsapp' });
    await refused({ ...MARCH, cursor, agent_uuid: AGENT_WHATSAPP });
    await refused({ ...MARCH, cursor, campaign_uuid: CAMPAIGN });
    await refused({ ...MARCH, to: '2026-03-16T00:00:00', cursor });
    const [payload, signature] = cursor.split('.') as [string, string];
    const forged = Buffer.from(JSON.stringify({ t: Date.parse('2026-03-05T17:00:00Z'), m: msg(4) })).toString('base64url');
    await refused({ ...MARCH, cursor: `${forged}.${signature}` });
    await refused({ ...MARCH, cursor: `${payload}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}` });
    await refused({ ...MARCH, cursor: payload });
    await refused({ ...MARCH, cursor: 'not a cursor' });
    await refused({ ...MARCH, cursor }, OTHER_SLUG);
    // The same cursor, with the same range and filters, in its own workspace.
    expect(ids(await page(harness, { ...MARCH, limit: '2', cursor }))).toEqual([msg(3), msg(4)]);
  });

  it('pages 500 rows by default through more than a thousand rows that share instants', async () => {
    const bulk = Array.from({ length: 1203 }, (_, i) => ({
      message_uuid: `b0b0b0b0-0000-4000-8000-${String(1203 - i).padStart(12, '0')}`,
      conversation_uuid: C_WA1,
      session_uuid: '5e5e5e5e-0000-4000-8000-000000000001',
      contact_uuid: '325b55dd-7857-4976-ba12-917c1a26f801',
      agent_uuid: AGENT_WHATSAPP,
      channel: 'whatsapp',
      channel_label: 'whatsapp',
      direction: i % 2 === 0 ? 'inbound' : 'outbound',
      sender: i % 2 === 0 ? 'contact' : 'agent',
      message_type: 'text',
      content: `bulk ${i}`,
      content_disclosure: 'raw',
      // Three rows a second, written newest first.
      created_at: new Date(Date.parse('2026-04-02T10:00:00Z') - Math.floor(i / 3) * 1000).toISOString().replace('Z', '+00:00'),
    }));
    const harness = await open({ message_rows: bulk });
    const query = { from: '2026-04-01T00:00:00', to: '2026-04-03T00:00:00' };
    const { pages, ids: seen } = await all(harness, query);
    expect(pages.map((p) => p.messages.length)).toEqual([500, 500, 203]);
    expect(new Set(seen).size).toBe(1203);
    const keys = pages.flatMap((p) => p.messages.map((m) => [Date.parse(m.created_at), m.message_uuid] as const));
    const sorted = [...keys].sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : 1));
    expect(keys).toEqual(sorted);
    const big = await page(harness, { ...query, limit: '1000' });
    expect(big.messages).toHaveLength(1000);
    expect(ids(await page(harness, { ...query, limit: '1000', cursor: big.pagination.next_cursor as string }))).toEqual(seen.slice(1000));
  });
});

describe('the export policy and permissions', () => {
  it('masks every row under the masked policy', async () => {
    const harness = await open();
    expect((await harness.control('PUT', `/workspaces/${SLUG}/policies`, { ANALYTICS_MESSAGES_EXPORT: 'masked' })).status).toBe(200);
    const body = await page(harness, MARCH);
    expect(body.meta.export_policy).toBe('masked');
    expect(ids(body)).toEqual(ROWS_IN_ORDER);
    expect(new Set(body.messages.map((m) => `${m.content} ${m.content_disclosure}`))).toEqual(new Set(['*** masked']));
    // The other workspace's policy is its own.
    expect((await page(harness, MARCH, { tenant: OTHER_SLUG })).messages[0]?.content).toBe('Kann ich am Dienstag kommen?');
  });

  it('refuses the export with 403 under the disabled policy', async () => {
    const harness = await open();
    expect((await harness.control('PUT', `/workspaces/${SLUG}/policies`, { ANALYTICS_MESSAGES_EXPORT: 'disabled' })).status).toBe(200);
    const error = expectShapeB(await get(harness, MARCH), 403);
    expect(error).toEqual({ code: 'FORBIDDEN', details: 'Message export is disabled by the workspace policy ANALYTICS_MESSAGES_EXPORT.' });
  });

  it('refuses a token without analytics:read with 403', async () => {
    const harness = await open();
    expect(expectShapeB(await get(harness, MARCH, { token: READ_ONLY_TOKEN }), 403).details).toContain('analytics:read');
  });
});
