// Reads real ids from the target before the operations are exercised: every collection an
// operation's path ids belong to is listed through its GET (items read where the contract puts
// them), and where the mode allows its create the suite makes one of its own, which it deletes
// again at the end. A top-level collection that yields nothing this way takes the id the data file
// names for it (target/data-keys.ts). A collection that yields nothing keeps the reason.
import { anchor, examplePlan } from '../arbitraries/request.ts';
import { listItems, readField, valueAt } from '../contract/fields.ts';
import type { SuiteContract } from '../contract/load.ts';
import type { SuiteOperation } from '../contract/operation.ts';
import type { SuiteClient } from '../http/client.ts';
import type { Expectation } from '../http/exchange.ts';
import { allowedIn, effectOf } from '../run/modes.ts';
import { givenId } from '../target/data-keys.ts';
import type { Target } from '../target/target.ts';
import { IdPool, type KnownId } from './id-pool.ts';
import { type IdSource, idParams } from './id-sources.ts';

/** Parent ids a nested collection is listed under (a few are enough to find items). */
const MAX_PARENTS = 3;
/**
 * Parent ids tried at most when the first few list no items and the mode creates none (an agent's
 * intents in a readonly run, where only some agents have any).
 */
const MAX_PARENT_TRIES = 25;

export interface DiscoveryContext {
  client: SuiteClient;
  contract: SuiteContract;
  target: Target;
}

function accepted(op: SuiteOperation, what: string): Expectation {
  return { kind: 'accepted', part: op.contract, rule: 'seed "Endpoints": a valid request is accepted or meets a documented business error', what };
}

/** The sources of the operations' ids and of their parents, parents first. */
export function sourcesFor(contract: SuiteContract, operations: readonly SuiteOperation[]): IdSource[] {
  const out = new Map<string, IdSource>();
  const visit = (op: SuiteOperation) => {
    for (const param of idParams(contract, op)) {
      const source = param.source;
      if (!source || out.has(source.collection)) continue;
      const owner = source.list ?? source.create;
      if (owner) visit(owner);
      out.set(source.collection, source);
    }
  };
  for (const op of operations) visit(op);
  return [...out.values()].sort((a, b) => a.parents.length - b.parents.length);
}

/** The parent ids to list or create a nested collection's items under (one `{}` for a top-level one). */
function parentSets(ctx: DiscoveryContext, pool: IdPool, source: IdSource): Array<Record<string, string>> {
  if (source.parents.length === 0) return [{}];
  const owner = source.list ?? source.create;
  if (source.parents.length > 1 || !owner) return [];
  const [name] = source.parents as [string];
  const parent = idParams(ctx.contract, owner).find((p) => p.name === name)?.source;
  if (!parent) return [];
  return pool
    .ids(parent.collection)
    .slice(0, MAX_PARENT_TRIES)
    .map((k) => ({ [name]: k.value }));
}

async function listInto(ctx: DiscoveryContext, pool: IdPool, source: IdSource, list: SuiteOperation, parents: Record<string, string>): Promise<void> {
  const answer = await ctx.client.send({ op: list, pathParams: parents, expectation: accepted(list, `discovery: listing ${source.collection}`) });
  const status = answer.response?.status ?? 0;
  if (status < 200 || status >= 300) {
    pool.explain(source.collection, `${list.operationId} answered ${status || answer.transportError}`);
    return;
  }
  const page = listItems<unknown>(list, status, answer.json, [source.field]);
  const path = list.responses.get(status)?.fields?.list()?.itemField(source.field);
  if (!page.ok || !path) {
    pool.explain(source.collection, page.ok ? `the items of ${list.operationId} have no ${source.field}` : page.reason);
    return;
  }
  for (const item of page.value.items) {
    const value = valueAt(item, path);
    if (typeof value === 'string') pool.add(source.collection, { value, origin: 'discovered', from: list.operationId, parents });
  }
}

let created = 0;

/** The body with its `name` made unique in the run (a name other requests took gives 409), when it still validates. */
function freshName(op: SuiteOperation, body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const name = (body as Record<string, unknown>).name;
  if (typeof name !== 'string') return body;
  created++;
  const candidate = { ...body, name: `${name} ${Date.now().toString(36)}${created}` };
  return op.body?.validate()(candidate) ? candidate : body;
}

/** Creates one item of a collection from the create's first contract example; the reason when it cannot. */
export async function createOne(ctx: DiscoveryContext, pool: IdPool, source: IdSource, parents: Record<string, string>): Promise<KnownId | string> {
  const create = source.create;
  if (!create) return `the contract has no create for ${source.collection}`;
  if (!allowedIn(ctx.target.mode, effectOf(ctx.contract, create))) return `${ctx.target.mode} mode does not send ${create.operationId}`;
  const base = examplePlan(create);
  const { plan, unsafe } = anchor(create, { ...base, pathParams: { ...base.pathParams, ...parents } }, ctx.target);
  if (unsafe) return `${create.operationId}: ${unsafe}`;
  plan.body = freshName(create, plan.body);
  const answer = await ctx.client.send({
    op: create,
    pathParams: plan.pathParams,
    query: plan.query,
    ...(plan.body !== undefined ? { json: plan.body } : {}),
    expectation: accepted(create, `discovery: creating an item of ${source.collection}`),
  });
  const status = answer.response?.status ?? 0;
  if (status < 200 || status >= 300) return `${create.operationId} answered ${status || answer.transportError}`;
  const uuid = readField(create, status, answer.json, source.field);
  if (!uuid.ok) return uuid.reason;
  if (typeof uuid.value !== 'string') return `the uuid ${create.operationId} answered is not a string`;
  const id: KnownId = { value: uuid.value, origin: 'created', from: create.operationId, parents };
  pool.add(source.collection, id);
  return id;
}

/** The id the data file names for a top-level collection, into the pool (`given`). */
export function addGiven(ctx: DiscoveryContext, pool: IdPool, source: IdSource): void {
  if (source.parents.length > 0) return;
  const given = givenId(ctx.target.data, source.collection);
  if (given) pool.add(source.collection, { value: given.value, origin: 'given', from: `data file ${given.key}`, parents: {} });
}

/** Lists and creates the ids of every collection the operations address. */
export async function discoverIds(ctx: DiscoveryContext, operations: readonly SuiteOperation[]): Promise<IdPool> {
  const pool = new IdPool();
  for (const source of sourcesFor(ctx.contract, operations)) {
    const sets = parentSets(ctx, pool, source);
    if (sets.length === 0) pool.explain(source.collection, `no real parent id (${source.parents.join(', ')}) to reach ${source.collection} under`);
    const creates = source.create !== undefined && allowedIn(ctx.target.mode, effectOf(ctx.contract, source.create));
    for (const [i, parents] of sets.entries()) {
      if (i >= MAX_PARENTS && (creates || pool.ids(source.collection).length > 0)) break;
      if (source.list) await listInto(ctx, pool, source, source.list, parents);
    }
    const first = sets[0];
    if (source.create && first) {
      const made = await createOne(ctx, pool, source, first);
      if (typeof made === 'string') pool.explain(source.collection, made);
    }
    if (pool.ids(source.collection).length === 0) addGiven(ctx, pool, source);
    if (pool.ids(source.collection).length === 0 && source.list) pool.explain(source.collection, `${source.list.operationId} listed no items`);
  }
  return pool;
}

/** The DELETE of an item of the collection (`<collection>/{id}`), when the contract has one. */
export function deleteOf(contract: SuiteContract, collection: string): { op: SuiteOperation; param: string } | undefined {
  for (const op of contract.operations) {
    if (op.method !== 'DELETE' || !op.path.startsWith(`${collection}/{`)) continue;
    const match = /^\{([^}]+)\}$/.exec(op.path.slice(collection.length + 1));
    if (match?.[1]) return { op, param: match[1] };
  }
  return undefined;
}

/** Deletes what discovery created, where the contract has a DELETE and the mode sends it. */
export async function cleanUp(ctx: DiscoveryContext, pool: IdPool): Promise<void> {
  for (const { collection, id } of pool.created()) {
    const remove = deleteOf(ctx.contract, collection);
    if (!remove || !allowedIn(ctx.target.mode, effectOf(ctx.contract, remove.op))) continue;
    await ctx.client.send({ op: remove.op, pathParams: { ...id.parents, [remove.param]: id.value }, expectation: accepted(remove.op, `clean-up: deleting the ${collection} item the suite created`) });
    pool.remove(collection, id.value);
  }
}
