// Agent channel bindings (published: the call provisioning, the SMS assignment that replaces the
// agent's SMS number, and the connected-account rule of the WhatsApp, Instagram and Messenger
// assignments): an assignment shows in the agent's answer, the agents list and the number's channel
// snapshot; a number another agent is bound to is refused with 409 and nobody's binding changes
// (inferred); an account that is not connected is refused and not assigned.
import type { RuleCheck } from '../../record/rule.ts';

export const BINDING_READBACK: RuleCheck = {
  name: 'agent-channel-binding-readback',
  rule: 'published agent-channel-bindings (assign an SMS phone number): the assigned number replaces the agent\u2019s SMS number and shows in the agent, the agents list and the number\u2019s channel snapshot; assigning it again changes nothing',
};

export const BINDING_CONFLICT: RuleCheck = {
  name: 'agent-channel-binding-conflict',
  rule: 'inferred: a number another agent is bound to on the channel is refused with 409, and neither agent\u2019s binding changes',
};

export const UNCONNECTED_REFUSED: RuleCheck = {
  name: 'agent-channel-unconnected-refused',
  rule: 'published agent-channel-bindings (assign an Instagram account): the account must already be connected; one that is not is refused (422, inferred) and not assigned',
};

/** An agent of the list (published: keyed `agent_uuid`; `channels` is the contract's addition). */
export interface ListedAgent {
  agent_uuid: string;
  channels: {
    sms?: { phone_number_uuid?: string } | null;
    instagram?: { account_id?: string } | null;
  } | null;
}

/** A number of the owned numbers list (published: capabilities and the agent bound per channel). */
export interface ListedNumber {
  phone_number_uuid: string;
  capabilities?: { sms?: boolean } | null;
  bindings?: { sms?: { bound?: boolean; agent_uuid?: string | null } | null } | null;
}
