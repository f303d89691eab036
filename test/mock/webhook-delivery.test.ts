// Webhooks that arrive (`--webhooks deliver`): a real receiver (node:http on 127.0.0.1, port 0) is
// registered as an agent webhook with an `http://` loopback URL (accepted only with delivery on);
// an inbound message makes the mock record deliveries and POST them: the raw JSON body is the
// recorded payload, `X-Webhook-Signature` is `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`
// with the webhook's secret; a 500 is retried and the retry answered 200; the webhooks feed shows
// one row per attempt with the real status, response and duration; the fixture webhook's host
// (not loopback, not allowed) is not contacted and its row says why. Waits are on events (the
// receiver's count, the sender's idle promise), never on time; retries wait 1 ms here.
import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createWebhookSender, hostAllowed, type WebhookSenderHandle } from '../../mock/delivery/webhook-sender.ts';
import type { ResponseBody } from '../support/contract.ts';
import { demoTenant } from '../support/demo-tenants.ts';
import { type Harness, startHarness, T0 } from '../support/harness.ts';

const acme = demoTenant('acme');
type Delivery = ResponseBody<'listWebhookDeliveryLogs', 200>['data']['data'][number];

const fixtureHook = acme.state.agent_webhooks.find((w) => w.is_active && w.events.includes('conversation_status'));
if (!fixtureHook) throw new Error('acme fixture lacks an active webhook on conversation_status');
const agent = acme.state.agents.find((a) => a.uuid === fixtureHook.agent_uuid);
const agentNumber = acme.state.phone_numbers.find((p) => p.uuid === agent?.channels.sms)?.number;
if (!agent || !agentNumber) throw new Error('the webhook agent of acme has no SMS number');
const SECRET = 'whsec_receiver_test_1';

interface Received {
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A receiver that answers each request with the next planned status (200 once the plan is used up). */
class Receiver {
  readonly requests: Received[] = [];
  plan: number[] = [];
  private waiters: Array<{ n: number; resolve: () => void }> = [];
  readonly server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      this.requests.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const status = this.plan.shift() ?? 200;
      res.writeHead(status, { 'content-type': 'text/plain', 'x-receiver': 'test' });
      res.end(status === 200 ? 'got it' : 'boom');
      const ready = this.waiters.filter((w) => this.requests.length >= w.n);
      this.waiters = this.waiters.filter((w) => this.requests.length < w.n);
      for (const w of ready) w.resolve();
    });
  });

  /** Resolves once `n` requests have arrived. */
  received(n: number): Promise<void> {
    if (this.requests.length >= n) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ n, resolve }));
  }
}

describe('webhook delivery', () => {
  let h: Harness;
  let sender: WebhookSenderHandle;
  const receiver = new Receiver();
  let url = '';

  beforeAll(async () => {
    await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(receiver.server.address() as AddressInfo).port}/hook`;
    sender = createWebhookSender({ retryDelaysMs: [1, 1], timeoutMs: 30_000 });
    h = await startHarness('http', { webhookSender: sender.send });
  });
  afterAll(async () => {
    await h.close();
    await sender.close();
    await new Promise<void>((resolve) => receiver.server.close(() => resolve()));
  });
  beforeEach(async () => {
    h.clock.freeze(T0);
    await h.control('POST', '/reset');
    receiver.requests.length = 0;
    receiver.plan = [];
  });

  async function register(hookUrl: string, events = ['conversation_status', 'conversation_update']): Promise<number> {
    const res = await h.call('POST', `/api/v1/agents/${fixtureHook?.agent_uuid}/webhooks`, { json: { url: hookUrl, events, secret_key: SECRET } });
    return res.status;
  }

  async function inbound(from: string): Promise<string> {
    const res = await h.control('POST', '/inbound', { tenant: 'acme', channel: 'sms', from, to: agentNumber, text: 'Hallo' });
    expect(res.status, res.text).toBe(201);
    return (res.body as { data: { conversation_uuid: string } }).data.conversation_uuid;
  }

  async function feed(): Promise<Delivery[]> {
    const res = await h.call('GET', '/api/v1/logs/webhooks', { query: { per_page: '100', from: new Date(T0 - 60_000).toISOString() } });
    expect(res.status, res.text).toBe(200);
    return res.json<{ data: { data: Delivery[] } }>().data.data;
  }

  it('accepts http:// to loopback for webhook registrations, and nothing else over http', async () => {
    expect(await register(url)).toBe(201);
    expect(await register('http://acme.localhost:9/hook')).toBe(201);
    expect(await register('http://crm.acme.example/hook')).toBe(422);
    const sub = await h.call('POST', '/api/v1/webhooks', { json: { targetUrl: 'http://[::1]:9/n8n', event: 'text_evaluation' } });
    expect(sub.status, sub.text).toBe(201);
  });

  it('POSTs the signed payload, retries a 500, and records every attempt in the feed', async () => {
    expect(await register(url)).toBe(201);
    receiver.plan = [500];
    const conversation = await inbound('+491709990101');
    // conversation_status and conversation_update to the receiver, one of them retried once.
    await receiver.received(3);
    await sender.idle();
    expect(receiver.requests).toHaveLength(3);

    const events: string[] = [];
    for (const got of receiver.requests) {
      expect(got.path).toBe('/hook');
      expect(got.headers['content-type']).toBe('application/json');
      const signature = String(got.headers['x-webhook-signature']);
      const t = /^t=(\d+),v1=[0-9a-f]{64}$/.exec(signature)?.[1];
      expect(t, signature).toBeDefined();
      expect(signature).toBe(`t=${t},v1=${createHmac('sha256', SECRET).update(`${t}.${got.body}`).digest('hex')}`);
      const payload = JSON.parse(got.body) as { event: string; data: { conversation_uuid: string } };
      expect(payload.data.conversation_uuid).toBe(conversation);
      events.push(payload.event);
    }
    // The first request got the 500; its retry carries the same body.
    expect(receiver.requests[0]?.body).toBe(receiver.requests.slice(1).find((r) => r.body === receiver.requests[0]?.body)?.body);
    expect([...new Set(events)].sort()).toEqual(['conversation_status', 'conversation_update']);

    const rows = (await feed()).filter((r) => r.destination === url);
    expect(rows.map((r) => `${r.event}#${r.attempt}:${r.status}:${r.response?.status_code}`).sort()).toEqual(
      [`${events[0]}#1:failed:500`, `${events[0]}#2:delivered:200`, `${events.find((e) => e !== events[0])}#1:delivered:200`].sort(),
    );
    for (const r of rows) {
      expect(r.response?.headers['x-receiver']).toBe('test');
      expect(r.response?.body).toBe(r.status === 'delivered' ? 'got it' : 'boom');
      expect(r.duration_ms).toEqual(expect.any(Number));
      expect(r.error).toBeNull();
      expect(r.headers['X-Webhook-Signature']).toBe('***');
    }
  });

  it('does not contact a host that is not allowed, and says why in the feed', async () => {
    const conversation = await inbound('+491709990102');
    await sender.idle();
    expect(receiver.requests).toHaveLength(0);
    const row = (await feed()).find((r) => r.destination === fixtureHook.url && (r.payload as unknown as { data: { conversation_uuid?: string } }).data.conversation_uuid === conversation);
    expect(row).toMatchObject({ status: 'failed', attempt: 1, response: null, duration_ms: null });
    expect(row?.error).toMatch(/not sent: host .* is not allowed/);
  });

  it('allows loopback always and other hosts only when named', () => {
    for (const host of ['127.0.0.1', '[::1]', 'localhost', 'acme.localhost']) expect(hostAllowed(host, [])).toBe(true);
    expect(hostAllowed('crm.acme.example', [])).toBe(false);
    expect(hostAllowed('crm.acme.example', ['crm.acme.example'])).toBe(true);
    expect(hostAllowed('crm.acme.example', ['*.acme.example'])).toBe(true);
    expect(hostAllowed('acme.example.evil', ['*.acme.example'])).toBe(false);
    expect(hostAllowed('10.0.0.1', [])).toBe(false);
  });
});

describe('webhook delivery off (the default)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness('fetch');
  });
  afterAll(() => h.close());

  it('refuses http:// webhook URLs, loopback too', async () => {
    const res = await h.call('POST', `/api/v1/agents/${fixtureHook.agent_uuid}/webhooks`, { json: { url: 'http://127.0.0.1:9/hook', events: ['conversation_status'] } });
    expect(res.status, res.text).toBe(422);
  });
});
