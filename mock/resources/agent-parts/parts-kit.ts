// An agent's parts declared once per kind (guidelines, notes, procedures, training): the agent's
// field holding them, the path parameter naming one, how an input becomes a part and how an update
// changes one. `partsHandlers` derives the kind's four operations: add one (the other parts are
// kept), replace all (the set becomes the one sent), update one and delete one. Each answers the
// agent with all its parts, data-only `{data: Agent}` (the published part pages); an unknown agent
// or part is a 404, which the contract renders in Shape A for agent operations.
//
// The fault `parts-add-replaces-all` makes every add-one keep only the part it adds, as a
// replace-all would.
import type { Handler, HandlerContext, OperationId } from '../../core/handler.ts';
import { errors } from '../../pipeline/api-error.ts';
import type { Agent } from '../../state/workspace.ts';
import { agentView } from '../agents/agent-view.ts';
import { newUuid } from '../shared/lookup.ts';

/** A handler context whose operation the kit does not know statically. */
// biome-ignore lint/suspicious/noExplicitAny: the kit serves the operations of every kind; each hook types what it reads.
export type PartContext = HandlerContext<any>;

export type PartField = 'guidelines' | 'notes' | 'procedures' | 'training';

export interface PartKind<R extends { uuid: string }, I> {
  /** The agent's field holding the parts; also the replace body's key. */
  field: PartField;
  /** What a 404 names: `Guideline`. */
  noun: string;
  /** The path parameter naming one part. */
  idParam: string;
  /**
   * New parts from inputs, given the parts kept beside them (for defaults such as `order`); the
   * uuid is the kit's. The result is in the inputs' order.
   */
  create(inputs: I[], kept: R[], ctx: PartContext): Array<Omit<R, 'uuid'>>;
  /** Applies an update body to a part (the fields sent change, the others are kept). */
  update(part: R, body: Partial<I>, list: R[], ctx: PartContext): void;
  /** The list as stored and answered (default: as written). */
  arrange?(list: R[]): R[];
}

export interface PartOperations {
  add: OperationId;
  replace: OperationId;
  update: OperationId;
  remove: OperationId;
}

/** The handlers derived for the operations a kind names: exactly those operationIds. */
export type PartHandlers<O extends PartOperations> = { [K in Extract<O[keyof O], OperationId>]: Handler<K> };

/** The agent a request's path names, or the contract's 404. UUIDs match whatever their letter case. */
function findAgent(ctx: PartContext): Agent {
  const id = String((ctx.path as Record<string, unknown>).uuid ?? '').toLowerCase();
  const agent = ctx.ws.agents.find((a) => a.uuid.toLowerCase() === id);
  if (!agent) throw errors.notFound('Agent');
  return agent;
}

/** The handlers of a kind's four operations. */
export function partsHandlers<R extends { uuid: string }, I, const O extends PartOperations>(kind: PartKind<R, I>, ops: O): PartHandlers<O> {
  const listOf = (agent: Agent): R[] => [...((agent[kind.field] as unknown as R[] | undefined) ?? [])];
  const store = (agent: Agent, list: R[]): void => {
    (agent as unknown as Record<PartField, R[]>)[kind.field] = kind.arrange ? kind.arrange(list) : list;
  };
  const answer = (ctx: PartContext, agent: Agent) => ({ status: 200, body: { data: agentView(ctx.ws, agent) } });
  const made = (inputs: I[], kept: R[], ctx: PartContext): R[] => kind.create(inputs, kept, ctx).map((part) => ({ uuid: newUuid(), ...part }) as R);
  const findPart = (list: R[], ctx: PartContext): R => {
    const id = String((ctx.path as Record<string, unknown>)[kind.idParam] ?? '').toLowerCase();
    const part = list.find((p) => p.uuid.toLowerCase() === id);
    if (!part) throw errors.notFound(kind.noun);
    return part;
  };
  const handlers: Record<string, (ctx: PartContext) => { status: number; body: unknown }> = {
    [ops.add]: (ctx) => {
      const agent = findAgent(ctx);
      const kept = ctx.faults.has('parts-add-replaces-all') ? [] : listOf(agent);
      store(agent, [...kept, ...made([ctx.body as I], kept, ctx)]);
      return answer(ctx, agent);
    },
    [ops.replace]: (ctx) => {
      const agent = findAgent(ctx);
      const inputs = (ctx.body as Record<PartField, I[]>)[kind.field];
      store(agent, made(inputs, [], ctx));
      return answer(ctx, agent);
    },
    [ops.update]: (ctx) => {
      const agent = findAgent(ctx);
      const list = listOf(agent);
      const part = JSON.parse(JSON.stringify(findPart(list, ctx))) as R;
      kind.update(part, ctx.body as Partial<I>, list, ctx);
      store(
        agent,
        list.map((p) => (p.uuid === part.uuid ? part : p)),
      );
      return answer(ctx, agent);
    },
    [ops.remove]: (ctx) => {
      const agent = findAgent(ctx);
      const list = listOf(agent);
      const part = findPart(list, ctx);
      store(
        agent,
        list.filter((p) => p !== part),
      );
      return answer(ctx, agent);
    },
  };
  return handlers as unknown as PartHandlers<O>;
}

/**
 * The `order` of each input: the one sent, else the end of the list (one past the highest order
 * among the kept items and the orders sent; `first` for the first of an empty list).
 */
export function ordersOf(inputs: Array<{ order?: number | undefined }>, taken: number[], first: number): number[] {
  let next = Math.max(first - 1, ...taken, ...inputs.map((i) => i.order ?? first - 1)) + 1;
  return inputs.map((i) => i.order ?? next++);
}

/** Ascending by `order`, ties in the order written (Array#sort is stable). */
export function byOrder<T extends { order: number }>(list: T[]): T[] {
  return [...list].sort((a, b) => a.order - b.order);
}
