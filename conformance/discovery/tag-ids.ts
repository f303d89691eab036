// Puts ids into a request's path and tags each with where it came from: `discovered` or `created`
// (real, from the pool) or `made-up` (generated from the schema, or an example the target need not
// have). A nested id brings its parents along (a real webhook comes with its own agent), so a
// request whose ids are all real addresses something that exists.
import fc from 'fast-check';
import type { RequestPlan } from '../arbitraries/request.ts';
import type { IdOrigin, IdPool, KnownId } from './id-pool.ts';
import type { IdParam } from './id-sources.ts';

export interface IdTag {
  param: string;
  value: string;
  origin: IdOrigin;
  /** The operation that listed or created a real id. */
  from?: string;
}

/** For each id parameter: a real id (the `pick`-th known one) or the made-up value the plan has. */
export type IdChoices = Record<string, { real: boolean; pick: number }>;

export interface TaggedPlan {
  plan: RequestPlan;
  ids: IdTag[];
}

/** Choices for an operation's id parameters: mostly real, sometimes made up; shrinking goes towards real. */
export function idChoicesArbitrary(params: readonly IdParam[]): fc.Arbitrary<IdChoices> {
  const one = fc.oneof(
    { arbitrary: fc.nat({ max: 1000 }).map((pick) => ({ real: true, pick })), weight: 3 },
    { arbitrary: fc.constant({ real: false, pick: 0 }), weight: 1 },
  );
  return fc.record(Object.fromEntries(params.map((p) => [p.name, one])));
}

/** Every id parameter real (the first known id), as for a contract example. */
export function allReal(params: readonly IdParam[]): IdChoices {
  return Object.fromEntries(params.map((p) => [p.name, { real: true, pick: 0 }]));
}

/** Every id parameter made up. */
export function allMadeUp(params: readonly IdParam[]): IdChoices {
  return Object.fromEntries(params.map((p) => [p.name, { real: false, pick: 0 }]));
}

/**
 * The plan with real ids where the choices ask for them and the pool has one (deepest parameter
 * first, its parents following it), the plan's own values elsewhere, and the tag of every id.
 */
export function applyIds(params: readonly IdParam[], plan: RequestPlan, pool: IdPool, choices: IdChoices): TaggedPlan {
  const pathParams = { ...plan.pathParams };
  const known = pool.values();
  const chosen = new Map<string, IdTag>();
  const realWanted = (name: string) => choices[name]?.real === true;
  for (const param of [...params].reverse()) {
    if (chosen.has(param.name) || !realWanted(param.name) || !param.source) continue;
    const source = param.source;
    const fixed = Object.fromEntries(source.parents.flatMap((p) => (chosen.has(p) ? [[p, chosen.get(p)?.value as string]] : [])));
    const candidates = pool.ids(source.collection, fixed);
    if (candidates.length === 0) continue;
    const id = candidates[(choices[param.name]?.pick ?? 0) % candidates.length] as KnownId;
    chosen.set(param.name, { param: param.name, value: id.value, origin: id.origin, from: id.from });
    // Parents come with the id; a parent the choices make up stays made up.
    for (const [parent, value] of Object.entries(id.parents)) {
      if (chosen.has(parent) || !realWanted(parent)) continue;
      const collection = params.find((p) => p.name === parent)?.source?.collection;
      const own = collection === undefined ? undefined : pool.ids(collection).find((k) => k.value === value);
      chosen.set(parent, { param: parent, value, origin: own?.origin ?? id.origin, from: own?.from ?? id.from });
    }
  }
  const ids = params.map((param): IdTag => {
    const real = chosen.get(param.name);
    if (real) {
      pathParams[param.name] = real.value;
      return real;
    }
    let value = pathParams[param.name] ?? '';
    // A made-up uuid is drawn fresh: a generated value may be a known id, or the contract's example,
    // which names a real record of the target (the examples are live against the demo data).
    if (known.has(value) || UUID.test(value)) value = crypto.randomUUID();
    pathParams[param.name] = value;
    return { param: param.name, value, origin: 'made-up' };
  });
  return { plan: { ...plan, pathParams }, ids };
}

/** `uuid 3f0c… (discovered by listAgents)`, as findings name an id. */
export function describeIds(ids: readonly IdTag[]): string {
  return ids.map((t) => `${t.param} ${t.value} (${t.origin}${t.from ? ` by ${t.from}` : ''})`).join(', ');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The places in a body or query that hold a uuid the suite does not know as real (a made-up reference). */
export function madeUpReferences(value: unknown, known: ReadonlySet<string>, at = ''): string[] {
  if (typeof value === 'string') return UUID.test(value) && !known.has(value) ? [at || 'the body'] : [];
  if (Array.isArray(value)) return value.flatMap((v, i) => madeUpReferences(v, known, `${at}[${i}]`));
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([k, v]) => madeUpReferences(v, known, at ? `${at}.${k}` : k));
  }
  return [];
}
