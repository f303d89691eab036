// Listings (seed: "A listing is a campaign for a list of any number of contacts, with its own pace
// and report"; "Deleting a listing removes the listing campaign, detaches its pool and rule, and
// cancels pending campaign tasks. Contacts are not deleted."): create, read, report, pace, delete.
import type { HandlerGroup } from '../../core/handler.ts';
import { errors } from '../../pipeline/api-error.ts';
import { resolveAgentApp } from '../campaigns/agent-binding.ts';
import type { Campaign } from '../campaigns/machine.ts';
import { findOr404, findOr422, newUuid } from '../shared/lookup.ts';
import { resolvePool } from './contact-pool.ts';
import { listingView } from './listing-view.ts';
import { changePace, IMPORT_MS } from './machine.ts';
import { settleListing } from './progress.ts';
import type { ListingPace, ListingRecord } from './records.ts';
import { cancelTask, countByStatus, repaceTasks } from './task-machine.ts';
import { queueTasks } from './tasks.ts';

const DEFAULT_PACE: ListingPace = { per_minute: 10 };

export const listingHandlers = {
  createListing: ({ ws, body, now }) => {
    const agent = findOr422(ws.agents, body.agent_uuid, 'agent_uuid', 'agent');
    const bound = resolveAgentApp(agent, body.campaign_type);
    if (!bound.ok) {
      throw bound.reason === 'unknown-type'
        ? errors.validation('VALIDATION_ERROR', `No agent channel serves campaign_type ${body.campaign_type}.`, 'campaign_type')
        : errors.validation('VALIDATION_ERROR', `The agent has no channel binding for campaign_type ${body.campaign_type}.`, 'agent_uuid');
    }
    const settingUuid = body.contact_template_setting_uuid;
    if (settingUuid !== undefined) {
      const setting = findOr422(ws.template_settings, settingUuid, 'contact_template_setting_uuid', 'template setting');
      if (body.campaign_type === 'text' && setting.status !== 'active') {
        throw errors.validation('VALIDATION_ERROR', 'A text campaign needs an active WhatsApp template setting.', 'contact_template_setting_uuid');
      }
    }
    const pool = resolvePool(ws, body.contacts);
    const pace = { per_minute: ((body.pace as ListingPace | undefined) ?? DEFAULT_PACE).per_minute };
    const campaign: Campaign = {
      uuid: newUuid(),
      name: body.name,
      description: body.description ?? null,
      status: 'Importing',
      campaign_type: body.campaign_type,
      agent_uuid: agent.uuid,
      contact_template_setting_uuid: settingUuid ?? null,
      start_date: null,
      end_date: null,
      created_at: now,
      updated_at: now,
    };
    const listing: ListingRecord = {
      uuid: newUuid(),
      campaign_uuid: campaign.uuid,
      pace,
      pool: pool.contacts.map((c) => c.uuid),
      contacts_created: pool.created,
      import_done_at: new Date(now.getTime() + IMPORT_MS),
      created_at: now,
      updated_at: now,
    };
    ws.campaigns.push(campaign);
    ws.campaign_details.push({ campaign_uuid: campaign.uuid, rules: { ...(body.rules ?? {}) }, agent_app: bound.app });
    ws.listings.push(listing);
    for (const task of queueTasks(listing, body.name, bound.app.channel, pool.contacts, now)) ws.listing_tasks.push(task);
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
          contacts: listing.pool.length,
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
    const moved = new Map(repaceTasks(tasks, listing.pace, now, listing.import_done_at).map((t) => [t.uuid, t]));
    ws.listing_tasks = ws.listing_tasks.map((t) => moved.get(t.uuid) ?? t);
    return { status: 200, body: { success: true, message: 'Listing pace updated', data: listingView(ws, listing) } };
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
    // The listing campaign goes, and with the listing its pool and rule; contacts stay.
    ws.campaigns = ws.campaigns.filter((c) => c.uuid !== listing.campaign_uuid);
    ws.campaign_details = ws.campaign_details.filter((d) => d.campaign_uuid !== listing.campaign_uuid);
    ws.listings = ws.listings.filter((l) => l.uuid !== listing.uuid);
    return {
      status: 200,
      body: { success: true, message: 'Listing deleted', data: { uuid: listing.uuid, campaign_uuid: listing.campaign_uuid, cancelled_tasks: cancelled, contacts_deleted: 0 } },
    };
  },
} satisfies HandlerGroup;
