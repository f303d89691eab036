// Campaigns: list, create, read, update, delete, attach pools and attach the rule (seed "Endpoints",
// PUT /api/v1/campaigns/{uuid}, whose errors are in Shape A: "404 campaign not found, validation
// errors, unexpected error; each {success:false, message, data:[]}" — the pipeline picks the shape
// from the contract; published API: the other operations). Date-only bounds stay unshifted (seed
// "Time handling" rule 6); a date-time without an offset is read in the applied zone (rule 2). The
// list and the create are declared as a collection (shared/collection.ts); the create shares the
// update's transition (machine.ts). Deleting follows the listing delete's cascade (cascade.ts).
import type { HandlerGroup } from '../../core/handler.ts';
import { errors } from '../../pipeline/api-error.ts';
import type { Schemas, WorkspaceState } from '../../state/workspace.ts';
import { settleCampaign, settleListings } from '../listings/progress.ts';
import { startListingOf } from '../listings/start.ts';
import { memberUuids } from '../pools/records.ts';
import { ruleSummary } from '../rules/records.ts';
import { type Collection, type CollectionContext, collectionHandlers, findRecord } from '../shared/collection.ts';
import { findOr404, newUuid } from '../shared/lookup.ts';
import { deleteCampaignCascade } from './cascade.ts';
import { readBound } from './date-bounds.ts';
import { applyCampaignUpdate, type Campaign, type CampaignChange } from './machine.ts';
import { rebuildCampaignTasks } from './rebuild-fault.ts';
import type { CampaignDetailsRecord } from './records.ts';
import { isRunning, queueCampaignWork } from './work.ts';

export function detailsOf(ws: WorkspaceState, campaignUuid: string): CampaignDetailsRecord {
  return ws.campaign_details.find((d) => d.campaign_uuid === campaignUuid) ?? { campaign_uuid: campaignUuid, rules: {}, agent_app: null };
}

function saveDetails(ws: WorkspaceState, details: CampaignDetailsRecord): void {
  ws.campaign_details = [...ws.campaign_details.filter((d) => d.campaign_uuid !== details.campaign_uuid), details];
}

/** A campaign as the API returns it: its fields, the free-form `rules` it keeps, its pools and rule. */
function campaignView(ws: WorkspaceState, campaign: Campaign) {
  const details = detailsOf(ws, campaign.uuid);
  return { ...campaign, rules: { ...details.rules }, pool_uuids: [...(details.pool_uuids ?? [])], rule_uuid: details.rule_uuid ?? null };
}

/** The update's change from a body, with its date inputs read in the applied zone. */
function changeOf(body: Schemas['CampaignUpdate'] | Omit<Schemas['CampaignCreate'], 'status' | 'name'>, zone: string): CampaignChange {
  const { start_date, end_date, ...rest } = body;
  const change: CampaignChange = { ...rest };
  if (start_date !== undefined) change.start_date = start_date === null ? null : readBound(start_date, zone, 'start_date');
  if (end_date !== undefined) change.end_date = end_date === null ? null : readBound(end_date, zone, 'end_date');
  return change;
}

function factsOf(ctx: CollectionContext) {
  const { ws, zone, faults } = ctx;
  return {
    settingStatus: (uuid: string) => ws.template_settings.find((s) => s.uuid === uuid)?.status,
    agent: (uuid: string) => ws.agents.find((a) => a.uuid === uuid),
    zone,
    publishWithoutSetting: faults.has('text-campaign-publishes-without-setting'),
    bindWithoutChannel: faults.has('campaign-binding-unchecked'),
  };
}

const contains = (value: string | null | undefined, part: string): boolean => typeof value === 'string' && value.toLowerCase().includes(part.toLowerCase());

/** Statuses in which a campaign sends: a text campaign needs an active template setting to be in one. */
const SENDING = new Set(['Active', 'In Process']);

export const campaigns: Collection<Campaign, ReturnType<typeof campaignView>> = {
  noun: 'Campaign',
  records: (ws) => ws.campaigns,
  view: (campaign, ctx) => campaignView(ctx.ws, campaign),
  prepare: (ctx) => settleListings(ctx.ws, ctx.now),
  filters: {
    search: (c, value: string) => contains(c.name, value) || contains(c.description, value),
    status: (c, value: string) => c.status === value,
  },
  create: (body: Schemas['CampaignCreate'], ctx) => {
    const { name, status = 'Draft', ...rest } = body;
    const blank: Campaign = {
      uuid: newUuid(),
      name,
      description: null,
      status,
      campaign_type: null,
      agent_uuid: null,
      contact_template_setting_uuid: null,
      start_date: null,
      end_date: null,
      created_at: ctx.now,
      updated_at: ctx.now,
    };
    // A campaign created sending is checked as one the update publishes.
    const change = { ...changeOf(rest, ctx.zone), ...(SENDING.has(status) ? { status: 'Active' as const } : {}) };
    const result = applyCampaignUpdate(blank, detailsOf(ctx.ws, blank.uuid), change, factsOf(ctx), ctx.now);
    if (result instanceof Error) throw result;
    saveDetails(ctx.ws, result.details);
    return { ...result.campaign, status };
  },
  messages: { list: 'Campaigns retrieved successfully', create: 'Campaign created successfully' },
};

export const campaignHandlers = {
  ...(collectionHandlers(campaigns, { list: 'listCampaigns', create: 'createCampaign' }) as Required<Pick<HandlerGroup, 'listCampaigns' | 'createCampaign'>>),

  getCampaign: ({ ws, path, now }) => {
    settleCampaign(ws, path.uuid, now);
    const campaign = findOr404(ws.campaigns, path.uuid, 'Campaign');
    return { status: 200, body: { success: true, message: 'Campaign retrieved', data: campaignView(ws, campaign) } };
  },

  updateCampaign: (ctx) => {
    const { ws, path, body, now, zone, faults } = ctx;
    settleCampaign(ws, path.uuid, now);
    const campaign = findOr404(ws.campaigns, path.uuid, 'Campaign');
    const result = applyCampaignUpdate(campaign, detailsOf(ws, campaign.uuid), changeOf(body, zone), factsOf(ctx), now);
    if (result instanceof Error) throw result;
    Object.assign(campaign, result.campaign);
    saveDetails(ws, result.details);
    if (faults.has('campaign-update-rebuilds-tasks')) rebuildCampaignTasks(ws, campaign.uuid, now);
    // Publishing the campaign of a listing created with auto_start false starts that listing.
    if (campaign.status === 'Active') startListingOf(ws, campaign.uuid, now);
    return { status: 200, body: { success: true, message: 'Campaign updated successfully', data: campaignView(ws, campaign) } };
  },

  deleteCampaign: (ctx) => {
    campaigns.prepare?.(ctx);
    const campaign = findRecord(campaigns, ctx);
    const data = deleteCampaignCascade(ctx.ws, campaign.uuid, ctx.now, ctx.faults);
    return { status: 200, body: { success: true, message: 'Campaign deleted successfully', data } };
  },

  attachCampaignPools: (ctx) => {
    const { ws, body, now } = ctx;
    campaigns.prepare?.(ctx);
    const campaign = findRecord(campaigns, ctx);
    const byUuid = new Map(ws.pools.map((p) => [p.uuid.toLowerCase(), p]));
    const wanted = [...new Set(body.pool_uuids.map((u) => u.toLowerCase()))];
    const notFound = wanted.filter((u) => !byUuid.has(u));
    const details = detailsOf(ws, campaign.uuid);
    const had = new Set(details.pool_uuids ?? []);
    const found = wanted.flatMap((u) => byUuid.get(u)?.uuid ?? []);
    const attached = found.filter((u) => !had.has(u));
    saveDetails(ws, { ...details, pool_uuids: [...had, ...attached] });
    // A running campaign gets work for the members of the new pools it has no task for yet.
    let tasks = 0;
    if (attached.length > 0 && isRunning(ws, campaign.uuid, now)) {
      const worked = new Set(ws.listing_tasks.filter((t) => t.campaign_uuid === campaign.uuid).map((t) => t.contact_uuid));
      const members = new Set(attached.flatMap((pool) => memberUuids(ws, pool)).filter((u) => !worked.has(u)));
      tasks = queueCampaignWork(ws, campaign.uuid, ws.contacts.filter((c) => members.has(c.uuid)), now);
    }
    if (attached.length > 0) campaign.updated_at = now;
    return {
      status: 200,
      body: {
        success: true,
        message: 'Pools attached to campaign',
        data: {
          campaign_uuid: campaign.uuid,
          pool_uuids: [...had, ...attached],
          pools_attached: attached.length,
          pools_skipped: found.length - attached.length,
          pool_uuids_not_found: notFound,
          tasks_created: tasks,
        },
      },
    };
  },

  assignCampaignRule: (ctx) => {
    const { ws, body, now } = ctx;
    campaigns.prepare?.(ctx);
    const campaign = findRecord(campaigns, ctx);
    const rule = ws.rules.find((r) => r.uuid.toLowerCase() === body.rule_uuid.toLowerCase());
    if (!rule) throw errors.validation('VALIDATION_ERROR', `No rule ${body.rule_uuid} exists in this workspace.`, 'rule_uuid');
    // Tasks already scheduled keep their times (seed behaviour 2); later ones follow this rule.
    saveDetails(ws, { ...detailsOf(ws, campaign.uuid), rule_uuid: rule.uuid });
    campaign.updated_at = now;
    return { status: 200, body: { success: true, message: 'Rule assigned to campaign', data: { campaign_uuid: campaign.uuid, rule: ruleSummary(rule) } } };
  },
} satisfies HandlerGroup;
