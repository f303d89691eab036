// The ids of one request of the operations part: real ones from the pool (for a DELETE, an item the
// suite creates for it, so nothing the target had and nothing other requests use is deleted), or
// made-up ones, with the expectation they call for and, when an operation cannot get a real id,
// the reason.
import { deref } from '../../contract/deref.ts';
import type { JsonObject } from '../../contract/openapi-types.ts';
import type { RequestPlan } from '../arbitraries/request.ts';
import type { SuiteOperation } from '../contract/operation.ts';
import type { Expectation } from '../http/exchange.ts';
import { allowedIn, effectOf } from '../run/modes.ts';
import { dataKeyFor } from '../target/data-keys.ts';
import { createOne, type DiscoveryContext } from './discover.ts';
import { IdPool } from './id-pool.ts';
import type { IdParam } from './id-sources.ts';
import { applyIds, type IdChoices, madeUpReferences, type TaggedPlan } from './tag-ids.ts';

export interface IdContext extends DiscoveryContext {
  pool: IdPool;
}

/**
 * Why the operation cannot be sent with only real ids in this run. `notRun` is set when that is by
 * design, not a gap in the target's answers: the mode does not create what a DELETE may remove (the
 * suite deletes only what it creates), or the id needs a data-file key the run was not given.
 */
export interface RealIdGap {
  reason: string;
  notRun?: string;
}

export function realIdGap(ctx: IdContext, op: SuiteOperation, params: readonly IdParam[]): RealIdGap | undefined {
  for (const param of params) {
    const source = param.source;
    if (!source) continue;
    if (op.method === 'DELETE') {
      const create = source.create;
      if (!create) {
        const reason = `the suite deletes only what it creates, and the contract has no create for ${source.collection}`;
        return { reason, notRun: `not run: ${reason} (only made-up ids are sent)` };
      }
      if (!allowedIn(ctx.target.mode, effectOf(ctx.contract, create))) {
        const reason = `the suite deletes only what it creates, and ${ctx.target.mode} mode does not send ${create.operationId}`;
        return { reason, notRun: `not run in ${ctx.target.mode} mode: ${reason} (only made-up ids are sent)` };
      }
      continue;
    }
    if (ctx.pool.ids(source.collection).length === 0) {
      const reason = `no real ${param.name} to send: ${ctx.pool.reason(source.collection) ?? `nothing found in ${source.collection}`}`;
      const key = source.parents.length === 0 ? dataKeyFor(source.collection) : undefined;
      if (key && ctx.target.data[key.key] === undefined) return { reason, notRun: `not run: needs ${key.key} in the data file (${key.names}); ${reason}` };
      return { reason };
    }
  }
  return undefined;
}

/** Why the operation cannot be sent with only real ids in this run; undefined when it can. */
export function noRealIds(ctx: IdContext, op: SuiteOperation, params: readonly IdParam[]): string | undefined {
  return realIdGap(ctx, op, params)?.reason;
}

/** The path ids of the request; a DELETE's real id is a fresh item the suite creates for it. */
export async function tagRequest(ctx: IdContext, op: SuiteOperation, params: readonly IdParam[], plan: RequestPlan, choices: IdChoices): Promise<TaggedPlan> {
  if (op.method !== 'DELETE') return applyIds(params, plan, ctx.pool, choices);
  const fresh = new IdPool();
  for (const param of params) {
    if (!param.source || param.source.parents.length > 0 || choices[param.name]?.real !== true) continue;
    await createOne(ctx, fresh, param.source, {});
  }
  return applyIds(params, plan, fresh, choices);
}

/**
 * A value no target knows, in the form of `current`: a fresh uuid for a uuid, else a key made of
 * lower-case letters, digits and underscores (the form of keys such as a contact field's).
 */
function madeUpValue(name: string, current: string | undefined): string {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  if (current === undefined || uuid.test(current) || name === 'uuid') return crypto.randomUUID();
  return `unknown_${crypto.randomUUID().replaceAll('-', '').slice(0, 12)}`;
}

/** The plan with every id parameter given a fresh random value (certainly unknown to the target). */
export function withRandomIds(params: readonly IdParam[], plan: RequestPlan): RequestPlan {
  const pathParams = { ...plan.pathParams };
  for (const param of params) pathParams[param.name] = madeUpValue(param.name, plan.pathParams[param.name]);
  return { ...plan, pathParams };
}

/**
 * Query parameters that name something by a free string (a file `path`): the target may not have
 * what a generated value names, so a 404 with real path ids can be about them.
 */
export function locatorParameters(op: SuiteOperation, query: RequestPlan['query']): string[] {
  return op.parameters
    .filter((p) => p.in === 'query' && query[p.name] !== undefined)
    .filter((p) => p.schema.type === 'string' && p.schema.enum === undefined && p.schema.format === undefined && p.schema.const === undefined)
    .map((p) => `query ${p.name}`);
}

/**
 * Body properties that name what a PUT or PATCH without path ids changes (a trunk row found by its
 * `phone_number`): the required top-level string properties the body carries. The target may not
 * have what a generated value names, so a 404 can be about them.
 */
export function bodyLocators(ctx: IdContext, op: SuiteOperation, body: unknown): string[] {
  if ((op.method !== 'PUT' && op.method !== 'PATCH') || op.parameters.some((p) => p.in === 'path') || !op.body) return [];
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return [];
  const schema = deref<JsonObject>(ctx.contract.doc, { $ref: op.body.schemaPointer }, op.body.schemaPointer).value;
  const required = Array.isArray(schema.required) ? (schema.required as unknown[]) : [];
  return Object.entries(body as Record<string, unknown>)
    .filter(([key, value]) => required.includes(key) && typeof value === 'string')
    .map(([key]) => `body ${key}`);
}

/** The expectation with the request's id tags and what else its body or query names that the suite made up. */
export function withIds(ctx: IdContext, op: SuiteOperation, expectation: Expectation, tagged: TaggedPlan): Expectation {
  if (expectation.kind !== 'accepted') return expectation;
  const known = ctx.pool.values();
  for (const t of tagged.ids) if (t.origin !== 'made-up') known.add(t.value);
  for (const value of Object.values(ctx.target.data)) if (typeof value === 'string') known.add(value);
  const references = [
    ...madeUpReferences(tagged.plan.body, known),
    ...madeUpReferences(tagged.plan.query, known).map((at) => `query ${at}`),
    ...locatorParameters(op, tagged.plan.query),
    ...bodyLocators(ctx, op, tagged.plan.body),
  ];
  return { ...expectation, ids: tagged.ids, ...(references.length > 0 ? { references: [...new Set(references)] } : {}) };
}
