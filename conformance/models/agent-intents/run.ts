// An intent's `app` action on an external app needs an active connection of that app (published:
// agents/set-the-intents-action-event, 422 "connect it in the dashboard" otherwise). The check finds
// an app of the flow catalogue that needs a connection and an intent of the workspace's first agent
// (creating one when it has none), then sets the intent's action on that app without a connection:
// the answer must be 422 and the intent's action unchanged.
import type { RuleCheck } from '../../record/rule.ts';
import { inconclusive, notApplicable, requireRule } from '../../record/rule.ts';
import { describeAnswer, expectStatus, isSuccess } from '../../rules/verdicts.ts';
import { suite } from '../../suite/context.ts';
import { runScenario } from '../model-kit.ts';

export const INTENT_EVENT_CONNECTION: RuleCheck = {
  name: 'intent-event-connection',
  rule: 'Published: agents/set-the-intents-action-event: an app action on an external app without an active connection of that app gives 422',
};

type App = { uid?: string; requires_connection?: boolean; actions?: Array<{ key?: string }> };

export async function runIntentEventCheck(): Promise<void> {
  const { client } = suite();
  const apps = await client.send({ op: client.op('listFlowApps') });
  if (!isSuccess(apps)) return inconclusive(INTENT_EVENT_CONNECTION, 'listFlowApps', `listing the apps answered ${describeAnswer(apps)}`, apps);
  const app = ((apps.json as { data?: App[] } | undefined)?.data ?? []).find((a) => a.requires_connection === true && typeof a.actions?.[0]?.key === 'string');
  if (!app?.uid) return notApplicable(INTENT_EVENT_CONNECTION, 'setAgentIntentEvent', 'the flow catalogue has no app that needs a connection');
  const listed = await client.send({ op: client.op('listAgents') });
  const agent = (listed.json as { data?: { items?: Array<{ agent_uuid?: string }> } } | undefined)?.data?.items?.[0]?.agent_uuid;
  if (!agent) return inconclusive(INTENT_EVENT_CONNECTION, 'listAgents', 'the workspace lists no agent', listed);
  const intents = await client.send({ op: client.op('listAgentIntents'), pathParams: { uuid: agent } });
  let intent = (intents.json as { data?: Array<{ intent_uuid?: string }> } | undefined)?.data?.[0]?.intent_uuid;
  if (!intent) {
    const created = await client.send({ op: client.op('createAgentIntent'), pathParams: { uuid: agent }, json: { name: 'Conformance intent' } });
    intent = (created.json as { data?: { intent_uuid?: string } } | undefined)?.data?.intent_uuid;
    if (!intent) return inconclusive(INTENT_EVENT_CONNECTION, 'createAgentIntent', `creating an intent answered ${describeAnswer(created)}`, created);
  }
  const op = client.op('setAgentIntentEvent');
  const pathParams = { uuid: agent, intentUuid: intent };
  await runScenario(async () => {
    const answer = await client.send({ op, pathParams, json: { event_type: 'app', app_uid: app.uid, action_key: app.actions?.[0]?.key } });
    requireRule(INTENT_EVENT_CONNECTION, op.operationId, expectStatus(answer, op, `setting an action on the external app "${app.uid}" without a connection`, 422, undefined, 'published'), answer);
  });
}
