// Builder agent conversations: create (→ processing), list, read (poll), answers, approve and
// rebuild (seed "States and transitions" > Builder agent conversation: "every write returns at
// once, and the client polls GET /api/v1/builder-agents/{uuid} until the status leaves
// `processing`"). Transitions are machine.ts; the clock's part is agent-state.ts. The published
// answers: the read in the envelope ("Build conversation retrieved successfully"), answers and
// approve as `{success, data}` without `message`; the rebuild keeps the seed's envelope.
import type { HandlerContext, HandlerGroup } from '../../core/handler.ts';
import { findOr404, newUuid } from '../shared/lookup.ts';
import { pagedList } from '../shared/paging.ts';
import { type BuilderAgentRecord, changed, settleBuilders, toConversation } from './agent-state.ts';
import { deriveName } from './builder-talk.ts';
import { createFlow } from './machine.ts';
import { readMarkers } from './markers.ts';

type Settling = Pick<HandlerContext, 'ws' | 'now' | 'config'>;

function settle(ctx: Settling): void {
  settleBuilders(ctx.ws, ctx.now, ctx.config.baseDomain);
}

/**
 * The create body read apart: `prompt`, `name`, and the further booleans the published page lists
 * without their names (kept with the conversation as they came).
 */
function createBody(body: object): { prompt: string; name: string | undefined; options: Record<string, boolean> } {
  const { prompt, name, ...rest } = body as Record<string, unknown>;
  const options: Record<string, boolean> = {};
  for (const [key, value] of Object.entries(rest)) if (typeof value === 'boolean') options[key] = value;
  return { prompt: String(prompt), name: typeof name === 'string' ? name : undefined, options };
}

function conversation(ctx: Settling, uuid: string): BuilderAgentRecord {
  settle(ctx);
  return findOr404(ctx.ws.builder_agents, uuid, 'Builder agent conversation');
}

export const builderAgentHandlers = {
  createBuilderAgent: (ctx) => {
    const { ws, body, now } = ctx;
    settle(ctx);
    const { prompt, name, options } = createBody(body);
    const record: BuilderAgentRecord = {
      uuid: newUuid(),
      created_at: now,
      builder_uuid: null,
      flow: createFlow(name ?? deriveName(prompt), prompt, now, readMarkers(prompt)),
      ...(Object.keys(options).length > 0 ? { options } : {}),
    };
    ws.builder_agents.push(record);
    return { status: 201, body: { success: true, message: 'Builder agent conversation created', data: toConversation(ws, record, now, ctx.host) } };
  },

  listBuilderAgents: (ctx) => {
    const { ws, query, now } = ctx;
    settle(ctx);
    const all = ws.builder_agents
      .map((record, index) => ({ record, index }))
      .filter(({ record }) => query.status === undefined || record.flow.status === query.status)
      .sort((a, b) => b.record.created_at.getTime() - a.record.created_at.getTime() || b.index - a.index)
      .map(({ record }) => record);
    // The `builder-agents-oldest-first` fault lists them the other way round.
    if (ctx.faults.has('builder-agents-oldest-first')) all.reverse();
    const page = pagedList(all, query.page, query.per_page);
    const data = { ...page, data: page.data.map((r) => toConversation(ws, r, now, ctx.host)) };
    return { status: 200, body: { success: true, message: 'Builder agent conversations retrieved', data } };
  },

  getBuilderAgent: (ctx) => {
    const record = conversation(ctx, ctx.path.uuid);
    return { status: 200, body: { success: true, message: 'Build conversation retrieved successfully', data: toConversation(ctx.ws, record, ctx.now, ctx.host) } };
  },

  answerBuilderAgentQuestions: (ctx) => {
    const record = conversation(ctx, ctx.path.uuid);
    const { message } = ctx.body;
    record.flow = changed(record.flow, { type: 'answer', at: ctx.now, message, markers: readMarkers(message), acceptFinished: ctx.faults.has('answers-after-finish') });
    return { status: 200, body: { success: true, data: toConversation(ctx.ws, record, ctx.now, ctx.host) } };
  },

  approveBuilderAgent: (ctx) => {
    const record = conversation(ctx, ctx.path.uuid);
    record.flow = changed(record.flow, { type: 'approve', at: ctx.now });
    return { status: 200, body: { success: true, data: toConversation(ctx.ws, record, ctx.now, ctx.host) } };
  },

  rebuildBuilderAgent: (ctx) => {
    const record = conversation(ctx, ctx.path.uuid);
    const { message, replace_prompt } = ctx.body;
    record.flow = changed(record.flow, {
      type: 'rebuild',
      at: ctx.now,
      message,
      // The `rebuild-drops-intent` fault replaces the intent whatever the request says.
      replace_prompt: replace_prompt === true || ctx.faults.has('rebuild-drops-intent'),
      markers: readMarkers(message),
      allowWhileRebuilding: ctx.faults.has('rebuild-no-409'),
    });
    return { status: 200, body: { success: true, message: 'Rebuild started', data: toConversation(ctx.ws, record, ctx.now, ctx.host) } };
  },
} satisfies HandlerGroup;
