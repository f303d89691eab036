// No operation answers its spec example any more: the default registry has no FROM_EXAMPLE entry
// (beyond the known list below, which may only shrink: an operation that gets its handler leaves
// it), and every operation of the contract, called with a valid request built from the contract's
// own examples (one fresh state per call), answers from state: no response carries
// `X-Mock-Source: example`. The sweep is shown to notice an example replay on a registry that has one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FROM_EXAMPLE, type HandlerRegistry } from '../../mock/core/handler.ts';
import { handlers } from '../../mock/resources/registry.ts';
import { contractOperations, operation } from '../support/contract.ts';
import { demoTenant, memberWhere } from '../support/demo-tenants.ts';
import { type Harness, startHarness, T0 } from '../support/harness.ts';
import { signMemberJwt } from '../support/jwt.ts';
import { sampleRequest } from '../support/samples.ts';

/** Operations still answering their example. Empty: every operation is served from state. */
const KNOWN_FROM_EXAMPLE: readonly string[] = [];

const acme = demoTenant('acme');

interface Answer {
  operationId: string;
  status: number;
  source: string | undefined;
}

async function sweep(h: Harness, jwt: string, operationIds: readonly string[]): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (const operationId of operationIds) {
    h.mock.store.load(h.mock.fixtures);
    h.clock.freeze(T0);
    const sample = sampleRequest(operation(operationId));
    const res = await h.call(sample.method, sample.path, { token: jwt, query: sample.query, ...(sample.body === undefined ? {} : { json: sample.body }) });
    answers.push({ operationId, status: res.status, source: res.headers['x-mock-source'] });
  }
  return answers;
}

async function harnessWith(registry?: HandlerRegistry): Promise<{ h: Harness; jwt: string }> {
  const h = await startHarness('fetch', { rateLimits: { sendPerSecond: 1_000, generalPerMinute: 100_000_000 }, ...(registry ? { handlers: registry } : {}) });
  const jwt = await signMemberJwt(acme.state, memberWhere(acme, 'an email', () => true), { exp: Math.floor(T0 / 1000) + 3600 });
  return { h, jwt };
}

describe('no example replays', () => {
  let h: Harness;
  let jwt: string;
  beforeAll(async () => {
    ({ h, jwt } = await harnessWith());
  });
  afterAll(() => h.close());

  it('the default registry has no FROM_EXAMPLE entry beyond the known list, and the list names only such entries', () => {
    const remaining = Object.entries(handlers as Record<string, unknown>)
      .filter(([, entry]) => entry === FROM_EXAMPLE)
      .map(([id]) => id)
      .sort();
    expect(remaining).toEqual([...KNOWN_FROM_EXAMPLE].sort());
  });

  it('every operation of the contract answers from state, never with its example', async () => {
    const ids = contractOperations.map((op) => op.operationId).sort();
    expect(ids.length).toBe(Object.keys(handlers).length);
    const answers = await sweep(h, jwt, ids);
    expect(answers).toHaveLength(ids.length);
    const replays = answers.filter((a) => a.source === 'example' && !KNOWN_FROM_EXAMPLE.includes(a.operationId)).map((a) => a.operationId);
    expect(replays).toEqual([]);
    // A successful answer always comes from state.
    for (const a of answers) if (a.status >= 200 && a.status < 300) expect(a.source, a.operationId).toBe('state');
    // The example ids of the contract are unknown to the fixtures: those calls are the state's 404s
    // (an example replay would answer 200). No call makes a handler fail.
    expect(answers.filter((a) => a.status >= 500).map((a) => `${a.operationId} ${a.status}`)).toEqual([]);
    expect(answers.some((a) => a.status === 404)).toBe(true);
  }, 120_000);

  it('notices an operation that replays its example', async () => {
    const replaying = { ...(handlers as Record<string, unknown>), listCalls: FROM_EXAMPLE } as unknown as HandlerRegistry;
    const other = await harnessWith(replaying);
    try {
      const [answer] = await sweep(other.h, other.jwt, ['listCalls']);
      expect(answer).toMatchObject({ operationId: 'listCalls', source: 'example' });
    } finally {
      await other.h.close();
    }
  });
});
