// Handlers, one per operationId, typed by the generated types: a handler receives the validated
// request and the workspace state and returns a status and body of the operation's own types
// (with instants allowed as Date), or throws an ApiError.
import type { operations } from '../../generated/api.ts';
import type { operations as instantOperations } from '../../generated/api-instants.ts';
import type { OperationInfo } from '../contract/operation-table.ts';
import type { Principal } from '../pipeline/auth.ts';
import type { FaultPlan } from '../pipeline/faults.ts';
import type { Member, WorkspaceState } from '../state/workspace.ts';
import type { MockConfig } from './config.ts';

export type OperationId = keyof operations;

// Responses are typed with instants as Date; requests with the strings clients send.
type Responses<K extends OperationId> = instantOperations[K]['responses'];
type JsonOf<R> = R extends { content: { 'application/json': infer B } } ? B : never;
type SuccessStatus<K extends OperationId> = Extract<keyof Responses<K>, 200 | 201>;

export type HandlerResult<K extends OperationId> = {
  [S in SuccessStatus<K>]: { status: S; body: JsonOf<Responses<K>[S]> };
}[SuccessStatus<K>];

type Params<K extends OperationId, Where extends 'path' | 'query'> = operations[K]['parameters'] extends Record<Where, infer P>
  ? NonNullable<P>
  : Record<string, never>;

type BodyOf<K extends OperationId> = operations[K] extends { requestBody: { content: { 'application/json': infer B } } }
  ? B
  : operations[K] extends { requestBody?: { content: { 'application/json': infer B } } }
    ? B | undefined
    : undefined;

export interface HandlerContext<K extends OperationId = OperationId> {
  op: OperationInfo;
  ws: WorkspaceState;
  principal: Principal;
  /** The member acting: the JWT's user, or the `user_email` member with a workspace token. */
  actor: Member | undefined;
  /** The applied IANA zone. */
  zone: string;
  /** The clock's instant for this request. */
  now: Date;
  path: Params<K, 'path'>;
  query: Params<K, 'query'>;
  body: BodyOf<K>;
  config: MockConfig;
  /** The faults in force: a handler breaks its rule on purpose when its fault is active. */
  faults: FaultPlan;
  /** The host and port the request reached the mock at (`acme.localhost:4010`): URLs the mock serves itself are built on it. */
  host: string;
}

export type Handler<K extends OperationId> = (ctx: HandlerContext<K>) => HandlerResult<K>;

/** Marks an operation served from its spec example until a stateful handler lands. */
export const FROM_EXAMPLE = 'from-example' as const;

export type HandlerEntry<K extends OperationId> = Handler<K> | typeof FROM_EXAMPLE;

/** A group's handlers: any subset of the operations, each typed by its own operationId. */
export type HandlerGroup = { [K in OperationId]?: Handler<K> };

/** The registry: every operation has exactly one entry (checked by the type and by a test). */
export type HandlerRegistry = { [K in OperationId]: HandlerEntry<K> };
