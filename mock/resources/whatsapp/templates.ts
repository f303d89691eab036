// WhatsApp templates (published create: POST /api/v1/whatsapp/templates; inferred list), declared
// once with the collection kit. Rules written here: a template is unique per name, language and
// business account (409 for a second; the fault `whatsapp-template-duplicate-accepted` lets it in); a
// new template is PENDING until its review passes, 10 minutes later on the clock, then APPROVED
// (settled before the list or a template setting reads it, so a created template gets a setting like
// any approved one); `content` is the BODY component's text; `phone_number` the number of the
// workspace's WhatsApp channel on the business account.
import { errors } from '../../pipeline/api-error.ts';
import type { Schemas, WorkspaceState } from '../../state/workspace.ts';
import { type CollectionContext, collectionHandlers } from '../shared/collection.ts';
import { newUuid } from '../shared/lookup.ts';
import type { WhatsappTemplateRecord } from './template-record.ts';

/** How long the review of a created template takes (inferred). */
export const TEMPLATE_REVIEW_MS = 10 * 60_000;

type Create = Schemas['WhatsappTemplateCreate'];

/** Templates whose review has passed by `now` read APPROVED from then on. */
export function settleTemplateReviews(ws: WorkspaceState, now: Date): void {
  for (const t of ws.whatsapp_templates) {
    if (t.review_due_at !== undefined && t.status === 'PENDING' && t.review_due_at.getTime() <= now.getTime()) {
      t.status = 'APPROVED';
      t.updated_at = t.review_due_at;
    }
  }
}

function bodyText(components: ReadonlyArray<Record<string, unknown>>): string {
  const body = components.find((c) => typeof c.type === 'string' && c.type.toUpperCase() === 'BODY');
  return typeof body?.text === 'string' ? body.text : '';
}

/** The number of the workspace's WhatsApp channel on `wabaId` (an agent's channel), or empty. */
function channelNumber(ws: WorkspaceState, wabaId: string): string {
  for (const agent of ws.agents) {
    const channel = agent.channels.whatsapp;
    if (channel === null || channel.waba_id !== wabaId) continue;
    const number = ws.phone_numbers.find((p) => p.uuid === channel.phone_number_uuid)?.number;
    if (number !== undefined) return number;
  }
  return '';
}

/** A deterministic Meta-style numeric template id from the template's uuid. */
function metaTemplateId(uuid: string): string {
  const digits = uuid.replace(/[^0-9]/g, '').padEnd(15, '7');
  return `9${digits.slice(0, 14)}`;
}

/** The template as the published answer shows it; fixture templates without the API's fields get them filled. */
export function templateResource(t: WhatsappTemplateRecord, ws: WorkspaceState): Schemas['WhatsappTemplateResource'] {
  const components = structuredClone(t.components ?? []);
  const at = t.created_at ?? new Date(0);
  return {
    uuid: t.uuid,
    name: t.name,
    language: t.language,
    category: t.category,
    status: t.status,
    content: t.content ?? bodyText(components),
    components,
    template_id: t.template_id ?? metaTemplateId(t.uuid),
    waba_id: t.waba_id,
    phone_number: t.phone_number ?? channelNumber(ws, t.waba_id),
    type: 'whatsapp',
    created_at: at,
    updated_at: t.updated_at ?? at,
  };
}

function create(body: Create, ctx: CollectionContext): WhatsappTemplateRecord {
  const ws = ctx.ws as WorkspaceState;
  const duplicate = ws.whatsapp_templates.find((t) => t.name === body.name && t.language === body.language && t.waba_id === body.waba_id);
  if (duplicate && !ctx.faults.has('whatsapp-template-duplicate-accepted')) {
    throw errors.conflict('Template already exists', `The business account ${body.waba_id} already has a template ${body.name} in ${body.language}.`);
  }
  const uuid = newUuid();
  const now: Date = ctx.now;
  return {
    uuid,
    name: body.name,
    language: body.language,
    category: body.category,
    status: 'PENDING',
    waba_id: body.waba_id,
    components: structuredClone(body.components) as Array<Record<string, unknown>>,
    content: bodyText(body.components as Array<Record<string, unknown>>),
    template_id: metaTemplateId(uuid),
    phone_number: channelNumber(ws, body.waba_id),
    created_at: now,
    updated_at: now,
    review_due_at: new Date(now.getTime() + TEMPLATE_REVIEW_MS),
  };
}

export const templateHandlers = collectionHandlers(
  {
    noun: 'WhatsApp template',
    records: (ws) => ws.whatsapp_templates,
    view: (t, ctx) => templateResource(t, ctx.ws),
    filters: {
      waba_id: (t, value: string) => t.waba_id === value,
      status: (t, value: string) => t.status === value,
      language: (t, value: string) => t.language === value,
    },
    prepare: (ctx) => settleTemplateReviews(ctx.ws, ctx.now),
    create,
    messages: { list: 'Templates retrieved', create: 'Template created successfully' },
  },
  { list: 'listWhatsappTemplates', create: 'createWhatsappTemplate' },
);
