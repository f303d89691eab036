// Real and made-up ids: which list or create of the contract yields the ids of a path parameter,
// how a request's ids are chosen and tagged, and what the expected-outcome check asks of each tag
// (real ids never 404; a made-up id 404 in the operation's shape).
import { describe, expect, it } from 'vitest';
import type { RequestPlan } from '../../conformance/arbitraries/request.ts';
import type { CheckResult } from '../../conformance/checks/check.ts';
import { runChecks } from '../../conformance/checks/run-checks.ts';
import { loadSuiteContract } from '../../conformance/contract/load.ts';
import type { SuiteOperation } from '../../conformance/contract/operation.ts';
import { sourcesFor } from '../../conformance/discovery/discover.ts';
import { IdPool } from '../../conformance/discovery/id-pool.ts';
import { idParams } from '../../conformance/discovery/id-sources.ts';
import { type IdContext, locatorParameters, noRealIds, withIds } from '../../conformance/discovery/request-ids.ts';
import { allMadeUp, allReal, applyIds, type IdTag, madeUpReferences } from '../../conformance/discovery/tag-ids.ts';
import type { Exchange, Expectation } from '../../conformance/http/exchange.ts';
import type { SuiteClient } from '../../conformance/http/client.ts';
import type { Mode, Target } from '../../conformance/target/target.ts';

const contract = loadSuiteContract();
const op = (id: string): SuiteOperation => {
  const found = contract.byId.get(id);
  if (!found) throw new Error(`no operation ${id}`);
  return found;
};

const AGENT = '11111111-1111-4111-8111-111111111111';
const WEBHOOK = '22222222-2222-4222-8222-222222222222';
const BUILDER = '33333333-3333-4333-8333-333333333333';
const MADE_UP = '44444444-4444-4444-8444-444444444444';

function pool(): IdPool {
  const p = new IdPool();
  p.add('/api/v1/agents', { value: AGENT, origin: 'discovered', from: 'listAgents', parents: {} });
  p.add('/api/v1/agents/{uuid}/webhooks', { value: WEBHOOK, origin: 'created', from: 'createAgentWebhook', parents: { uuid: AGENT } });
  p.add('/api/v1/builders', { value: BUILDER, origin: 'discovered', from: 'listBuilders', parents: {} });
  return p;
}

const plan = (pathParams: Record<string, string>, query: RequestPlan['query'] = {}, body?: unknown): RequestPlan => ({ pathParams, query, ...(body !== undefined ? { body } : {}) });

function idContext(mode: Mode, p = pool()): IdContext {
  const target = { mode, data: { agent_uuid: AGENT } } as unknown as Target;
  return { client: undefined as unknown as SuiteClient, contract, target, pool: p };
}

const UUID_TEXT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('id sources from the contract', () => {
  it('finds the list and the create of a collection right before the id', () => {
    const [uuid] = idParams(contract, op('getBuilder'));
    expect(uuid?.source?.collection).toBe('/api/v1/builders');
    expect(uuid?.source?.list?.operationId).toBe('listBuilders');
    expect(uuid?.source?.create?.operationId).toBe('createBuilder');
  });

  it('nests a collection under its parent id', () => {
    const params = idParams(contract, op('updateAgentWebhook'));
    expect(params.map((p) => [p.name, p.source?.collection, p.source?.parents])).toEqual([
      ['uuid', '/api/v1/agents', []],
      ['webhookUuid', '/api/v1/agents/{uuid}/webhooks', ['uuid']],
    ]);
    expect(params[1]?.source?.list?.operationId).toBe('listAgentWebhooks');
  });

  it('takes a create at a literal path under the collection that is no collection itself', () => {
    expect(idParams(contract, op('getDataTable'))[0]?.source?.create?.operationId).toBe('createDataTable');
  });

  it('guesses nothing where the contract names no list or create', () => {
    expect(idParams(contract, op('hangupCall'))[0]?.source).toBeUndefined();
  });

  it('finds the list of a collection named in the singular at its plural', () => {
    const [uuid] = idParams(contract, op('getFlow'));
    expect(uuid?.source?.collection).toBe('/api/v1/flow');
    expect(uuid?.source?.list?.operationId).toBe('listFlows');
  });

  it('lists parents before the collections nested under them', () => {
    const order = sourcesFor(contract, [op('updateAgentWebhook')]).map((s) => s.collection);
    expect(order).toEqual(['/api/v1/agents', '/api/v1/agents/{uuid}/webhooks']);
  });
});

describe('tagging a request', () => {
  const webhook = idParams(contract, op('updateAgentWebhook'));

  it('puts real ids in and tags them with their origin', () => {
    const tagged = applyIds(webhook, plan({ uuid: MADE_UP, webhookUuid: MADE_UP }), pool(), allReal(webhook));
    expect(tagged.plan.pathParams).toEqual({ uuid: AGENT, webhookUuid: WEBHOOK });
    expect(tagged.ids).toEqual([
      { param: 'uuid', value: AGENT, origin: 'discovered', from: 'listAgents' },
      { param: 'webhookUuid', value: WEBHOOK, origin: 'created', from: 'createAgentWebhook' },
    ]);
  });

  it('keeps a made-up parent made up under a real child', () => {
    const tagged = applyIds(webhook, plan({ uuid: MADE_UP, webhookUuid: MADE_UP }), pool(), { uuid: { real: false, pick: 0 }, webhookUuid: { real: true, pick: 0 } });
    expect(tagged.ids.map((t) => [t.param, t.origin])).toEqual([
      ['uuid', 'made-up'],
      ['webhookUuid', 'created'],
    ]);
    // A made-up uuid is drawn fresh (a generated one may be a contract example, which names a real record).
    expect(tagged.plan.pathParams.uuid).toMatch(UUID_TEXT);
    expect(pool().values().has(tagged.plan.pathParams.uuid as string)).toBe(false);
  });

  it('tags an id made up when the pool has none', () => {
    const params = idParams(contract, op('getDataTable'));
    const tagged = applyIds(params, plan({ uuid: MADE_UP }), pool(), allReal(params));
    expect(tagged.ids).toEqual([{ param: 'uuid', value: tagged.plan.pathParams.uuid, origin: 'made-up' }]);
    expect(tagged.plan.pathParams.uuid).toMatch(UUID_TEXT);
  });

  it('draws another value when a generated one happens to be real', () => {
    const params = idParams(contract, op('getBuilder'));
    const tagged = applyIds(params, plan({ uuid: BUILDER }), pool(), allMadeUp(params));
    expect(tagged.ids[0]?.origin).toBe('made-up');
    expect(tagged.plan.pathParams.uuid).not.toBe(BUILDER);
  });

  it('names the made-up uuids of a body and the free-string query parameters', () => {
    expect(madeUpReferences({ agent_uuid: AGENT, list: [{ id: MADE_UP }], n: 3 }, new Set([AGENT]))).toEqual(['list[0].id']);
    expect(locatorParameters(op('listBuilderFiles'), { path: 'src' })).toEqual(['query path']);
    expect(locatorParameters(op('listBuilderFiles'), {})).toEqual([]);
    const params = idParams(contract, op('getBuilder'));
    const tagged = applyIds(params, plan({ uuid: MADE_UP }), pool(), allReal(params));
    const e = withIds(idContext('full'), op('getBuilder'), { kind: 'accepted', part: 'documented', rule: 'r', what: 'a request' }, tagged);
    expect(e).toMatchObject({ ids: [{ origin: 'discovered' }] });
    expect('references' in e).toBe(false);
  });
});

describe('why an operation has no real ids', () => {
  it('names the mode that creates nothing', () => {
    const ctx = idContext('readonly');
    ctx.pool.explain('/api/v1/data', 'readonly mode does not send createDataTable');
    expect(noRealIds(ctx, op('getDataTable'), idParams(contract, op('getDataTable')))).toMatch(/readonly mode does not send createDataTable/);
  });

  it('deletes only what the suite creates, where the mode lets it create', () => {
    expect(noRealIds(idContext('safe'), op('revokeApiToken'), idParams(contract, op('revokeApiToken')))).toBeUndefined();
    expect(noRealIds(idContext('safe'), op('deleteListing'), idParams(contract, op('deleteListing')))).toMatch(/safe mode does not send createListing/);
  });

  it('has real ids when the pool holds some', () => {
    expect(noRealIds(idContext('readonly'), op('getBuilder'), idParams(contract, op('getBuilder')))).toBeUndefined();
  });
});

describe('expected-outcome with tagged ids', () => {
  const real: IdTag[] = [{ param: 'uuid', value: BUILDER, origin: 'discovered', from: 'listBuilders' }];
  const madeUp: IdTag[] = [{ param: 'uuid', value: MADE_UP, origin: 'made-up' }];
  const shapeB = (code: string, field?: string) => ({ success: false, message: 'x', error: { code, details: 'x', ...(field ? { field } : {}) } });
  const shapeA = { success: false, message: 'Flow not found', data: [] };

  function judge(id: string, status: number, body: unknown, ids: IdTag[], extra: Partial<Expectation> = {}, requestJson?: unknown): { result: CheckResult; messages: string[] } {
    const o = op(id);
    const expectation = { kind: 'accepted', part: 'documented', rule: 'r', what: 'a request', ids, ...extra } as Expectation;
    const ex: Exchange = {
      request: { operationId: id, method: o.method, url: 'http://acme.localhost/', headers: {} },
      response: { status, headers: { 'content-type': 'application/json' }, text: JSON.stringify(body) },
      sentAt: 0,
      receivedAt: 1,
      expectation,
      ...(requestJson !== undefined ? { requestJson } : {}),
    };
    const run = runChecks(contract, o, ex).find((r) => r.check === 'expected-outcome');
    if (!run) throw new Error('no expected-outcome');
    return { result: run.result, messages: Array.isArray(run.result) ? run.result.map((v) => v.message) : [] };
  }

  it('passes a real id answered 2xx', () => {
    expect(judge('getBuilder', 200, { success: true, message: 'ok', data: {} }, real).result).toBe('pass');
  });

  it('fails a real id answered 404, naming the id and where it came from', () => {
    const { result, messages } = judge('getBuilder', 404, shapeB('RESOURCE_NOT_FOUND'), real);
    expect(Array.isArray(result)).toBe(true);
    expect(messages[0]).toContain(`real uuid ${BUILDER} (discovered by listBuilders)`);
  });

  it('lets a 404 through when the request names something else the suite made up', () => {
    expect(judge('listBuilderFiles', 404, shapeB('RESOURCE_NOT_FOUND'), real, { references: ['query path'] }).result).toBe('pass');
  });

  it('takes a 409 only where the contract documents one for the operation', () => {
    expect(judge('startBuilder', 409, shapeB('CONFLICT'), real).result).toBe('pass');
    expect(messagesOf(judge('getBuilder', 409, shapeB('CONFLICT'), real))).toMatch(/does not document for getBuilder/);
  });

  it('takes a 422 naming a field the contract documents for the operation', () => {
    const channel = [{ param: 'uuid', value: BUILDER, origin: 'discovered' as const }];
    expect(judge('updateAssistantChannelSecurity', 422, shapeB('VALIDATION_ERROR', 'pin'), channel, {}, { two_factor_enabled: true }).result).toBe('pass');
  });

  it('asks 404 of a made-up id', () => {
    expect(judge('getBuilder', 404, shapeB('RESOURCE_NOT_FOUND'), madeUp).result).toBe('pass');
    const { messages } = judge('getBuilder', 200, { success: true, message: 'ok', data: {} }, madeUp);
    expect(messages[0]).toContain(`made-up uuid ${MADE_UP} (made-up)`);
    expect(messages[0]).toContain('answered 404');
  });

  it("asks the operation's 404 shape of a made-up id", () => {
    expect(judge('getFlow', 404, shapeA, madeUp).result).toBe('pass');
    expect(messagesOf(judge('getFlow', 404, shapeB('RESOURCE_NOT_FOUND'), madeUp))).toMatch(/Shape A/);
  });

  it('fails a 404 to a request without path ids that names nothing the suite made up', () => {
    const { result, messages } = judge('listBuilders', 404, shapeB('RESOURCE_NOT_FOUND'), []);
    expect(Array.isArray(result)).toBe(true);
    expect(messages[0]).toContain('names nothing unknown');
    expect(judge('listBuilders', 404, shapeB('RESOURCE_NOT_FOUND'), [], { references: ['agent_uuid'] }).result).toBe('pass');
  });

  it('takes a 404 to a DELETE of what the query names, once it is gone', () => {
    expect(judge('releaseAssistantEmailChannel', 404, shapeB('RESOURCE_NOT_FOUND'), []).result).toBe('pass');
  });

  it("fails a 422 naming a field only a shared example of another operation shows (`to` on a data table create)", () => {
    const body = { success: false, message: 'Validation failed', error: { code: 'VALIDATION_ERROR', details: 'x', field: 'to' } };
    expect(Array.isArray(judge('createDataTable', 422, body, [], {}, { name: 'Prices', columns: [] }).result)).toBe(true);
  });

  it('fails a 409 the contract does not document for the operation, with or without path ids', () => {
    expect(Array.isArray(judge('listBuilders', 409, shapeB('CONFLICT'), []).result)).toBe(true);
  });
});

function messagesOf(r: { messages: string[] }): string {
  return r.messages.join('\n');
}
