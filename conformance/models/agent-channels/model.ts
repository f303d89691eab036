// The Instagram unbind (seed "Endpoints", POST /api/v1/agents/{uuid}/channels/instagram/unbind:
// "Removes the agent's Instagram binding; the account stays connected and can be assigned
// again"). Observed through the agents list (the agent's instagram binding is gone) and the unbind
// answer (the released account, still connected, bound to no agent: the contract's design); a
// second unbind finds no binding (409, inferred).
import type { RuleCheck } from '../../record/rule.ts';

export const INSTAGRAM_UNBIND: RuleCheck = {
  name: 'instagram-unbind-keeps-account',
  rule: 'seed "Endpoints", POST /api/v1/agents/{uuid}/channels/instagram/unbind: the agent\'s Instagram binding is removed, and the account stays connected (bound to no agent) and can be assigned again',
};

export interface InstagramAccountView {
  id: string;
  connected: boolean;
  agent_uuid: string | null;
}
