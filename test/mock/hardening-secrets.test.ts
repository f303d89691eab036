// No read gives a secret away: every GET operation of the contract (generated/openapi.json) is read
// in both demo workspaces with the workspace's all-permissions token, its path parameters filled
// with every record id of the workspace (so each read that can answer 200 does), and no body may
// contain a secret of the fixtures: workspace token secrets, user tokens (JWTs), JWT signing
// secrets, builder service tokens, webhook secret keys, or any other field whose name says it holds
// a secret, password or PIN.
import { describe, expect, it } from 'vitest';
import type { MockRequest } from '../../mock/core/types.ts';
import { contractOperations } from '../support/contract.ts';
import { demoFixtures } from '../support/demo-tenants.ts';
import { testMock } from '../support/harness.ts';
import { parameterExample } from '../support/samples.ts';

const fixtures = demoFixtures();
const SECRET_FIELD = /secret|password|passcode|(^|_)pin($|_)|^token$|service_token|api_key|private_key/i;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Every string held under a secret-named field, with where it is. */
function secretsOf(value: unknown, path: string, out: Map<string, string>): Map<string, string> {
  if (Array.isArray(value)) for (const [i, v] of value.entries()) secretsOf(v, `${path}[${i}]`, out);
  else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if (typeof v === 'string' && SECRET_FIELD.test(key) && v.length >= 6) out.set(v, `${path}.${key}`);
      else secretsOf(v, `${path}.${key}`, out);
    }
  }
  return out;
}

function uuidsOf(value: unknown, out = new Set<string>()): Set<string> {
  if (typeof value === 'string' && UUID.test(value)) out.add(value);
  else if (Array.isArray(value)) for (const v of value) uuidsOf(v, out);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) uuidsOf(v, out);
  return out;
}

const secrets = new Map<string, string>();
for (const ws of fixtures) secretsOf(ws, ws.slug, secrets);
const reads = contractOperations.filter((op) => op.method.toLowerCase() === 'get');

describe('no secret in any read', () => {
  it('finds the fixtures secrets to look for', () => {
    const kinds = [...secrets.values()].map((where) => where.replace(/\[\d+\]/g, '[]').replace(/^\w+\./, ''));
    for (const kind of ['jwt_secret', 'tokens[].secret', 'user_tokens[].token', 'builders[].service_token']) expect(kinds).toContain(kind);
  });

  it.each(fixtures.map((ws) => ws.slug))('reads every GET operation of %s and finds none', async (slug) => {
    const mock = testMock({ rateLimits: { generalPerMinute: 1_000_000_000, sendPerSecond: 5 } });
    const ws = mock.fixtures.find((w) => w.slug === slug);
    if (!ws) throw new Error(`no fixture ${slug}`);
    const token = ws.tokens.find((t) => t.permissions.includes('*') && t.revoked_at === null)?.secret ?? '';
    const ids = [...uuidsOf(ws)];
    const leaks: string[] = [];
    let answered = 0;
    for (const op of reads) {
      const query = new URLSearchParams();
      for (const { value: param } of op.parameters) {
        if (param.in !== 'query') continue;
        if (param.name === 'user_email') query.set('user_email', ws.members[0]?.email ?? '');
        else if (param.required === true) query.set(param.name, parameterExample(param) ?? '');
      }
      const names = op.parameters.filter((p) => p.value.in === 'path').map((p) => p.value.name);
      const candidates = names.length === 0 ? [op.path] : ids.map((id) => names.reduce((path, name) => path.replace(`{${name}}`, id), op.path));
      for (const path of candidates) {
        const req: MockRequest = {
          method: 'GET',
          path,
          query: query.toString(),
          headers: { host: `${slug}.localhost`, authorization: `Bearer ${token}` },
          body: new Uint8Array(),
        };
        const res = await mock.handle(req);
        if (res.status >= 200 && res.status < 300) answered++;
        for (const [secret, where] of secrets) if (res.body.includes(secret)) leaks.push(`${op.operationId} ${path} (${res.status}) shows ${where}`);
      }
    }
    expect(answered).toBeGreaterThan(reads.length / 2);
    expect(leaks).toEqual([]);
  });
});
