// What a task does when the runner starts it (runner.ts), at the instant `at`: a call task makes a
// call (a call record with its conversation, on the sending queue at the call channel's pace, as
// POST /call does), a message task sends its WhatsApp template (as POST /whatsapp/template does),
// any other type has no channel action and completes at once. A task that cannot run (no phone
// number, no number on the agent, an unusable template, the 50 simultaneous calls) fails then,
// with the reason.
import type { MockConfig } from '../../core/config.ts';
import { ApiError } from '../../pipeline/api-error.ts';
import type { FaultPlan } from '../../pipeline/faults.ts';
import type { Agent, WorkspaceState } from '../../state/workspace.ts';
import { deliverOutbound } from '../agents/webhook-dispatch.ts';
import { liveCallCount, MAX_CONCURRENT_CALLS, RING_MS, TALK_MS } from '../calls/call-state.ts';
import type { ListingTaskRecord } from '../listings/records.ts';
import { placeCall } from '../calls/place-call.ts';
import { conversationFor } from '../messaging/conversations.ts';
import { outboundMessage, recordMessageRow, templateText } from '../messaging/messages.ts';
import { enqueue, HANDOVER_MS } from '../messaging/sending-queue.ts';
import { agentNumber } from '../messaging/senders.ts';
import { CALL_TYPES, MESSAGE_TYPES, type TaskDetails, type TaskRun } from './records.ts';

/** How long a task of a type without a channel action takes. */
const NO_ACTION_MS = 0;

function failed(at: Date, reason: string): TaskRun {
  return { dispatched_at: at, start_at: at, end_at: at, outcome: 'failed', failure_reason: reason, call_uuid: null, message_uuid: null, conversation_uuid: null };
}

/** The reason an ApiError gives, for a run that fails on what a send would have refused. */
function reasonOf(error: unknown): string {
  if (error instanceof ApiError) return error.details;
  throw error;
}

function phoneOf(ws: WorkspaceState, task: ListingTaskRecord): string | null {
  return ws.contacts.find((c) => c.uuid === task.contact_uuid)?.phone ?? null;
}

function runCall(ws: WorkspaceState, task: ListingTaskRecord, details: TaskDetails, agent: Agent, at: Date, config: MockConfig): TaskRun {
  const to = phoneOf(ws, task);
  if (to === null) return failed(at, 'The contact has no phone number to call.');
  let number: ReturnType<typeof agentNumber>;
  try {
    number = agentNumber(ws, 'call', agent, 'agent_uuid');
  } catch (error) {
    return failed(at, reasonOf(error));
  }
  if (liveCallCount(ws, at) >= MAX_CONCURRENT_CALLS) return failed(at, `The workspace already has ${MAX_CONCURRENT_CALLS} simultaneous calls.`);
  const { call, conversation, dialAt } = placeCall(ws, config, { agent, number, to, at, about: details.description });
  const dial = dialAt.getTime();
  return {
    dispatched_at: at,
    start_at: dialAt,
    end_at: new Date(dial + RING_MS + TALK_MS),
    outcome: 'completed',
    failure_reason: null,
    call_uuid: call.uuid,
    message_uuid: null,
    conversation_uuid: conversation.uuid,
  };
}

function parametersOf(details: TaskDetails): Record<string, string> | undefined {
  const value = details.task_data?.parameters;
  if (!value || typeof value !== 'object') return undefined;
  return Object.fromEntries(Object.entries(value).filter(([, v]) => typeof v === 'string')) as Record<string, string>;
}

function runMessage(ws: WorkspaceState, task: ListingTaskRecord, details: TaskDetails, agent: Agent, at: Date, faults: FaultPlan): TaskRun {
  const templateUuid = details.task_data?.template_uuid;
  const template = typeof templateUuid === 'string' ? ws.whatsapp_templates.find((t) => t.uuid.toLowerCase() === templateUuid.toLowerCase()) : undefined;
  if (!template) return failed(at, 'The task names no WhatsApp template of the workspace in task_data.template_uuid.');
  if (template.status !== 'APPROVED') return failed(at, `The template ${template.name} (${template.language}) is ${template.status}; only APPROVED templates can be sent.`);
  const binding = agent.channels.whatsapp;
  if (binding?.waba_id !== template.waba_id) return failed(at, `The agent ${agent.name} has no WhatsApp number on the template's business account ${template.waba_id}.`);
  const number = ws.phone_numbers.find((p) => p.uuid === binding.phone_number_uuid);
  if (!number) return failed(at, `The agent ${agent.name} has no WhatsApp number to send from.`);
  const to = phoneOf(ws, task);
  if (to === null) return failed(at, 'The contact has no phone number to send to.');
  const known = ws.conversations.length;
  const conversation = conversationFor(ws, 'whatsapp', to, agent.uuid, at);
  const text = templateText(template.name, parametersOf(details));
  const message = outboundMessage({ channel: 'whatsapp', to, sender: number, agentUuid: agent.uuid, text, requestKey: undefined, conversationUuid: conversation.uuid }, at);
  ws.messages.push(message);
  const queued = enqueue(ws, 'whatsapp', message.uuid, at);
  recordMessageRow(ws, message, conversation.contact_uuid, conversation.session_uuid, text, 'WhatsApp', 'template');
  deliverOutbound(ws, conversation, ws.conversations.length > known, { uuid: message.uuid, channel: 'whatsapp', sender: 'AI' }, at, faults.webhookResponses.get(ws.slug));
  return {
    dispatched_at: at,
    start_at: queued.send_at,
    end_at: new Date(queued.send_at.getTime() + HANDOVER_MS),
    outcome: 'completed',
    failure_reason: null,
    call_uuid: null,
    message_uuid: message.uuid,
    conversation_uuid: conversation.uuid,
  };
}

/** Runs the task's next attempt at `at`; returns the attempt. */
export function dispatchTask(ws: WorkspaceState, task: ListingTaskRecord, details: TaskDetails, at: Date, config: MockConfig, faults: FaultPlan): TaskRun {
  const agent = ws.agents.find((a) => a.uuid === details.agent_uuid);
  if (!agent) return failed(at, 'The task\u2019s agent no longer exists.');
  if (CALL_TYPES.has(details.type)) return runCall(ws, task, details, agent, at, config);
  if (MESSAGE_TYPES.has(details.type)) return runMessage(ws, task, details, agent, at, faults);
  const end = new Date(at.getTime() + NO_ACTION_MS);
  return { dispatched_at: at, start_at: at, end_at: end, outcome: 'completed', failure_reason: null, call_uuid: null, message_uuid: null, conversation_uuid: null };
}
