// One pattern for phone numbers (seed "Errors": E.164 is `+` then up to 15 digits, no hyphens) and
// one exception the document makes: the `number` query of the channel snapshot, whose leading `+`
// is optional (seed "Endpoints").
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { demoTenant } from '../support/demo-tenants.ts';
import { type Harness, startHarness, T0 } from '../support/harness.ts';
import { sendBodies } from '../support/send-bodies.ts';

const acme = demoTenant('acme');
const bodies = sendBodies(acme);

describe('phone numbers are E.164 with their +', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness('http', { rateLimits: { sendPerSecond: 1_000, generalPerMinute: 100_000_000 } });
  });
  afterAll(() => h.close());
  beforeEach(async () => {
    h.clock.freeze(T0);
    await h.control('POST', '/reset');
  });

  it.each([
    ['without its +', (n: string) => n.slice(1)],
    ['with a hyphen', (n: string) => `${n.slice(0, 5)}-${n.slice(5)}`],
    ['with 16 digits', (n: string) => `+${n.slice(1)}${'1'.repeat(16 - (n.length - 1))}`],
  ])('an SMS to a number %s is refused with 422 INVALID_FORMAT and sends nothing', async (_what, broken) => {
    const before = await h.call('GET', '/api/v1/outbound/summary');
    const sent = await h.call('POST', '/api/v1/sms/send', { json: bodies.body('sms', { phoneNumber: broken(bodies.contactPhone) }) });
    expect(sent.status).toBe(422);
    expect(sent.json<{ error: { code: string; field: string } }>().error).toMatchObject({ code: 'INVALID_FORMAT', field: 'phoneNumber' });
    const after = await h.call('GET', '/api/v1/outbound/summary');
    expect(after.body).toEqual(before.body);
  });

  it('the same SMS with the + is accepted', async () => {
    const sent = await h.call('POST', '/api/v1/sms/send', { json: bodies.body('sms') });
    expect(sent.status).toBe(200);
  });

  it('the channel snapshot finds a number with or without its leading +', async () => {
    const number = acme.state.phone_numbers[0]?.number as string;
    expect(number.startsWith('+')).toBe(true);
    const withPlus = await h.call('GET', '/api/v1/phone-numbers/channels', { query: { number } });
    const withoutPlus = await h.call('GET', '/api/v1/phone-numbers/channels', { query: { number: number.slice(1) } });
    expect(withPlus.status).toBe(200);
    expect(withoutPlus.status).toBe(200);
    expect(withoutPlus.body).toEqual(withPlus.body);
  });
});
