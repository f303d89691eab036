// Control routes that make things happen in a workspace (described in control/openapi.yaml):
//   POST /__mock/analytics/grow             {rows, tenant?, seed?, from?, to?}: generated analytics
//        message rows, deterministic from the seed (every workspace when no tenant is named)
//   POST /__mock/inbound                    {tenant, channel, from, to?, text, subject?}: an inbound
//        message or email (seed "Events" rule 2)
//   POST /__mock/conversations/{uuid}/end   {tenant}: a messaging conversation ends
//   PUT  /__mock/webhooks/response          {tenant, status_code, body?}: what the webhook
//        destinations of a workspace answer from now on (status_code null: back to 200)
// Bodies are validated against control/openapi.yaml before they get here.
import type { Mock, WorkspaceRuntime } from '../core/mock.ts';
import type { MockResponse } from '../core/types.ts';
import { defaultRange, growMessageRows } from '../resources/analytics/grow.ts';
import { endConversation, type InboundMessage, receiveInbound } from '../resources/conversations/inbound.ts';
import { fail, json } from './respond.ts';

type Body = Record<string, unknown>;

function workspace(mock: Mock, slug: unknown): WorkspaceRuntime | MockResponse {
  const runtime = mock.store.get(String(slug));
  return runtime ?? fail(404, `No workspace ${String(slug)}.`, { field: 'tenant' });
}

function isResponse(value: WorkspaceRuntime | MockResponse): value is MockResponse {
  return 'status' in value;
}

export function handleEventControl(mock: Mock, method: string, sub: string, b: Body): MockResponse | undefined {
  const now = new Date(mock.clock.now());
  if (method === 'POST' && sub === '/analytics/grow') {
    const targets = b.tenant === undefined ? mock.store.all() : [workspace(mock, b.tenant)];
    const found = targets.find(isResponse);
    if (found) return found;
    const range = defaultRange(now.getTime());
    const from = b.from === undefined ? range.from : new Date(b.from as string);
    const to = b.to === undefined ? range.to : new Date(b.to as string);
    if (from.getTime() >= to.getTime()) return fail(422, 'from must be before to.', { field: 'from' });
    const seed = (b.seed as number | undefined) ?? 1;
    const grown = (targets as WorkspaceRuntime[]).map((runtime, i) => {
      const added = growMessageRows(runtime.state, { rows: b.rows as number, seed: seed + i, from, to });
      return { slug: runtime.state.slug, added, total: runtime.state.message_rows.length };
    });
    return json(200, { success: true, message: 'Analytics rows added', workspaces: grown, from: from.toISOString(), to: to.toISOString(), seed });
  }
  if (method === 'POST' && sub === '/inbound') {
    const runtime = workspace(mock, b.tenant);
    if (isResponse(runtime)) return runtime;
    const message: InboundMessage = {
      channel: b.channel as InboundMessage['channel'],
      from: b.from as string,
      text: b.text as string,
      ...(typeof b.to === 'string' ? { to: b.to } : {}),
      ...(typeof b.subject === 'string' ? { subject: b.subject } : {}),
    };
    const result = receiveInbound(runtime.state, message, now, mock.faults.webhookResponses.get(runtime.state.slug), !mock.faults.has('inbound-no-conversation'));
    return json(201, { success: true, message: 'Inbound message received', data: result });
  }
  const end = /^\/conversations\/([^/]+)\/end$/.exec(sub);
  if (method === 'POST' && end) {
    const runtime = workspace(mock, b.tenant);
    if (isResponse(runtime)) return runtime;
    const result = endConversation(runtime.state, decodeURIComponent(end[1] as string), now, mock.faults.webhookResponses.get(runtime.state.slug));
    return json(200, { success: true, message: 'Conversation ended', data: result });
  }
  if (method === 'PUT' && sub === '/webhooks/response') {
    const runtime = workspace(mock, b.tenant);
    if (isResponse(runtime)) return runtime;
    const code = b.status_code as number | null;
    mock.faults.webhookResponses.set(runtime.state.slug, code === null ? null : { status_code: code, body: (b.body as string | null | undefined) ?? null });
    return json(200, { success: true, message: 'Webhook response set', response: mock.faults.webhookResponses.get(runtime.state.slug) });
  }
  return undefined;
}
