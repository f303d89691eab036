// Assistant channel security and the email inbox release over HTTP (seed "What the service does":
// assistant channels are per user, each request names the target user by login email; "Assistant
// channel security"; behaviour 3: "Enabling 2FA on a channel without a PIN ever having been set
// fails; the PIN may be set in the same request. Static PIN is the only verification method";
// "Authentication" rule 7). The PIN is a secret: no answer ever carries it.
import { afterEach, describe, expect, it } from 'vitest';
import { demoTenant } from '../support/demo-tenants.ts';
import { type Harness, type Reply, startHarness } from '../support/harness.ts';
import { expectShapeB, type Json } from './campaigns-world.ts';

const security = (channel: string) => `/api/v1/assistant-channels/${channel}/security`;
const RELEASE = '/api/v1/assistant-channels/email';

const acme = demoTenant('acme');
const globex = demoTenant('globex');
const member = (email: string) => {
  const found = acme.state.members.find((m) => m.email === email);
  if (!found) throw new Error(`no member ${email}`);
  return found;
};
const MARIA = member('maria.schneider@acme.example');
const JONAS = member('jonas.weber@acme.example');
const LI = member('li.wang@acme.example');
const userToken = (memberUuid: string) => {
  const token = acme.state.user_tokens.find((t) => t.member_uuid === memberUuid)?.token;
  if (!token) throw new Error(`no user token for ${memberUuid}`);
  return token;
};

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function open(): Promise<Harness> {
  h = await startHarness('fetch');
  return h;
}

async function put(harness: Harness, channel: string, json: Json, token?: string): Promise<Reply> {
  return harness.call('PUT', security(channel), { json, ...(token === undefined ? {} : { token }) });
}

/** Every string anywhere in a body. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

describe('assistant channel security', () => {
  it('refuses to enable 2FA when no PIN was ever set, and changes nothing', async () => {
    const harness = await open();
    const refused = await put(harness, 'whatsapp', { user_email: MARIA.email, two_factor_enabled: true });
    const error = expectShapeB(refused, 422);
    expect(error).toMatchObject({ code: 'VALIDATION_ERROR', field: 'pin' });
    // Nothing was saved: a later change of the interval alone shows 2FA still off and no PIN.
    const after = await put(harness, 'whatsapp', { user_email: MARIA.email, reverify_after_minutes: 30 });
    expect(after.status, after.text).toBe(200);
    expect((after.body as Json).data).toMatchObject({ two_factor_enabled: false, pin_set: false, reverify_after_minutes: 30 });
  });

  it('enables 2FA with the PIN in the same request, and never echoes the PIN', async () => {
    const harness = await open();
    const saved = await put(harness, 'sms', { user_email: MARIA.email, two_factor_enabled: true, pin: '482916', reverify_after_minutes: 240 });
    expect(saved.status, saved.text).toBe(200);
    expect((saved.body as Json).data).toEqual({
      channel: 'sms',
      user_email: MARIA.email,
      two_factor_enabled: true,
      verification_method: 'static_pin',
      pin_set: true,
      reverify_after_minutes: 240,
      updated_at: '2026-12-01T10:30:00+01:00',
    });
    expect(strings(saved.body).some((s) => s.includes('482916'))).toBe(false);
  });

  it('enables 2FA later once a PIN was set earlier, keeping the fields not sent', async () => {
    const harness = await open();
    const pinOnly = await put(harness, 'whatsapp', { user_email: MARIA.email, pin: '1357' });
    expect((pinOnly.body as Json).data).toMatchObject({ two_factor_enabled: false, pin_set: true, reverify_after_minutes: 60 });
    const enabled = await put(harness, 'whatsapp', { user_email: MARIA.email, two_factor_enabled: true });
    expect(enabled.status, enabled.text).toBe(200);
    expect((enabled.body as Json).data).toMatchObject({ two_factor_enabled: true, pin_set: true, reverify_after_minutes: 60 });
    expect(strings(enabled.body).some((s) => s.includes('1357'))).toBe(false);
    // A fixture user whose email channel has a PIN but 2FA off can enable it without sending one.
    const jonas = await put(harness, 'email', { user_email: JONAS.email, two_factor_enabled: true });
    expect((jonas.body as Json).data).toMatchObject({ two_factor_enabled: true, pin_set: true });
  });

  it('keeps settings per user and per channel', async () => {
    const harness = await open();
    await put(harness, 'sms', { user_email: MARIA.email, two_factor_enabled: true, pin: '2468' });
    // Another user, and another channel of the same user, still have no PIN.
    expectShapeB(await put(harness, 'sms', { user_email: JONAS.email, two_factor_enabled: true }), 422);
    expectShapeB(await put(harness, 'whatsapp', { user_email: MARIA.email, two_factor_enabled: true }), 422);
    // The same user in another workspace is another record: globex's Dana has no PIN.
    const dana = await harness.call('PUT', security('sms'), { tenant: 'globex', json: { user_email: 'dana.kim@globex.example', two_factor_enabled: true } });
    expect(expectShapeB(dana, 422).field).toBe('pin');
  });

  it('names the user by user_email with a workspace token, and by the token with a per-user token', async () => {
    const harness = await open();
    const missing = await put(harness, 'sms', { two_factor_enabled: false });
    expect(expectShapeB(missing, 422)).toMatchObject({ code: 'VALIDATION_ERROR', field: 'user_email' });
    const stranger = await put(harness, 'sms', { user_email: 'nobody@acme.example', reverify_after_minutes: 10 });
    expect(expectShapeB(stranger, 422).field).toBe('user_email');
    const globexMember = await put(harness, 'sms', { user_email: globex.state.members[0]?.email, reverify_after_minutes: 10 });
    expect(expectShapeB(globexMember, 422).field).toBe('user_email');
    const own = await put(harness, 'sms', { pin: '9999', reverify_after_minutes: 15 }, userToken(LI.uuid));
    expect((own.body as Json).data).toMatchObject({ user_email: LI.email, pin_set: true, reverify_after_minutes: 15 });
  });

  it('rejects a PIN that is not 4 to 8 digits and an unknown channel', async () => {
    const harness = await open();
    expect(expectShapeB(await put(harness, 'sms', { user_email: MARIA.email, two_factor_enabled: true, pin: '12' }), 422).field).toBe('pin');
    expect((await put(harness, 'telegram', { user_email: MARIA.email, pin: '1234' })).status).toBe(422);
  });
});

describe('assistant email inbox release', () => {
  it("releases the user's assigned inbox once; a second release is 404", async () => {
    const harness = await open();
    const released = await harness.call('DELETE', RELEASE, { query: { user_email: MARIA.email } });
    expect(released.status, released.text).toBe(200);
    expect((released.body as Json).data).toEqual({
      channel: 'email',
      user_email: MARIA.email,
      released_address: 'maria.assistant@inbox.acme.example',
      released_at: '2026-12-01T10:30:00+01:00',
    });
    const again = await harness.call('DELETE', RELEASE, { query: { user_email: MARIA.email } });
    expect(expectShapeB(again, 404).code).toBe('RESOURCE_NOT_FOUND');
  });

  it('keeps the email channel security settings when the inbox is released', async () => {
    const harness = await open();
    expect((await harness.call('DELETE', RELEASE, { query: { user_email: JONAS.email } })).status).toBe(200);
    // Jonas's PIN survives the release: enabling 2FA without sending one is accepted.
    const enabled = await put(harness, 'email', { user_email: JONAS.email, two_factor_enabled: true });
    expect((enabled.body as Json).data).toMatchObject({ two_factor_enabled: true, pin_set: true });
  });

  it('answers 404 for a user with no assigned inbox and 422 without or with an unknown user_email', async () => {
    const harness = await open();
    expectShapeB(await harness.call('DELETE', RELEASE, { query: { user_email: LI.email } }), 404);
    expect(expectShapeB(await harness.call('DELETE', RELEASE), 422).field).toBe('user_email');
    expect(expectShapeB(await harness.call('DELETE', RELEASE, { query: { user_email: 'sam.rivera@globex.example' } }), 422).field).toBe('user_email');
  });

  it("releases the per-user token's own inbox", async () => {
    const harness = await open();
    const released = await harness.call('DELETE', RELEASE, { token: userToken(JONAS.uuid) });
    expect((released.body as Json).data).toMatchObject({ user_email: JONAS.email, released_address: 'jonas.assistant@inbox.acme.example' });
    // Maria's inbox is untouched.
    const maria = await harness.call('DELETE', RELEASE, { query: { user_email: MARIA.email } });
    expect((maria.body as Json).data).toMatchObject({ released_address: 'maria.assistant@inbox.acme.example' });
  });

  it("releases globex's inbox in globex only", async () => {
    const harness = await open();
    const sam = globex.state.members.find((m) => m.email === 'sam.rivera@globex.example');
    const released = await harness.call('DELETE', RELEASE, { tenant: 'globex', query: { user_email: sam?.email ?? '' } });
    expect((released.body as Json).data).toMatchObject({ released_address: 'sam.assistant@inbox.globex.example', released_at: '2026-12-01T04:30:00-05:00' });
  });
});

describe('the two-factor-without-pin fault', () => {
  it('makes the mock accept enabling 2FA with no PIN ever set', async () => {
    const harness = await open();
    expect((await harness.control('PUT', '/faults', { faults: ['two-factor-without-pin'] })).status).toBe(200);
    const accepted = await put(harness, 'whatsapp', { user_email: MARIA.email, two_factor_enabled: true });
    expect(accepted.status, accepted.text).toBe(200);
    expect((accepted.body as Json).data).toMatchObject({ two_factor_enabled: true, pin_set: false });
  });
});
