// An outbound call placed from an agent's number to a phone number: its conversation (found or
// opened), the call record with its media addresses, stored and handed to the call channel's
// sending queue. The call start (POST /api/v1/call) and a call task (tasks/dispatch.ts) both place
// calls through it.
import type { MockConfig } from '../../core/config.ts';
import type { Agent, PhoneNumberRecord, WorkspaceState } from '../../state/workspace.ts';
import type { ConversationRecord } from '../../state/workspace.ts';
import { conversationFor } from '../messaging/conversations.ts';
import { enqueue } from '../messaging/sending-queue.ts';
import { newUuid } from '../shared/lookup.ts';
import type { CallRecord } from './call-state.ts';

export interface PlacedCall {
  call: CallRecord;
  conversation: ConversationRecord;
  /** When the sending queue dials it. */
  dialAt: Date;
}

export interface CallRequest {
  agent: Agent;
  number: Pick<PhoneNumberRecord, 'uuid' | 'number'>;
  to: string;
  at: Date;
  request_key?: string | null;
  prompt?: CallRecord['prompt'];
  about?: string | null;
  start_message?: string | null;
}

export function placeCall(ws: WorkspaceState, config: MockConfig, request: CallRequest): PlacedCall {
  const { agent, number, to, at } = request;
  const conversation = conversationFor(ws, 'call', to, agent.uuid, at);
  const media = `https://${ws.slug}.${config.baseDomain}/media/calls/${conversation.uuid}`;
  const call: CallRecord = {
    uuid: newUuid(),
    conversation_uuid: conversation.uuid,
    contact_uuid: conversation.contact_uuid,
    direction: 'outbound',
    status: 'queued',
    to,
    from: number.number,
    phone_number_uuid: number.uuid,
    agent_uuid: agent.uuid,
    muted: false,
    forwarded_to: null,
    end_reason: null,
    request_key: request.request_key ?? null,
    listen_url: `${media}/listen`,
    record_url: `${media}/recording`,
    answered_at: null,
    ended_at: null,
    duration_seconds: null,
    created_at: at,
    updated_at: at,
    prompt: request.prompt ?? null,
    about: request.about ?? null,
    start_message: request.start_message ?? null,
  };
  ws.calls.push(call);
  const queued = enqueue(ws, 'call', call.uuid, at);
  return { call, conversation, dialAt: queued.send_at };
}
