// A contact rule (published rules API): how often and when a campaign tries one contact. Stored in
// the answer's shape (instants as Date). A listing's rule is a rule of this collection too.
import type { Schemas, WorkspaceState } from '../../state/workspace.ts';

export type RuleRecord = Schemas['Rule'];

/** The rule attached to a campaign (campaign_details.rule_uuid); undefined when none is. */
export function ruleOfCampaign(ws: WorkspaceState, campaignUuid: string): RuleRecord | undefined {
  const uuid = ws.campaign_details.find((d) => d.campaign_uuid === campaignUuid)?.rule_uuid;
  return uuid ? ws.rules.find((r) => r.uuid === uuid) : undefined;
}

/** The rule as a campaign's rule assignment and a listing show it: its limits and window. */
export function ruleSummary(rule: RuleRecord): Schemas['CampaignRuleAssigned']['rule'] {
  return {
    uuid: rule.uuid,
    name: rule.name,
    type: rule.type,
    max_calls_per_day: rule.max_calls_per_day,
    max_total_calls: rule.max_total_calls,
    retry_interval_minutes: rule.retry_interval_minutes,
    start_time: rule.start_time,
    end_time: rule.end_time,
  };
}
