// The detail of an action log row (published API, "Action log detail"): the item's fields, the
// agent, contact and customer it concerns, its masked request and response, its error, and the
// extras (timing, campaign, conversation, session, workflow steps).
import type { Schemas, WorkspaceState } from '../../state/workspace.ts';
import { maskedJson } from './mask.ts';
import type { ActionLogRecord } from './records.ts';
import { itemOf } from './task-rows.ts';

type Detail = Schemas['LogsActionDetail'];

function agentOf(ws: WorkspaceState, uuid: string | null): Detail['agent'] {
  const agent = uuid === null ? undefined : ws.agents.find((a) => a.uuid === uuid);
  return agent ? { uuid: agent.uuid, name: agent.name } : null;
}

function contactOf(ws: WorkspaceState, uuid: string | null): Detail['contact'] {
  const contact = uuid === null ? undefined : ws.contacts.find((c) => c.uuid === uuid);
  return contact ? { uuid: contact.uuid, name: contact.name, phone_number: contact.phone } : null;
}

export function actionDetail(ws: WorkspaceState, row: ActionLogRecord): Detail {
  return {
    ...itemOf(row),
    agent: agentOf(ws, row.agent_uuid),
    contact: contactOf(ws, row.contact_uuid),
    customer: row.customer_number === null ? null : { number: row.customer_number },
    request: maskedJson(row.request),
    response: maskedJson(row.response),
    error: row.error,
    extras: {
      started_at: row.started_at,
      completed_at: row.completed_at,
      campaign_uuid: row.campaign_uuid,
      conversation_uuid: row.conversation_uuid,
      session_uuid: row.session_uuid,
      steps: row.steps,
    },
  };
}
