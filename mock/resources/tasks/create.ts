// A task from a create body (contract TaskCreate), every check made before anything is written: the
// agent and campaign exist (422 naming the field), `scheduled_at` is in the future (read in the
// applied zone without an offset, seed "Time handling" rule 2), a `send_message` task names its
// WhatsApp template in `task_data` (published), and the contact is not blacklisted (422 naming the
// contact). Only then is a `contact` that matches no existing one (by phone number, then email)
// created.
import { errors } from '../../pipeline/api-error.ts';
import type { Contact, Schemas, WorkspaceState } from '../../state/workspace.ts';
import { parseDateTimeInput } from '../../time/instants.ts';
import type { AgentChannel } from '../campaigns/records.ts';
import { isBlacklisted } from '../contacts/contact-record.ts';
import { resolveContacts } from '../listings/contact-pool.ts';
import type { ListingTaskRecord } from '../listings/records.ts';
import { newUuid, normalizeE164 } from '../shared/lookup.ts';
import { CALL_TYPES, DEFAULT_PRIORITY, LEGACY_TYPES, MESSAGE_TYPES, type TaskDetails, type TaskType } from './records.ts';

type CreateBody = Schemas['TaskCreate'];
/** The `contact` of a create body (contract TaskContactInput). */
type ContactInput = { phone_number?: string; email?: string; name?: string };

/** An instant the body sends, read in the applied zone without an offset; 422 when it names no real instant. */
export function instantOf(value: string, zone: string, field: string): Date {
  const instant = parseDateTimeInput(value, zone);
  if (!instant) throw errors.validation('INVALID_FORMAT', `The field ${field} is not a valid date-time.`, field);
  return instant;
}

/** A time the task is to run at: in the future. */
export function futureInstant(value: string, zone: string, now: Date, field: string): Date {
  const instant = instantOf(value, zone, field);
  if (instant.getTime() <= now.getTime()) throw errors.validation('VALIDATION_ERROR', `The field ${field} must be in the future.`, field);
  return instant;
}

/** The channel a task of this type goes out on (the action log's channel). */
export function channelOfType(type: TaskType): AgentChannel {
  if (MESSAGE_TYPES.has(type)) return 'whatsapp';
  return type === 'send_email' ? 'email' : 'call';
}

function existingContact(ws: WorkspaceState, input: ContactInput): Contact | undefined {
  if (input.phone_number !== undefined) {
    const phone = normalizeE164(input.phone_number);
    const found = ws.contacts.find((c) => c.phone !== null && normalizeE164(c.phone) === phone);
    if (found) return found;
  }
  const email = input.email?.toLowerCase();
  return email === undefined ? undefined : ws.contacts.find((c) => c.email?.toLowerCase() === email);
}

function templateOf(ws: WorkspaceState, body: CreateBody): void {
  const data = body.task_data;
  if (body.type === 'send_message') {
    if (data?.message_type !== 'whatsapp_template') throw errors.validation('VALIDATION_ERROR', 'A send_message task needs task_data.message_type whatsapp_template.', 'task_data.message_type');
    if (data.template_uuid === undefined) throw errors.validation('VALIDATION_ERROR', 'A send_message task needs task_data.template_uuid.', 'task_data.template_uuid');
  }
  const uuid = data?.template_uuid?.toLowerCase();
  if (uuid !== undefined && !ws.whatsapp_templates.some((t) => t.uuid.toLowerCase() === uuid)) {
    throw errors.validation('VALIDATION_ERROR', 'The field task_data.template_uuid names no WhatsApp template of the workspace.', 'task_data.template_uuid');
  }
}

export function createTaskRecord(ws: WorkspaceState, body: CreateBody, now: Date, zone: string): ListingTaskRecord {
  const type = LEGACY_TYPES[body.type] ?? (body.type as TaskType);
  const agentUuid = body.agent_uuid.toLowerCase();
  const agent = ws.agents.find((a) => a.uuid.toLowerCase() === agentUuid);
  if (!agent) throw errors.validation('VALIDATION_ERROR', 'The field agent_uuid names no agent of the workspace.', 'agent_uuid');
  const campaignUuid = body.campaign_uuid?.toLowerCase();
  const campaign = campaignUuid === undefined ? undefined : ws.campaigns.find((c) => c.uuid.toLowerCase() === campaignUuid);
  if (campaignUuid !== undefined && !campaign) throw errors.validation('VALIDATION_ERROR', 'The field campaign_uuid names no campaign of the workspace.', 'campaign_uuid');
  const scheduledAt = futureInstant(body.scheduled_at, zone, now, 'scheduled_at');
  const expiresAt = body.expires_at === undefined ? null : instantOf(body.expires_at, zone, 'expires_at');
  templateOf(ws, body);

  let contact: Contact | undefined;
  if (body.contact_uuid !== undefined) {
    const wanted = body.contact_uuid.toLowerCase();
    contact = ws.contacts.find((c) => c.uuid.toLowerCase() === wanted);
    if (!contact) throw errors.validation('VALIDATION_ERROR', 'The field contact_uuid names no contact of the workspace.', 'contact_uuid');
  } else if (body.contact) {
    contact = existingContact(ws, body.contact as ContactInput);
  }
  if (contact && isBlacklisted(contact, now)) {
    throw errors.validation('VALIDATION_ERROR', `The contact ${contact.uuid} (${contact.name}) is blacklisted and gets no new tasks.`, body.contact_uuid === undefined ? 'contact' : 'contact_uuid');
  }
  if (!contact) {
    const input = body.contact as ContactInput;
    contact = resolveContacts(ws, [{ phone_number: input.phone_number, email: input.email, name: input.name }], now).contacts[0] as Contact;
  }

  return taskRecord({
    type,
    agentUuid: agent.uuid,
    campaignUuid: campaign?.uuid ?? null,
    contact,
    title: body.title,
    description: body.description ?? null,
    timezone: body.timezone ?? null,
    scheduledAt,
    expiresAt,
    maxAttempts: body.max_attempts ?? 3,
    taskData: body.task_data ? structuredClone(body.task_data) : null,
    metadata: body.metadata ? structuredClone(body.metadata) : null,
    autoQueue: body.auto_queue ?? false,
    priority: body.priority ?? DEFAULT_PRIORITY,
    now,
  });
}

/** What a task record is made of, its checks already passed. */
interface TaskParts {
  type: TaskType;
  agentUuid: string;
  campaignUuid: string | null;
  contact: Contact;
  title: string;
  description: string | null;
  timezone: string | null;
  scheduledAt: Date;
  expiresAt: Date | null;
  maxAttempts: number;
  taskData: TaskDetails['task_data'];
  metadata: TaskDetails['metadata'];
  autoQueue: boolean;
  priority: number;
  now: Date;
}

/** A task record (not yet stored): the contact's address on the type's channel, the run state empty. */
function taskRecord(p: TaskParts): ListingTaskRecord {
  const channel = channelOfType(p.type);
  const address = channel === 'email' ? p.contact.email : p.contact.phone;
  const details: TaskDetails = {
    type: p.type,
    agent_uuid: p.agentUuid,
    description: p.description,
    timezone: p.timezone,
    scheduled_at: p.scheduledAt,
    expires_at: p.expiresAt,
    max_attempts: p.maxAttempts,
    task_data: p.taskData,
    metadata: p.metadata,
    auto_queue: p.autoQueue,
    on_hold: false,
    queued_at: null,
    runs: [],
  };
  const what = CALL_TYPES.has(p.type) ? 'call' : MESSAGE_TYPES.has(p.type) ? 'WhatsApp template message' : p.type.replace('_', ' ');
  return {
    uuid: newUuid(),
    listing_uuid: null,
    campaign_uuid: p.campaignUuid,
    contact_uuid: p.contact.uuid,
    channel,
    address,
    name: p.title,
    description: p.description ?? `${p.title}: ${what} to ${address ?? p.contact.name}`,
    start_at: p.scheduledAt,
    cancelled_at: null,
    created_at: p.now,
    priority: p.priority,
    updated_at: p.now,
    details,
  };
}

/**
 * The task a running campaign without a listing gives a contact joining it through a pool (seed
 * behaviour 2: a pool operation creates work): a call for a `call` campaign, its template setting's
 * WhatsApp template for a `text` one, due now and queued by itself (auto_queue), so the task
 * runner takes it. None for a blacklisted contact, or a campaign with no agent or no usable template.
 */
export function campaignTaskRecord(ws: WorkspaceState, campaign: WorkspaceState['campaigns'][number], contact: Contact, now: Date): ListingTaskRecord | undefined {
  if (isBlacklisted(contact, now) || !campaign.agent_uuid) return undefined;
  const text = campaign.campaign_type === 'text';
  const setting = text ? ws.template_settings.find((t) => t.uuid === campaign.contact_template_setting_uuid && t.status === 'active') : undefined;
  if (text && !setting) return undefined;
  return taskRecord({
    type: text ? 'send_message' : 'make_call',
    agentUuid: campaign.agent_uuid,
    campaignUuid: campaign.uuid,
    contact,
    title: campaign.name,
    description: null,
    timezone: null,
    scheduledAt: now,
    expiresAt: null,
    maxAttempts: 3,
    taskData: setting ? { message_type: 'whatsapp_template', template_uuid: setting.template.uuid } : null,
    metadata: null,
    autoQueue: true,
    priority: DEFAULT_PRIORITY,
    now,
  });
}
