// Reading one record by its uuid (published API: GET /api/v1/calls/{uuid}, GET
// /api/v1/conversations/{uuid}) and a conversation's sessions (GET /api/v1/conversations/{uuid}/
// sessions; seed "Evaluate": conversations are grouped into sessions). Read-only: the suite reads
// the first page of calls and of conversations, reads each listed record by its uuid and expects
// the record the path names, with the fields the list showed; a conversation's sessions must be
// those its `session_uuids` name, in that order, each naming the conversation.
import type { RuleCheck } from '../../record/rule.ts';

export const CALL_DETAILS: RuleCheck = {
  name: 'call-details-named-record',
  rule: 'published API, GET /api/v1/calls/{uuid}: answers the call the path names (its uuid, direction, conversation and creation as the call list shows them); an unknown call is 404',
};

export const CONVERSATION_DETAILS: RuleCheck = {
  name: 'conversation-details-named-record',
  rule: 'published API, GET /api/v1/conversations/{uuid}: answers the conversation the path names (its uuid, channel, agent, contact and creation as the conversation list shows them); an unknown conversation is 404',
};

export const CONVERSATION_SESSIONS: RuleCheck = {
  name: 'conversation-sessions-listed',
  rule: 'published API, GET /api/v1/conversations/{uuid}/sessions: lists the sessions the conversation names in session_uuids, in that order, each naming the conversation',
};

/** Records of each list read by their uuid (the first page's first ones). */
export const SAMPLE = 5;

/** The fields a list item and the record read by its uuid must agree on. */
export const CALL_FIELDS = ['uuid', 'direction', 'conversation_uuid', 'created_at'] as const;
export const CONVERSATION_FIELDS = ['uuid', 'channel', 'agent_uuid', 'created_at'] as const;
