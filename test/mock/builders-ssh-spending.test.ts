// Builder extras (published: SSH access create `{expires_minutes}` → `{ssh_command, token,
// expires_at}`, recreate → `{ssh_command}`, total spending `{currency, total_cost, vm_count,
// deployments}`; the SSH read is inferred): the token is in clear only in the create and recreate
// answers, masked in the read; a second create while the access is unexpired is 409; recreate
// replaces the token; bounds 5..10080 minutes (default 60); spending sums the apps' accrued costs.
import { describe, expect, it } from 'vitest';
import { useBuilderApi } from '../support/builder-api.ts';

const T0 = Date.parse('2026-03-10T08:00:00Z');
const setup = useBuilderApi(T0);
const { api, advance } = setup;

/** The demo workspace acme's running app (fixtures). */
const LEAD_WATCHER = '7e3b9c52-1f4d-4a8e-9b6c-2d5e8f0a1c3b';

describe('builder SSH access', () => {
  it('hands the token out once in clear; the read masks it; recreate replaces it', async () => {
    expect((await api('GET', `/builders/${LEAD_WATCHER}/ssh`)).body).toEqual({ success: true, data: null });
    const created = await api('POST', `/builders/${LEAD_WATCHER}/ssh`, { expires_minutes: 30 });
    expect(created.status).toBe(200);
    const { token, ssh_command, expires_at } = created.body.data;
    expect(token).toMatch(/^sshk_[0-9a-f]{32}$/);
    expect(ssh_command).toBe(`ssh ${token}@ssh.builder.mihu.ai`);
    expect(Date.parse(expires_at)).toBe(T0 + 30 * 60_000);
    expect(created.body).not.toHaveProperty('message');
    const read = await api('GET', `/builders/${LEAD_WATCHER}/ssh`);
    expect(read.body.data).toMatchObject({ token: `***${token.slice(-4)}`, ssh_command: `ssh ***${token.slice(-4)}@ssh.builder.mihu.ai`, active: true });
    expect(JSON.stringify(read.body)).not.toContain(token);
    // A second create while unexpired is refused; recreate gives a new token.
    expect((await api('POST', `/builders/${LEAD_WATCHER}/ssh`, {})).status).toBe(409);
    const recreated = await api('POST', `/builders/${LEAD_WATCHER}/ssh/recreate`, {});
    expect(recreated.status).toBe(200);
    expect(Object.keys(recreated.body.data)).toEqual(['ssh_command']);
    expect(recreated.body.data.ssh_command).not.toContain(token);
    const fresh = /^ssh (sshk_[0-9a-f]{32})@/.exec(recreated.body.data.ssh_command)?.[1] as string;
    const after = await api('GET', `/builders/${LEAD_WATCHER}/ssh`);
    expect(after.body.data.token).toBe(`***${fresh.slice(-4)}`);
    expect(Date.parse(after.body.data.expires_at)).toBe(T0 + 60 * 60_000);
    // Once expired, the read says so and a new create is accepted.
    advance(60 * 60_000 + 1);
    expect((await api('GET', `/builders/${LEAD_WATCHER}/ssh`)).body.data.active).toBe(false);
    expect((await api('POST', `/builders/${LEAD_WATCHER}/ssh`)).status).toBe(200);
  });

  it('refuses out-of-range expiry with 422 and an unknown app with 404', async () => {
    for (const minutes of [4, 10081, 1.5]) expect((await api('POST', `/builders/${LEAD_WATCHER}/ssh`, { expires_minutes: minutes })).status).toBe(422);
    expect((await api('POST', `/builders/${LEAD_WATCHER}/ssh/recreate`, { expires_minutes: 0 })).status).toBe(422);
    expect((await api('GET', `/builders/${LEAD_WATCHER}/ssh`)).body.data).toBeNull();
    expect((await api('POST', '/builders/0f0e0d0c-0b0a-4909-8807-060504030201/ssh', {})).status).toBe(404);
  });

  it('the fault builder-ssh-secret-unmasked shows the token in the read', async () => {
    const token = (await api('POST', `/builders/${LEAD_WATCHER}/ssh`, {})).body.data.token;
    setup.mock.faults.set(['builder-ssh-secret-unmasked']);
    expect((await api('GET', `/builders/${LEAD_WATCHER}/ssh`)).body.data.token).toBe(token);
  });
});

describe('builder spending', () => {
  it('sums the accrued cost of every app, one deployment and sandbox each', async () => {
    const res = await api('GET', '/builders/spending');
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data.currency).toBe('EUR');
    expect(data.vm_count).toBe(data.deployments.length);
    expect(data.deployments.map((d: { uuid: string }) => d.uuid)).toContain(LEAD_WATCHER);
    const sum = data.deployments.reduce((s: number, d: { cost: { cost: number } }) => s + d.cost.cost, 0);
    expect(data.total_cost).toBeCloseTo(sum, 2);
    // The running app accrues: two hours later the total has grown by about two hours of its rate.
    advance(2 * 3_600_000);
    const later = (await api('GET', '/builders/spending')).body.data;
    expect(later.total_cost).toBeGreaterThan(data.total_cost);
    const lead = later.deployments.find((d: { uuid: string }) => d.uuid === LEAD_WATCHER);
    const before = data.deployments.find((d: { uuid: string }) => d.uuid === LEAD_WATCHER);
    expect(lead.cost.runtime_hours - before.cost.runtime_hours).toBeCloseTo(2, 3);
  });
});
