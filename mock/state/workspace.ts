// The state of one workspace (tenant). Fixtures and snapshots have this shape, with instants as
// ISO strings. Resource records are kept in the API's own shape (instants as Date), so handlers
// return them as they are.
// The API's types with date-time values as Date (generated/api-instants.ts).
import type { components } from '../../generated/api-instants.ts';
import type { AgentWebhookRecord } from '../resources/agents/webhook-record.ts';
import type { AssistantChannelRecord } from '../resources/assistant/channel-record.ts';
import type { BuilderAgentRecord } from '../resources/builder-agents/agent-state.ts';
import type { BuilderAppRecord } from '../resources/builders/app-record.ts';
import type { CallRecord } from '../resources/calls/call-state.ts';
import type { CampaignDetailsRecord } from '../resources/campaigns/records.ts';
import type { ContactAnalyzerRecord } from '../resources/contacts/analyzers.ts';
import type { ContactApprovalRecord, ContactProfile, ContactSettingRecord, ContactTagRecord } from '../resources/contacts/contact-record.ts';
import type { DataImportJobRecord, DataTableRecord } from '../resources/data-tables/records.ts';
import type { AgentEvaluateRecord } from '../resources/evaluate/settings.ts';
import type { ListingRecord, ListingTaskRecord } from '../resources/listings/records.ts';
import type { ActionLogRecord, ApiLogRecord, WebhookDeliveryRecord } from '../resources/logs/records.ts';
import type { TranscriptionRecord } from '../resources/transcriptions/record.ts';
import type { AgentWebsiteJobRecord } from '../resources/agents/website-job.ts';
import type { WebhookSubscriptionRecord } from '../resources/webhooks/record.ts';
import type { WhatsappTemplateRecord } from '../resources/whatsapp/template-record.ts';
import type { PoolRecord } from '../resources/pools/records.ts';
import type { RuleRecord } from '../resources/rules/records.ts';

export type Schemas = components['schemas'];

export type ExportPolicy = 'enabled' | 'masked' | 'disabled';

export interface Member {
  uuid: string;
  email: string;
  name: string;
  /** IANA zone of the member's profile; null when not set. */
  timezone: string | null;
}

export interface ApiTokenRecord {
  uuid: string;
  name: string;
  /** The secret; shown once by the create operation, never listed. */
  secret: string;
  permissions: string[];
  created_by: string | null;
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

/** A per-user token (JWT) issued to a member; the claims are in the token itself. */
export interface UserTokenRecord {
  member_uuid: string;
  token: string;
  description: string;
  /** The claims the token was signed with (`npm run fixtures:sign` re-signs from them). */
  permissions: string[];
  iat: number;
  exp: number;
}

/**
 * A contact. `uuid`, `name`, `phone` and `email` are what every group reads; the published fields
 * (contacts API, listings' contact objects) are optional so records saved before they existed,
 * and contacts other groups create (inbound messages, sends), read as not set
 * (resources/contacts/contact-view.ts).
 */
export interface Contact extends ContactProfile {
  uuid: string;
  name: string;
  phone: string | null;
  email: string | null;
}

/** The published fields of an agent other than its uuid and name; absent ones read as not set. */
/** A record a flow trigger can be tested with: its listing and the payload it gives. */
export interface FlowTriggerSample {
  sample_uuid: string;
  label: string;
  timestamp: string;
  data: Record<string, unknown>;
}

/** An app of the flow catalogue: its listing, its triggers with their samples, and its actions. */
export type FlowAppRecord = Schemas['FlowStepApp'] & {
  triggers: Array<Schemas['FlowAppTrigger'] & { samples: FlowTriggerSample[] }>;
  actions: Array<Schemas['FlowAppAction']>;
};

export type AgentProfile = Partial<Omit<Schemas['Agent'], 'agent_uuid' | 'name' | 'channels'>>;

export interface Agent extends AgentProfile {
  uuid: string;
  name: string;
  /** The agent's intents, each with the action it runs (absent: none set). */
  intents?: Array<Schemas['AgentIntent'] & { event?: Schemas['AgentIntentEvent'] }>;
  /** Channel bindings: the phone number, address or account each channel uses. */
  channels: {
    call: string | null;
    sms: string | null;
    /** `calling`: the number also serves WhatsApp Calling for the agent (absent: messaging only). */
    whatsapp: { phone_number_uuid: string; waba_id: string; calling?: boolean } | null;
    email: string | null;
    instagram: { account_id: string; username: string } | null;
    messenger: { page_id: string; name: string } | null;
  };
}

/**
 * A WhatsApp number, Instagram account or Facebook page connected to the workspace (in the dashboard),
 * which an agent can be assigned. `id` is the phone number's uuid (WhatsApp), the account id
 * (Instagram) or the page id (Messenger); `name` the username or page name.
 */
export interface ChannelAccountRecord {
  kind: 'whatsapp' | 'instagram' | 'messenger';
  id: string;
  name: string;
  /** Whether the connection is live; a disconnected one cannot be assigned. */
  connected: boolean;
  /** WhatsApp: the business account of the number, and whether calling is enabled on it. */
  waba_id?: string;
  calling_enabled?: boolean;
}

export interface PhoneNumberRecord {
  uuid: string;
  number: string;
  is_external: boolean;
  /** `purchased` or `external` (registered through POST /api/v1/phone-numbers/trunks). */
  source: string;
  call: { capable: boolean; enabled: boolean; channel_limit: number; whitelisted_destinations: string[] };
  sms: { capable: boolean; enabled: boolean; channel_limit: number; whitelisted_destinations: string[] };
  inbound: { enabled: boolean; channel_limit: number };
  /** Inventory fields of the numbers lists; absent ones are derived (country from the number, `local`, `active`). */
  country_code?: string;
  location?: string | null;
  type?: string;
  status?: string;
  /** Monthly fee and its currency; an external number is not billed. */
  monthly_fee?: number;
  currency?: string;
  /** When the number was bought or registered; absent: unknown. */
  purchased_at?: Date | null;
  updated_at?: Date;
  /** Trunk rows of an external number, one per channel it is registered on (never returned whole). */
  trunks?: PhoneNumberTrunkRow[];
  /** Capability flags of a bought number as the search offered them (absent: derived from the channels). */
  capabilities?: Schemas['PhoneNumberSearchItem']['capabilities'];
  /** Compliance of a bought number: `pending` until every requirement is answered, with the requirements. */
  compliance?: { status: string; requirements: Array<{ name: string; type: string; description: string }> };
  /** The purchase's compliance address and requirement answers, stored as sent. */
  address?: Schemas['PhoneNumberPurchase']['address'];
  requirement_answers?: Schemas['PhoneNumberPurchase']['requirements'];
  /** Bought through POST /api/v1/phone-numbers (counts toward the workspace's purchase cap). */
  via_api?: boolean;
}

/** One (number, channel) registration of an external number. */
export interface PhoneNumberTrunkRow {
  channel: 'call' | 'whatsapp';
  name: string;
  direction: 'inbound' | 'outbound' | 'both';
  /** SIP credentials as sent; the password is never returned. */
  sip: PhoneNumberTrunkSip;
  /** Free-form settings stored as sent. */
  additional_settings: Record<string, unknown>;
}

export interface PhoneNumberTrunkSip {
  gateway?: string;
  port?: number | string;
  username?: string;
  password?: string;
  secondary_gateway?: string | null;
}

export interface EmailAddressRecord {
  uuid: string;
  address: string;
}

export interface ConversationRecord {
  uuid: string;
  channel: 'call' | 'whatsapp' | 'sms' | 'email' | 'instagram' | 'messenger';
  contact_uuid: string | null;
  agent_uuid: string | null;
  session_uuid: string;
  created_at: Date;
  /** The campaign that started the conversation (absent: none); analytics attribute its calls, sessions and messages to it. */
  campaign_uuid?: string | null;
  /** A messaging conversation's status (absent: Active); a call conversation's follows its call. */
  status?: 'Active' | 'Closed';
  /** The contact's Instagram- or page-scoped user id, on Instagram and Messenger conversations. */
  contact_channel_id?: string;
}

/** A message of the analytics export (seed "Analytics message row"), inbound or outbound. */
export type MessageRow = Schemas['AnalyticsMessageRow'];

/** An accepted outbound item waiting in, or gone through, the sending queue. */
export interface OutboundRecord {
  uuid: string;
  channel: 'call' | 'sms' | 'whatsapp' | 'email';
  accepted_at: Date;
  /** When the sending queue lets it go out (derived from the channel's pace at acceptance). */
  send_at: Date;
}

export interface WorkspaceState {
  slug: string;
  name: string;
  /** IANA zone of the workspace. */
  timezone: string;
  /** HS256 secret that signs this workspace's per-user tokens. */
  jwt_secret: string;
  policies: { ANALYTICS_MESSAGES_EXPORT: ExportPolicy };
  /** Pace of the sending queue, items per minute per channel. */
  sending: { per_minute: { call: number; sms: number; whatsapp: number; email: number } };
  members: Member[];
  tokens: ApiTokenRecord[];
  user_tokens: UserTokenRecord[];
  contacts: Contact[];
  agents: Agent[];
  /** Webhooks registered on agents, with their full secrets (masked on the way out). */
  agent_webhooks: AgentWebhookRecord[];
  /** Jobs generating agents from websites (their status follows the clock: resources/agents/website-job.ts). */
  agent_website_jobs: AgentWebsiteJobRecord[];
  phone_numbers: PhoneNumberRecord[];
  /** Most active numbers the workspace may buy through the API (absent: the default cap, 5). */
  phone_number_purchase_limit?: number;
  email_addresses: EmailAddressRecord[];
  whatsapp_templates: WhatsappTemplateRecord[];
  template_settings: Array<Schemas['WhatsappTemplateSetting']>;
  campaigns: Array<Schemas['Campaign'] & { campaign_type?: string | null }>;
  queues: Array<Schemas['Queue']>;
  conversations: ConversationRecord[];
  calls: CallRecord[];
  /** Outbound messages of the send operations (SMS, WhatsApp templates, email). */
  messages: Array<Schemas['MessagingMessage']>;
  message_rows: MessageRow[];
  outbound: OutboundRecord[];
  /** Builder agent conversations (their app is in `builders`). */
  builder_agents: BuilderAgentRecord[];
  /** Builder apps with their files, log and lifecycle. */
  builders: BuilderAppRecord[];
  /** Per campaign: its rules and resolved agent channel binding. */
  campaign_details: CampaignDetailsRecord[];
  listings: ListingRecord[];
  /** Campaign tasks queued by listings, one per contact. */
  listing_tasks: ListingTaskRecord[];
  /** Contact pools with their members (a listing's contacts are one). */
  pools: PoolRecord[];
  /** Contact rules campaigns follow (a listing's rule is one). */
  rules: RuleRecord[];
  coaching_agents: Array<Schemas['CoachingAgent']>;
  /** Rows of the action log feed: workflow runs, intents, past campaign tasks (listing tasks come from listing_tasks). */
  action_logs: ActionLogRecord[];
  /** Inbound API requests of the API log feed. */
  api_logs: ApiLogRecord[];
  /** Outbound webhook deliveries of the webhooks log feed. */
  webhook_deliveries: WebhookDeliveryRecord[];
  /** Workspace webhook subscriptions (target URL + evaluation event), kept after unsubscribing. */
  webhook_subscriptions: WebhookSubscriptionRecord[];
  /** Appointments with contacts, as GET /api/v1/appointments lists them. */
  appointments: Array<Schemas['Appointment']>;
  /** Schedules (calendars) appointments are booked on. */
  schedules: Array<Schemas['Schedule']>;
  /** Proposed bookings waiting for review (resources/schedules/requests.ts). */
  appointment_requests: Array<Schemas['AppointmentRequest']>;
  /** Data tables with their typed columns, records and agent assignment. */
  data_tables: DataTableRecord[];
  /** Import jobs of data tables (their status follows the clock). */
  data_import_jobs: DataImportJobRecord[];
  /** Per member and assistant channel: security settings (with the secret PIN) and the assigned inbox. */
  assistant_channels: AssistantChannelRecord[];
  /** Assistant sessions of the members, as GET /api/v1/assistant/sessions/{uuid} returns them. */
  assistant_sessions: Array<Schemas['AssistantSession']>;
  /** The workspace's default evaluate settings; absent while it uses the service's own. */
  evaluate_settings?: Schemas['EvaluateSettings'];
  /** Per agent: its evaluate override (a full set of values), when it has one. */
  agent_evaluate_settings: AgentEvaluateRecord[];
  /** Flows with their flat list of steps. */
  flows: Array<Schemas['Flow']>;
  /** The apps flow steps can use, with their triggers (and each trigger's test samples) and actions. */
  flow_apps: FlowAppRecord[];
  /** The workspace's connected app accounts (made in the dashboard). */
  flow_connections: Array<Schemas['FlowConnection']>;
  /** The workspace's custom contact fields (the built-in ones are every workspace's: resources/contacts/fields.ts). */
  contact_fields: Array<Schemas['ContactField']>;
  /** Configurations of contact analyzers, by analyzer id; an analyzer without one reads the defaults. */
  contact_analyzers: ContactAnalyzerRecord[];
  /** Transcription jobs (their status follows the clock: resources/transcriptions/machine.ts). */
  transcriptions: TranscriptionRecord[];
  /** The workspace's contact tags (contacts name them by uuid). */
  contact_tags: ContactTagRecord[];
  /** Contact display toggles changed from their default (off). */
  contact_settings: ContactSettingRecord[];
  /** AI-suggested contact field updates and their review. */
  contact_approvals: ContactApprovalRecord[];
  /** WhatsApp numbers, Instagram accounts and Facebook pages connected to the workspace. */
  channel_accounts: ChannelAccountRecord[];
}

/**
 * Collections a fixture or snapshot may leave out; they start empty. A resource group that adds a
 * collection to WorkspaceState lists it here.
 */
export const OPTIONAL_COLLECTIONS = [
  'user_tokens',
  'contacts',
  'agents',
  'agent_webhooks',
  'agent_website_jobs',
  'phone_numbers',
  'email_addresses',
  'whatsapp_templates',
  'template_settings',
  'campaigns',
  'queues',
  'conversations',
  'calls',
  'messages',
  'message_rows',
  'outbound',
  'builder_agents',
  'builders',
  'campaign_details',
  'listings',
  'listing_tasks',
  'pools',
  'rules',
  'coaching_agents',
  'action_logs',
  'api_logs',
  'webhook_deliveries',
  'webhook_subscriptions',
  'appointments',
  'schedules',
  'appointment_requests',
  'data_tables',
  'data_import_jobs',
  'assistant_channels',
  'assistant_sessions',
  'agent_evaluate_settings',
  'flows',
  'flow_apps',
  'flow_connections',
  'contact_fields',
  'contact_analyzers',
  'transcriptions',
  'contact_tags',
  'contact_settings',
  'contact_approvals',
  'channel_accounts',
] as const satisfies ReadonlyArray<keyof WorkspaceState>;

/** Fills what a fixture leaves out: empty collections, default policies and sending pace. */
export function withDefaults(state: WorkspaceState): WorkspaceState {
  const record = state as unknown as Record<string, unknown>;
  for (const key of OPTIONAL_COLLECTIONS) if (!Array.isArray(record[key])) record[key] = [];
  state.policies ??= { ANALYTICS_MESSAGES_EXPORT: 'enabled' };
  state.sending ??= { per_minute: { call: 30, sms: 60, whatsapp: 80, email: 120 } };
  return state;
}
