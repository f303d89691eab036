// Queues campaign tasks for contacts of a listing: one per contact, after the listing's last task,
// at its pace, within its campaign's dates and its rule, in the workspace zone (listings/schedule.ts).
import type { FaultPlan } from '../../pipeline/faults.ts';
import type { Contact, WorkspaceState } from '../../state/workspace.ts';
import { channelOfType } from '../campaigns/agent-binding.ts';
import { isBlacklisted } from '../contacts/contact-record.ts';
import { boundEnd, boundStart } from '../campaigns/date-bounds.ts';
import type { Campaign } from '../campaigns/machine.ts';
import type { AgentChannel } from '../campaigns/records.ts';
import { campaignOfListing } from './listing-view.ts';
import { tasksOf } from './progress.ts';
import type { ListingRecord } from './records.ts';
import { ruleOfListing } from '../rules/listing-rule.ts';
import { windowOf } from './rule.ts';
import { intervalMs, planStarts, type StartLimits } from './schedule.ts';
import { queueTasks } from './tasks.ts';

/** The limits on when the listing's tasks start, from its pace and rule and its campaign's dates. */
export function startLimits(ws: WorkspaceState, listing: ListingRecord, campaign: Campaign = campaignOfListing(ws, listing)): StartLimits {
  const zone = ws.timezone;
  const start = campaign.start_date ?? null;
  const end = campaign.end_date ?? null;
  return {
    zone,
    perMinute: listing.pace.per_minute,
    notBefore: start === null ? null : boundStart(start, zone),
    notAfter: end === null ? null : boundEnd(end, zone),
    window: windowOf(ruleOfListing(ws, listing)),
  };
}

function channelOf(ws: WorkspaceState, campaign: Campaign): AgentChannel {
  const bound = ws.campaign_details.find((d) => d.campaign_uuid === campaign.uuid)?.agent_app?.channel;
  return bound ?? channelOfType(campaign.campaign_type ?? '') ?? 'call';
}

/**
 * Queues one task per contact that is not blacklisted (resources/contacts/contact-record.ts; the
 * fault blacklisted-contact-gets-tasks queues them too); returns how many.
 */
export function queueListingTasks(ws: WorkspaceState, listing: ListingRecord, all: Contact[], now: Date, faults?: FaultPlan): number {
  const contacts = faults?.has('blacklisted-contact-gets-tasks') ? all : all.filter((c) => !isBlacklisted(c, now));
  if (contacts.length === 0) return 0;
  const campaign = campaignOfListing(ws, listing);
  const live = tasksOf(ws, listing.uuid).filter((t) => t.cancelled_at === null);
  const lastStart = live.reduce((max, t) => Math.max(max, t.start_at.getTime()), Number.NEGATIVE_INFINITY);
  const earliest = Math.max(now.getTime(), listing.import_done_at.getTime(), lastStart + intervalMs(listing.pace.per_minute));
  const starts = planStarts(contacts.length, earliest, startLimits(ws, listing, campaign));
  const tasks = queueTasks(listing, campaign.name, channelOf(ws, campaign), contacts, starts, now);
  for (const task of tasks) ws.listing_tasks.push(task);
  return tasks.length;
}
