// A listing's rule and pool as records of the rules and pools collections: the listing create
// stores its rule as a rule (one reused by `uuid` alone is the same record), and the listing reads
// the rule its campaign has attached (PUT /api/v1/campaigns/{uuid}/rule may replace it) and the
// members of its pool. The fields a listing's rule body does not carry take the rules API's defaults.
import type { WorkspaceState } from '../../state/workspace.ts';
import type { ListingRecord, ListingRule } from '../listings/records.ts';
import type { PoolRecord } from '../pools/records.ts';
import { type RuleRecord, ruleOfCampaign } from './records.ts';

/** The rule a listing follows: its campaign's. */
export function ruleOfListing(ws: WorkspaceState, listing: ListingRecord): RuleRecord {
  const rule = ruleOfCampaign(ws, listing.campaign_uuid);
  if (!rule) throw new Error(`listing ${listing.uuid} has no rule`);
  return rule;
}

/** A listing's pool. */
export function listingPool(ws: WorkspaceState, listing: ListingRecord): PoolRecord {
  const pool = ws.pools.find((p) => p.uuid === listing.pool_uuid);
  if (!pool) throw new Error(`listing ${listing.uuid} has no pool ${listing.pool_uuid}`);
  return pool;
}

/** A rule as a listing shows it. */
export function listingRuleOf(rule: RuleRecord): ListingRule {
  return {
    uuid: rule.uuid,
    name: rule.name,
    max_calls_per_day: rule.max_calls_per_day,
    max_total_calls: rule.max_total_calls,
    retry_interval_minutes: rule.retry_interval_minutes,
    start_time: rule.start_time,
    end_time: rule.end_time,
    type: rule.type,
  };
}

/**
 * Stores a listing's rule unless it is already a rule of the workspace (reused by `uuid` alone);
 * a rule made from another (`from`) keeps that one's other fields.
 */
export function storeListingRule(ws: WorkspaceState, rule: ListingRule, from: string | undefined, now: Date): void {
  if (ws.rules.some((r) => r.uuid === rule.uuid)) return;
  const base = from === undefined ? undefined : ws.rules.find((r) => r.uuid === from);
  ws.rules.push({
    dnc_check: base?.dnc_check ?? true,
    remove_on_opt_out: base?.remove_on_opt_out ?? true,
    escalation_after_failed_attempts: base?.escalation_after_failed_attempts ?? null,
    escalation_type: base?.escalation_type ?? null,
    escalation_target: base?.escalation_target ?? null,
    ...rule,
    max_calls_per_day: rule.max_calls_per_day ?? 3,
    created_at: now,
    updated_at: now,
  });
}
