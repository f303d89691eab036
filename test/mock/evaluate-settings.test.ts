// Evaluate settings over HTTP (seed "What the service does" > Evaluate: "per-agent and global
// settings for how conversations are grouped into sessions and analyzed. A session ends when the
// customer is idle for the configured `sessionization.timeout_minutes`"; the paths and shapes are
// the contract's design): the workspace's settings read back after an update; an agent's
// overrides win over the workspace's values, null clears an override, and an agent inherits every
// value it does not override, including later workspace changes; an unknown agent is 404 Shape A.
import { afterEach, describe, expect, it } from 'vitest';
import { demoTenant } from '../support/demo-tenants.ts';
import { type Harness, startHarness } from '../support/harness.ts';
import { expectShapeA, expectShapeB, type Json } from './campaigns-world.ts';

const GLOBAL = '/api/v1/evaluate/settings';
const agentPath = (uuid: string) => `/api/v1/agents/${uuid}/evaluate/settings`;
const UNKNOWN = '0f0e0d0c-0b0a-4909-8807-060504030201';

const acme = demoTenant('acme');
const globex = demoTenant('globex');
const OVERRIDING = '38703800-149e-459b-9d58-c705f979d04a';
const INHERITING = 'f47aebdd-597a-4ecf-bcf0-0fecb91ee9e5';

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
  return (reply.body as Json).data as Json;
};

describe('workspace evaluate settings', () => {
  it('reads each workspace’s own settings: acme’s saved ones, globex’s defaults', async () => {
    const harness = await open();
    expect(acme.state.evaluate_settings).toBeDefined();
    expect(data(await harness.call('GET', GLOBAL))).toEqual({
      enabled: true,
      sessionization: { timeout_minutes: 45 },
      call_silence_timeout_seconds: 90,
      analyzer_features: ['summary', 'sentiment', 'resolution'],
      updated_at: '2026-10-12T11:20:00+02:00',
    });
    expect(globex.state.evaluate_settings).toBeUndefined();
    expect(data(await harness.call('GET', GLOBAL, { tenant: 'globex' }))).toEqual({
      enabled: true,
      sessionization: { timeout_minutes: 30 },
      call_silence_timeout_seconds: 60,
      analyzer_features: [],
      updated_at: null,
    });
  });

  it('changes only the fields sent, persists them, and leaves the other workspace alone', async () => {
    const harness = await open();
    const updated = data(await harness.call('PUT', GLOBAL, { json: { sessionization: { timeout_minutes: 15 } } }));
    expect(updated).toMatchObject({ sessionization: { timeout_minutes: 15 }, call_silence_timeout_seconds: 90, updated_at: '2026-12-01T10:30:00+01:00' });
    expect(data(await harness.call('GET', GLOBAL))).toEqual(updated);
    expect(data(await harness.call('GET', GLOBAL, { tenant: 'globex' }))).toMatchObject({ sessionization: { timeout_minutes: 30 } });
  });

  it('rejects a timeout out of bounds and an empty body with 422 Shape B, changing nothing', async () => {
    const harness = await open();
    const error = expectShapeB(await harness.call('PUT', GLOBAL, { json: { sessionization: { timeout_minutes: 0 } } }), 422);
    expect(error.field).toContain('timeout_minutes');
    expectShapeB(await harness.call('PUT', GLOBAL, { json: {} }), 422);
    expect(data(await harness.call('GET', GLOBAL))).toMatchObject({ sessionization: { timeout_minutes: 45 } });
  });
});

describe('agent evaluate settings', () => {
  it('overrides win, the rest is inherited from the workspace', async () => {
    const harness = await open();
    expect(data(await harness.call('GET', agentPath(OVERRIDING)))).toEqual({
      agent_uuid: OVERRIDING,
      overrides: { enabled: null, sessionization: { timeout_minutes: 120 }, call_silence_timeout_seconds: null, analyzer_features: null },
      effective: { enabled: true, sessionization: { timeout_minutes: 120 }, call_silence_timeout_seconds: 90, analyzer_features: ['summary', 'sentiment', 'resolution'] },
      updated_at: '2026-10-14T16:02:00+02:00',
    });
    expect(data(await harness.call('GET', agentPath(INHERITING)))).toMatchObject({
      overrides: { enabled: null, sessionization: { timeout_minutes: null }, call_silence_timeout_seconds: null, analyzer_features: null },
      effective: { sessionization: { timeout_minutes: 45 } },
      updated_at: null,
    });
  });

  it('follows a later workspace change where it inherits, not where it overrides', async () => {
    const harness = await open();
    await harness.call('PUT', GLOBAL, { json: { sessionization: { timeout_minutes: 10 }, call_silence_timeout_seconds: 20 } });
    expect(data(await harness.call('GET', agentPath(OVERRIDING))).effective).toMatchObject({ sessionization: { timeout_minutes: 120 }, call_silence_timeout_seconds: 20 });
    expect(data(await harness.call('GET', agentPath(INHERITING))).effective).toMatchObject({ sessionization: { timeout_minutes: 10 }, call_silence_timeout_seconds: 20 });
  });

  it('sets and clears overrides, persisting them; only the fields sent change', async () => {
    const harness = await open();
    const set = data(await harness.call('PUT', agentPath(INHERITING), { json: { analyzer_features: ['summary'], enabled: false } }));
    expect(set.overrides).toEqual({ enabled: false, sessionization: { timeout_minutes: null }, call_silence_timeout_seconds: null, analyzer_features: ['summary'] });
    expect(set.effective).toEqual({ enabled: false, sessionization: { timeout_minutes: 45 }, call_silence_timeout_seconds: 90, analyzer_features: ['summary'] });
    expect(set.updated_at).toBe('2026-12-01T10:30:00+01:00');
    expect(data(await harness.call('GET', agentPath(INHERITING)))).toEqual(set);

    const cleared = data(await harness.call('PUT', agentPath(OVERRIDING), { json: { sessionization: { timeout_minutes: null } } }));
    expect(cleared.overrides).toMatchObject({ sessionization: { timeout_minutes: null } });
    expect(cleared.effective).toMatchObject({ sessionization: { timeout_minutes: 45 } });
    // The workspace settings are untouched by agent updates.
    expect(data(await harness.call('GET', GLOBAL))).toMatchObject({ enabled: true, sessionization: { timeout_minutes: 45 } });
  });

  it('answers 404 Shape A for an unknown agent and for another workspace’s agent', async () => {
    const harness = await open();
    expect(expectShapeA(await harness.call('GET', agentPath(UNKNOWN)), 404)).toMatch(/agent not found/i);
    expectShapeA(await harness.call('PUT', agentPath(UNKNOWN), { json: { enabled: false } }), 404);
    const globexAgent = globex.state.agents[0]?.uuid ?? UNKNOWN;
    expectShapeA(await harness.call('GET', agentPath(globexAgent)), 404);
    expect(data(await harness.call('GET', agentPath(globexAgent), { tenant: 'globex' })).agent_uuid).toBe(globexAgent);
  });
});
