// The model of live call actions (seed "What the service does" > Calls and call actions: "A live
// call is controlled by its conversation UUID, returned as conversation_uuid from the call-start
// operation. The actions are say, forward, hangup, mute and unmute. A live (non-ended) call is
// required."). The model keeps the calls the suite started, by conversation uuid, and whether it
// knows each has ended (after its hangup, or read as ended from the call list).
import type { RuleCheck } from '../../record/rule.ts';

export const CALL_ACTIONS_LIVE: RuleCheck = {
  name: 'call-actions-need-live-call',
  rule: 'seed "Calls and call actions": say, forward, hangup, mute and unmute act on a live call by its conversation_uuid; an ended call refuses them (409 in the contract) and an unknown one is 404',
};

export const CALL_ACTIONS = ['sayOnCall', 'muteCall', 'unmuteCall', 'forwardCall', 'hangupCall'] as const;
export type CallAction = (typeof CALL_ACTIONS)[number];

export interface CallRecord {
  conversationUuid: string;
  ended: boolean;
}

export class CallsModel {
  readonly calls: CallRecord[] = [];

  live(): CallRecord[] {
    return this.calls.filter((c) => !c.ended);
  }
}
