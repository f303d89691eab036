// The log feeds keep only what they can read back and mask every secret, wherever it sits: a body
// nested past the depth limit is refused and logged as null (the feed stays readable), a
// credential in a URL's query reads `***` in the API feed and in the webhooks feed's destination,
// and a boolean saying a secret exists (`has_secret`, `pin_set`) is shown as it is.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { demoTenant } from '../support/demo-tenants.ts';
import { type Harness, startHarness, T0 } from '../support/harness.ts';

const acme = demoTenant('acme');
const since = new Date(T0 - 1_000).toISOString();

interface FeedRow {
  method: string;
  path: string;
  status: number;
  request_body: unknown;
  response_body: unknown;
}

describe('the log feeds and what they keep', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness('http', { rateLimits: { sendPerSecond: 5, generalPerMinute: 100_000_000 } });
  });
  afterAll(() => h.close());
  beforeEach(async () => {
    h.clock.freeze(T0);
    await h.control('POST', '/reset');
  });

  async function apiFeed(): Promise<{ status: number; rows: FeedRow[]; text: string }> {
    const res = await h.call('GET', '/api/v1/logs/api', { query: { from: since, per_page: '100' } });
    const rows = res.status === 200 ? res.json<{ data: { data: FeedRow[] } }>().data.data : [];
    return { status: res.status, rows, text: res.text };
  }

  it('a body nested 10,000 deep, sent without a token, is refused and leaves the feed readable', async () => {
    const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
    const refused = await h.call('POST', '/api/v1/sms/send', { token: null, body: deep, headers: { 'content-type': 'application/json' } });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    const feed = await apiFeed();
    expect(feed.status).toBe(200);
    const row = feed.rows.find((r) => r.path === '/api/v1/sms/send');
    expect(row).toBeDefined();
    expect(row?.request_body).toBeNull();
  });

  it('a body as deep as the limit allows is still logged', async () => {
    const within = `${'['.repeat(30)}1${']'.repeat(30)}`;
    await h.call('POST', '/api/v1/sms/send', { body: within, headers: { 'content-type': 'application/json' } });
    const row = (await apiFeed()).rows.find((r) => r.path === '/api/v1/sms/send');
    expect(JSON.stringify(row?.request_body)).toBe(within);
  });

  it('credentials in a webhook URL read *** in the API feed and the webhooks feed; the rest of the URL stays', async () => {
    const conversations = await h.call('GET', '/api/v1/conversations', { query: { channel: 'sms', status: 'Active', per_page: '50' } });
    const withAgent = conversations.json<{ data: { data: Array<{ uuid: string; agent_uuid: string | null }> } }>().data.data.find((c) => c.agent_uuid !== null);
    if (withAgent === undefined) throw new Error('the acme fixture has an Active SMS conversation with an agent');
    const agent = withAgent.agent_uuid as string;
    const url = 'https://hooks.example/y?token=tok-AAAA1111&sig=sig-BBBB2222&id=7&api_key=key-CCCC3333&access_token=at-DDDD4444';
    const created = await h.call('POST', `/api/v1/agents/${agent}/webhooks`, { json: { url, events: ['conversation_update'], secret_key: 'whsec_feedtest' } });
    expect(created.status).toBe(201);
    const feed = await apiFeed();
    expect(feed.status).toBe(200);
    for (const secret of ['tok-AAAA1111', 'sig-BBBB2222', 'key-CCCC3333', 'at-DDDD4444', 'whsec_feedtest']) expect(feed.text).not.toContain(secret);
    const row = feed.rows.find((r) => r.method === 'POST' && r.path.endsWith('/webhooks'));
    expect(row?.request_body).toMatchObject({ url: 'https://hooks.example/y?token=***&sig=***&id=7&api_key=***&access_token=***', secret_key: '***' });
    // The answer's `has_secret` says a secret exists; it is no secret itself.
    expect(row?.response_body).toMatchObject({ data: { has_secret: true } });

    const member = acme.state.members[0]?.email as string;
    const replied = await h.call('POST', `/api/v1/conversations/${withAgent.uuid}/reply`, { json: { text: 'Thanks', user_email: member } });
    expect(replied.status).toBeLessThan(300);
    const hooks = await h.call('GET', '/api/v1/logs/webhooks', { query: { from: since, per_page: '100' } });
    expect(hooks.status).toBe(200);
    const destinations = hooks.json<{ data: { data: Array<{ destination: string }> } }>().data.data.map((d) => d.destination);
    expect(destinations).toContain('https://hooks.example/y?token=***&sig=***&id=7&api_key=***&access_token=***');
    expect(hooks.text).not.toContain('tok-AAAA1111');
  });
});
