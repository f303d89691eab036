// Listings (seed: "A listing is a campaign for a list of any number of contacts, with its own pace
// and report"; "Deleting a listing removes the listing campaign, detaches its pool and rule, and
// cancels pending campaign tasks. Contacts are not deleted."; published API "Listings": the create
// body, adding contacts and removing one): create, read, report, pace, contacts, delete.
import type { HandlerGroup } from '../../core/handler.ts';
import { errors } from '../../pipeline/api-error.ts';
import { resolveAgentApp } from '../campaigns/agent-binding.ts';
import { boundEnd, boundStart, readBound } from '../campaigns/date-bounds.ts';
import type { Campaign } from '../campaigns/machine.ts';
import { addMembers, memberUuids, newPool } from '../pools/records.ts';
import { listingPool, listingRuleOf, storeListingRule } from '../rules/listing-rule.ts';
import { findOr404, findOr422, newUuid } from '../shared/lookup.ts';
import { type ContactEntry, contactView, keepDetails, resolveContacts } from './contact-pool.ts';
import { listingView } from './listing-view.ts';
import { changePace, IMPORT_MS } from './machine.ts';
import { settleListing } from './progress.ts';
import { queueListingTasks, startLimits } from './queue.ts';
import type { ListingPace, ListingRecord } from './records.ts';
import { resolveRule, ruleTypeOf } from './rule.ts';
import { cancelTask, countByStatus, repaceTasks } from './task-machine.ts';
import { findSetting } from './template-setting-id.ts';

const DEFAULT_PACE: ListingPace = { per_minute: 10 };
/** Not published; the n8n node sends `auto_start` only when it is true, so the service does not start on its own. */
const DEFAULT_AUTO_START = false;
/** How many contacts of a create the fault listing-contacts-capped keeps. */
const LISTING_CONTACTS_CAP = 25;

/** Campaign statuses in which a listing has no more work: contacts added then get no task. */
const FINISHED = new Set(['Completed', 'Archived']);

export const listingHandlers = {
  createListing: ({ ws, body, now, zone, faults }) => {
    const agent = findOr422(ws.agents, body.agent_uuid, 'agent_uuid', 'agent');
    // The n8n node's `whatsapp` is the published `text`.
    const type = ruleTypeOf(body.campaign_type);
    const bound = resolveAgentApp(agent, type);
    if (!bound.ok) {
      throw errors.validation('VALIDATION_ERROR', `The agent has no channel binding for campaign_type ${type}.`, 'agent_uuid');
    }
    const autoStart = body.auto_start ?? DEFAULT_AUTO_START;
    // A text listing that starts at once publishes its campaign, which needs an active setting
    // (seed "Campaign"); one that waits in Draft is checked when its campaign is set Active.
    const settingRef = body.contact_template_setting_id ?? null;
    const setting = settingRef === null ? undefined : findSetting(ws, settingRef);
    if (settingRef !== null && !setting) {
      throw errors.validation('VALIDATION_ERROR', `No WhatsApp template setting ${settingRef} exists in this workspace.`, 'contact_template_setting_id');
    }
    if (type === 'text' && autoStart && setting?.status !== 'active') {
      throw errors.validation('VALIDATION_ERROR', 'A text campaign cannot publish without an active WhatsApp template setting.', 'contact_template_setting_id');
    }
    const settingUuid = setting?.uuid ?? null;
    const start = readBound(body.start_date, zone, 'start_date') ?? null;
    const end = readBound(body.end_date, zone, 'end_date') ?? null;
    if (start !== null && end !== null && boundEnd(end, ws.timezone) < boundStart(start, ws.timezone)) {
      throw errors.validation('VALIDATION_ERROR', 'end_date is before start_date.', 'end_date');
    }
    const rule = resolveRule(
      body.rule,
      (uuid) => {
        const found = ws.rules.find((r) => r.uuid === uuid);
        return found && listingRuleOf(found);
      },
      body.name,
      type,
    );
    if (rule instanceof Error) throw rule;
    // Every check is done: contacts are created or updated only now.
    // The fault listing-contacts-capped takes only the first LISTING_CONTACTS_CAP contacts of a create.
    const all = body.contacts as ContactEntry[];
    const entries = faults.has('listing-contacts-capped') ? all.slice(0, LISTING_CONTACTS_CAP) : all;
    const pool = resolveContacts(ws, entries, now, faults);
    const campaign: Campaign = {
      uuid: newUuid(),
      name: body.name,
      description: body.description ?? null,
      status: 'Importing',
      campaign_type: type,
      agent_uuid: agent.uuid,
      contact_template_setting_uuid: settingUuid,
      start_date: start,
      end_date: end,
      created_at: now,
      updated_at: now,
    };
    const listing: ListingRecord = {
      uuid: newUuid(),
      campaign_uuid: campaign.uuid,
      // The fault listing-pace-ignored stores the default pace whatever pace was sent.
      pace: { per_minute: ((faults.has('listing-pace-ignored') ? undefined : body.pace) ?? DEFAULT_PACE).per_minute },
      auto_start: autoStart,
      started: autoStart,
      pool_uuid: newUuid(),
      contact_details: {},
      contacts_created: pool.created,
      import_done_at: new Date(now.getTime() + IMPORT_MS),
      created_at: now,
      updated_at: now,
    };
    keepDetails(listing, pool.details);
    // The listing's contacts are a pool and its rule a rule of their collections, attached to its campaign.
    const poolRecord = newPool(listing.pool_uuid, body.name, body.description ?? null, now);
    addMembers(poolRecord, pool.contacts.map((c) => c.uuid), 0, now);
    ws.pools.push(poolRecord);
    storeListingRule(ws, rule, body.rule?.uuid, now);
    ws.campaigns.push(campaign);
    ws.campaign_details.push({ campaign_uuid: campaign.uuid, rules: {}, agent_app: bound.app, pool_uuids: [poolRecord.uuid], rule_uuid: rule.uuid });
    ws.listings.push(listing);
    if (autoStart) queueListingTasks(ws, listing, pool.contacts, now, faults);
    return { status: 201, body: { success: true, message: 'Listing created', data: listingView(ws, listing) } };
  },

  getListing: ({ ws, path, now }) => {
    const listing = findOr404(ws.listings, path.uuid, 'Listing');
    settleListing(ws, listing, now);
    return { status: 200, body: { success: true, message: 'Listing retrieved', data: listingView(ws, listing) } };
  },

  getListingReport: ({ ws, path, now }) => {
    const listing = findOr404(ws.listings, path.uuid, 'Listing');
    const tasks = settleListing(ws, listing, now);
    const counts = countByStatus(tasks, now.getTime());
    const view = listingView(ws, listing);
    return {
      status: 200,
      body: {
        success: true,
        message: 'Listing report retrieved',
        data: {
          listing_uuid: listing.uuid,
          campaign_uuid: listing.campaign_uuid,
          status: view.status,
          pace: view.pace,
          contacts: memberUuids(ws, listing.pool_uuid).length,
          tasks: { total: tasks.length, ...counts },
          generated_at: now,
        },
      },
    };
  },

  updateListingPace: ({ ws, path, body, now }) => {
    const listing = findOr404(ws.listings, path.uuid, 'Listing');
    const tasks = settleListing(ws, listing, now);
    const next = changePace(listing, listingView(ws, listing).status, body, now);
    if (next instanceof Error) throw next;
    Object.assign(listing, next);
    const moved = new Map(repaceTasks(tasks, startLimits(ws, listing), now, listing.import_done_at).map((t) => [t.uuid, t]));
    ws.listing_tasks = ws.listing_tasks.map((t) => moved.get(t.uuid) ?? t);
    return { status: 200, body: { success: true, message: 'Listing pace updated', data: listingView(ws, listing) } };
  },

  addListingContacts: ({ ws, path, body, now, faults }) => {
    const listing = findOr404(ws.listings, path.uuid, 'Listing');
    settleListing(ws, listing, now);
    const resolved = resolveContacts(ws, body.contacts as ContactEntry[], now, faults);
    keepDetails(listing, resolved.details);
    const inPool = new Set(memberUuids(ws, listing.pool_uuid));
    const added = resolved.contacts.filter((c) => !inPool.has(c.uuid));
    addMembers(listingPool(ws, listing), added.map((c) => c.uuid), 0, now);
    listing.contacts_created += resolved.created;
    listing.updated_at = now;
    const status = listingView(ws, listing).status;
    const queued = listing.started && !FINISHED.has(status) ? queueListingTasks(ws, listing, added, now, faults) : 0;
    return {
      status: 200,
      body: {
        success: true,
        message: 'Contacts added to the listing',
        data: {
          listing_uuid: listing.uuid,
          contacts: added.map((c) => contactView(c, listing.contact_details?.[c.uuid])),
          added: added.length,
          already_in_listing: resolved.contacts.length - added.length,
          contacts_created: resolved.created,
          tasks_queued: queued,
        },
      },
    };
  },

  removeListingContact: ({ ws, path, now }) => {
    const listing = findOr404(ws.listings, path.uuid, 'Listing');
    const pool = listingPool(ws, listing);
    if (!pool.items.some((i) => i.contact_uuid === path.contact_uuid)) throw errors.notFound('Listing contact');
    let cancelled = 0;
    ws.listing_tasks = ws.listing_tasks.map((task) => {
      if (task.listing_uuid !== listing.uuid || task.contact_uuid !== path.contact_uuid) return task;
      const next = cancelTask(task, now);
      if (next instanceof Error) return task;
      cancelled++;
      return next;
    });
    pool.items = pool.items.filter((i) => i.contact_uuid !== path.contact_uuid);
    pool.updated_at = now;
    listing.updated_at = now;
    return {
      status: 200,
      body: {
        success: true,
        message: 'Contact removed from the listing',
        data: { listing_uuid: listing.uuid, contact_uuid: path.contact_uuid, cancelled_tasks: cancelled, contact_deleted: false },
      },
    };
  },

  deleteListing: ({ ws, path, now, faults }) => {
    const listing = findOr404(ws.listings, path.uuid, 'Listing');
    let cancelled = 0;
    const keepTasks = faults.has('listing-delete-keeps-tasks');
    ws.listing_tasks = ws.listing_tasks.map((task) => {
      if (task.listing_uuid !== listing.uuid || keepTasks) return task;
      const next = cancelTask(task, now);
      if (next instanceof Error) return task;
      cancelled++;
      return next;
    });
    // The listing campaign goes; its pool and rule are detached (they stay in their collections); contacts stay.
    // Faults: listing-delete-keeps-campaign leaves the campaign; listing-delete-removes-contacts deletes the pool's contacts.
    if (!faults.has('listing-delete-keeps-campaign')) {
      ws.campaigns = ws.campaigns.filter((c) => c.uuid !== listing.campaign_uuid);
      ws.campaign_details = ws.campaign_details.filter((d) => d.campaign_uuid !== listing.campaign_uuid);
    }
    if (faults.has('listing-delete-removes-contacts')) {
      const members = new Set(memberUuids(ws, listing.pool_uuid));
      ws.contacts = ws.contacts.filter((c) => !members.has(c.uuid));
    }
    ws.listings = ws.listings.filter((l) => l.uuid !== listing.uuid);
    return {
      status: 200,
      body: { success: true, message: 'Listing deleted', data: { uuid: listing.uuid, campaign_uuid: listing.campaign_uuid, cancelled_tasks: cancelled, contacts_deleted: 0 } },
    };
  },
} satisfies HandlerGroup;
