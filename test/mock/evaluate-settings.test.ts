// Evaluate settings over HTTP (seed "What the service does" > Evaluate: "per-agent and global
// settings for how conversations are grouped into sessions and analyzed"; published API: PUT
// /api/v1/evaluate/default, PUT /api/v1/agents/{uuid}/evaluate and POST .../evaluate/reassign, each
// answering the evaluate settings; the reads of both paths are the contract's design): the
// workspace's defaults read back after a partial update (an analyzer's `prompt` sets its
// description); an agent follows the defaults until its first update gives it an override, a copy of
// the defaults with the change, which later default changes do not reach; a reassign replaces the
// override with a fresh copy; an unknown agent is 404 Shape A.
import { afterEach, describe, expect, it } from 'vitest';
import { demoTenant } from '../support/demo-tenants.ts';
import { type Harness, startHarness } from '../support/harness.ts';
import { expectShapeA, expectShapeB, type Json } from './campaigns-world.ts';

const DEFAULTS = '/api/v1/evaluate/default';
const agentPath = (uuid: string) => `/api/v1/agents/${uuid}/evaluate`;
const reassignPath = (uuid: string) => `/api/v1/agents/${uuid}/evaluate/reassign`;
const UNKNOWN = '0f0e0d0c-0b0a-4909-8807-060504030201';
const MESSAGE = 'Agent evaluate settings retrieved';

const acme = demoTenant('acme');
const globex = demoTenant('globex');
const OVERRIDING = '38703800-149e-459b-9d58-c705f979d04a';
const FOLLOWING = 'f47aebdd-597a-4ecf-bcf0-0fecb91ee9e5';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});
async function open(): Promise<Harness> {
  h = await startHarness('fetch');
  return h;
}
const data = (reply: { status: number; text: string; body: unknown }): Json => {
  expect(reply.status, reply.text).toBe(200);
  expect((reply.body as Json).message).toBe(MESSAGE);
  return (reply.body as Json).data as Json;
};
const session = (settings: Json) => settings.sessionization as Json;
const text = (settings: Json) => settings.text as Record<string, { enabled: boolean; description: string }>;
const voice = (settings: Json) => settings.voice as Record<string, { enabled: boolean; description: string }>;

describe('workspace default evaluate settings', () => {
  it('reads each workspace’s own defaults: acme’s saved ones, globex’s the service’s', async () => {
    const harness = await open();
    const saved = acme.state.evaluate_settings;
    expect(saved).toBeDefined();
    const got = data(await harness.call('GET', DEFAULTS));
    expect(got).toEqual({ ...saved, agent_uuid: null, is_default: true, source: 'default' });
    expect(session(got).timeout_minutes).toBe(45);
    expect(globex.state.evaluate_settings).toBeUndefined();
    const service = data(await harness.call('GET', DEFAULTS, { tenant: 'globex' }));
    expect(service).toMatchObject({ agent_uuid: null, is_default: true, is_active: true, source: 'default', sessionization: { session_mode: 'sliding_timeout', timeout_minutes: 30, report_language: 'English' } });
    expect(Object.keys(text(service))).toHaveLength(10);
    expect(Object.keys(voice(service))).toEqual(Object.keys(text(service)));
  });

  it('changes only the fields sent (the published body), persists them, and leaves the other workspace alone', async () => {
    const harness = await open();
    const before = data(await harness.call('GET', DEFAULTS));
    const body = {
      sessionization: { timeout_minutes: 30, report_language: 'German' },
      text: { emotion_detection: { enabled: false }, success_evaluation_prompt: { prompt: 'Evaluate whether the call ended with a booked demo.' } },
    };
    const updated = data(await harness.call('PUT', DEFAULTS, { json: body }));
    expect(session(updated)).toEqual({ ...session(before), timeout_minutes: 30, report_language: 'German' });
    expect(text(updated).emotion_detection).toEqual({ ...text(before).emotion_detection, enabled: false });
    expect(text(updated).success_evaluation_prompt).toEqual({ enabled: text(before).success_evaluation_prompt?.enabled, description: 'Evaluate whether the call ended with a booked demo.' });
    expect(text(updated).sentiment_analyzer).toEqual(text(before).sentiment_analyzer);
    expect(updated.voice).toEqual(before.voice);
    expect(data(await harness.call('GET', DEFAULTS))).toEqual(updated);
    expect(session(data(await harness.call('GET', DEFAULTS, { tenant: 'globex' })))).toMatchObject({ timeout_minutes: 30, report_language: 'English' });
  });

  it('rejects a timeout out of bounds, an unknown analyzer, clashing instructions and an empty body with 422 Shape B, changing nothing', async () => {
    const harness = await open();
    const error = expectShapeB(await harness.call('PUT', DEFAULTS, { json: { sessionization: { timeout_minutes: 0 } } }), 422);
    expect(error.field).toContain('timeout_minutes');
    expectShapeB(await harness.call('PUT', DEFAULTS, { json: {} }), 422);
    expectShapeB(await harness.call('PUT', DEFAULTS, { json: { text: { mood_ring: { enabled: true } } } }), 422);
    const clash = expectShapeB(await harness.call('PUT', DEFAULTS, { json: { text: { knowledge_gap: { description: 'a', prompt: 'b' } } } }), 422);
    expect(clash.field).toBe('text.knowledge_gap.prompt');
    expect(session(data(await harness.call('GET', DEFAULTS)))).toMatchObject({ timeout_minutes: 45 });
  });
});

describe('an agent’s evaluate settings', () => {
  it('reads an override as the agent’s own, and an agent without one as the defaults', async () => {
    const harness = await open();
    const own = data(await harness.call('GET', agentPath(OVERRIDING)));
    expect(own).toMatchObject({ agent_uuid: OVERRIDING, is_default: false, source: 'agent', sessionization: { timeout_minutes: 120 } });
    const defaults = data(await harness.call('GET', DEFAULTS));
    const following = data(await harness.call('GET', agentPath(FOLLOWING)));
    expect(following).toEqual({ ...defaults, agent_uuid: FOLLOWING });
  });

  it('gives an agent an override on its first update: a copy of the defaults with the change, kept when the defaults change', async () => {
    const harness = await open();
    const body = {
      is_active: true,
      sessionization: { timeout_minutes: 5, report_language: 'German' },
      text: { emotion_detection: { enabled: false }, success_evaluation_prompt: { enabled: true, prompt: 'Evaluate whether the customer ended satisfied AND with a clear next step.' } },
      voice: { human_escalation_detection: { enabled: true } },
    };
    const defaults = data(await harness.call('GET', DEFAULTS));
    const updated = data(await harness.call('PUT', agentPath(FOLLOWING), { json: body }));
    expect(updated).toMatchObject({ agent_uuid: FOLLOWING, is_default: false, source: 'agent', is_active: true });
    expect(session(updated)).toEqual({ ...session(defaults), timeout_minutes: 5, report_language: 'German' });
    expect(text(updated).emotion_detection?.enabled).toBe(false);
    expect(text(updated).success_evaluation_prompt?.description).toBe(body.text.success_evaluation_prompt.prompt);
    expect(voice(updated).human_escalation_detection?.enabled).toBe(true);
    data(await harness.call('PUT', DEFAULTS, { json: { sessionization: { timeout_minutes: 60 } } }));
    expect(data(await harness.call('GET', agentPath(FOLLOWING)))).toEqual(updated);
    const stillFollowing = acme.state.agents.find((a) => a.uuid !== FOLLOWING && a.uuid !== OVERRIDING)?.uuid as string;
    expect(session(data(await harness.call('GET', agentPath(stillFollowing)))).timeout_minutes).toBe(60);
  });

  it('reassigns: replaces the override with a fresh copy of the current defaults, for an agent with or without one', async () => {
    const harness = await open();
    data(await harness.call('PUT', DEFAULTS, { json: { sessionization: { timeout_minutes: 20 }, voice: { knowledge_gap: { enabled: false } } } }));
    const defaults = data(await harness.call('GET', DEFAULTS));
    const { agent_uuid: _a, is_default: _d, source: _s, ...values } = defaults;
    for (const agent of [OVERRIDING, FOLLOWING]) {
      const reassigned = data(await harness.call('POST', reassignPath(agent)));
      expect(reassigned).toEqual({ ...values, agent_uuid: agent, is_default: false, source: 'agent' });
      expect(data(await harness.call('GET', agentPath(agent)))).toEqual(reassigned);
    }
    data(await harness.call('PUT', DEFAULTS, { json: { sessionization: { timeout_minutes: 90 } } }));
    expect(session(data(await harness.call('GET', agentPath(OVERRIDING)))).timeout_minutes).toBe(20);
  });

  it('answers 404 in Shape A for an unknown agent or another workspace’s agent, on every agent operation', async () => {
    const harness = await open();
    const globexAgent = globex.state.agents[0]?.uuid as string;
    for (const uuid of [UNKNOWN, globexAgent]) {
      expectShapeA(await harness.call('GET', agentPath(uuid)), 404);
      expectShapeA(await harness.call('PUT', agentPath(uuid), { json: { is_active: false } }), 404);
      expectShapeA(await harness.call('POST', reassignPath(uuid)), 404);
    }
  });

  it('rejects an empty body and a malformed agent uuid with 422', async () => {
    const harness = await open();
    expectShapeB(await harness.call('PUT', agentPath(FOLLOWING), { json: {} }), 422);
    expect(expectShapeB(await harness.call('GET', agentPath('not-a-uuid')), 422).code).toBe('INVALID_UUID');
    expect(data(await harness.call('GET', agentPath(FOLLOWING))).source).toBe('default');
  });

  it('needs evaluate:read to read and evaluate:write to change or reassign', async () => {
    const harness = await open();
    const token = acme.readOnlyToken;
    expect((await harness.call('GET', DEFAULTS, { token })).status).toBe(403);
    expect((await harness.call('PUT', DEFAULTS, { token, json: { is_active: false } })).status).toBe(403);
    expect((await harness.call('PUT', agentPath(FOLLOWING), { token, json: { is_active: false } })).status).toBe(403);
    expect((await harness.call('POST', reassignPath(FOLLOWING), { token })).status).toBe(403);
  });
});
