// UUIDs name records whatever their letter case: in a path, a query filter and a body's id
// fields, the upper-case form of a stored UUID finds the same record as its lower-case form.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { demoTenant } from '../support/demo-tenants.ts';
import { type Harness, startHarness, T0 } from '../support/harness.ts';

const acme = demoTenant('acme');

describe('UUIDs match regardless of case', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness('http');
  });
  afterAll(() => h.close());
  beforeEach(async () => {
    h.clock.freeze(T0);
    await h.control('POST', '/reset');
  });

  const campaign = acme.state.campaigns[0]?.uuid as string;
  const flow = acme.state.flows[0]?.uuid as string;
  const session = acme.state.assistant_sessions[0]?.uuid as string;

  it.each([
    ['a campaign', `/api/v1/campaigns/${campaign}`],
    ['a flow', `/api/v1/flow/${flow}`],
    ['an assistant session', `/api/v1/assistant/sessions/${session}`],
  ])('%s read by its upper-case UUID answers as by its lower-case one', async (_what, path) => {
    const lower = await h.call('GET', path);
    expect(lower.status).toBe(200);
    const upper = await h.call('GET', path.replace(/[0-9a-f]{8}-[0-9a-f-]{27}$/, (id) => id.toUpperCase()));
    expect(upper.status).toBe(200);
    expect(upper.body).toEqual(lower.body);
  });

  it('a list filter by an upper-case UUID filters as the lower-case one does', async () => {
    const conversation = acme.state.conversations.find((c) => c.agent_uuid !== null);
    const agent = conversation?.agent_uuid as string;
    const lower = await h.call('GET', '/api/v1/conversations', { query: { agent_uuid: agent, per_page: '100' } });
    const upper = await h.call('GET', '/api/v1/conversations', { query: { agent_uuid: agent.toUpperCase(), per_page: '100' } });
    expect(lower.status).toBe(200);
    const total = lower.json<{ data: { total: number } }>().data.total;
    expect(total).toBeGreaterThan(0);
    expect(upper.json<{ data: { total: number } }>().data.total).toBe(total);
  });

  it('a schedule filter and the id fields of a task body in upper case name the stored records', async () => {
    const schedule = acme.state.schedules[0]?.uuid as string;
    const lower = await h.call('GET', '/api/v1/appointments', { query: { schedule_uuid: schedule, per_page: '100' } });
    const upper = await h.call('GET', '/api/v1/appointments', { query: { schedule_uuid: schedule.toUpperCase(), per_page: '100' } });
    expect(upper.json<{ data: { total: number } }>().data.total).toBe(lower.json<{ data: { total: number } }>().data.total);
    const task = await h.call('POST', '/api/v1/tasks', {
      json: { title: 'Call back', type: 'make_call', scheduled_at: '2030-12-01T14:00:00Z', contact_uuid: acme.state.contacts[0]?.uuid.toUpperCase(), agent_uuid: acme.state.agents[0]?.uuid.toUpperCase() },
    });
    expect(task.status).toBe(201);
    expect(task.json<{ data: { agent_uuid: string } }>().data.agent_uuid).toBe(acme.state.agents[0]?.uuid);
  });
});
