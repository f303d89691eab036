// The fault `rule-update-rebuilds-tasks` (seed behaviour 2 broken on purpose): updating a rule
// rebuilds the pending tasks of every campaign it is attached to, with new task uuids.
import type { WorkspaceState } from '../../state/workspace.ts';
import { rebuildCampaignTasks } from '../campaigns/rebuild-fault.ts';

export function rebuildRuleTasks(ws: WorkspaceState, ruleUuid: string, now: Date): void {
  for (const details of ws.campaign_details) if (details.rule_uuid === ruleUuid) rebuildCampaignTasks(ws, details.campaign_uuid, now);
}
