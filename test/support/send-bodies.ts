// Valid bodies for the four rate-limited send operations (seed "Limits": starting a call, a
// WhatsApp template message, an SMS, an email message), built from a tenant's fixture records.
import type { DemoTenant } from './demo-tenants.ts';

export const SEND_PATHS = {
  call: '/api/v1/call',
  whatsapp: '/api/v1/whatsapp/template',
  sms: '/api/v1/sms/send',
  email: '/api/v1/email/messages',
} as const;

export type SendKind = keyof typeof SEND_PATHS;
export const SEND_KINDS = Object.keys(SEND_PATHS) as SendKind[];

/** The status an accepted send answers with (the call, SMS and WhatsApp template sends: 200, as published). */
export const SEND_STATUS: Record<SendKind, number> = { call: 200, whatsapp: 200, sms: 200, email: 201 };

export interface SendBodies {
  agentUuid: string;
  /** The approved WhatsApp template the bodies send. */
  templateUuid: string;
  /** The contact the bodies send to. */
  contactPhone: string;
  body(kind: SendKind, extra?: Record<string, unknown>): Record<string, unknown>;
}

export function sendBodies(tenant: DemoTenant): SendBodies {
  const ws = tenant.state;
  const agent = ws.agents.find((a) => a.channels.call && a.channels.sms && a.channels.email && a.channels.whatsapp);
  if (!agent?.channels.whatsapp) throw new Error(`fixture ${tenant.slug} has no agent bound to call, SMS, email and WhatsApp`);
  const waba = agent.channels.whatsapp.waba_id;
  const template = ws.whatsapp_templates.find((t) => t.status === 'APPROVED' && t.waba_id === waba);
  if (!template) throw new Error(`fixture ${tenant.slug} has no approved WhatsApp template on business account ${waba}`);
  const contact = ws.contacts.find((c) => c.phone !== null && c.email !== null);
  if (!contact?.phone || !contact.email) throw new Error(`fixture ${tenant.slug} has no contact with phone and email`);
  const base: Record<SendKind, Record<string, unknown>> = {
    call: { agentId: agent.uuid, prompt: { overwrite: false, content: 'Remind the contact of the appointment tomorrow at 10:30.' }, participant: { number: contact.phone } },
    whatsapp: { agentId: agent.uuid, templateId: template.uuid, phoneNumber: contact.phone, parameters: { field1: contact.name } },
    sms: { agentId: agent.uuid, phoneNumber: contact.phone, message: 'Your appointment is tomorrow at 10:30.' },
    email: { to: contact.email, subject: 'Your appointment', text: 'See you tomorrow at 10:30.', agent_uuid: agent.uuid },
  };
  return { agentUuid: agent.uuid, templateUuid: template.uuid, contactPhone: contact.phone, body: (kind, extra = {}) => ({ ...base[kind], ...extra }) };
}
