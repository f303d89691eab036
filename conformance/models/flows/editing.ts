// Flow editing (full mode: it tests, deploys and undeploys a flow of the target). Picks the first
// listed flow and a builtin app action, tests the flow's trigger with a manual sample and reads
// the flow back: the sample must be the trigger's `last_test.data`. Then tests every step (so all
// are active), deploys the flow, tries to add a step (409 expected, nothing added) and undeploys
// it again. A flow that cannot be deployed leaves the 409 rule inconclusive.
import { inconclusive, notApplicable, recordRule, type RuleCheck } from '../../record/rule.ts';
import { describeAnswer, expectStatus, isSuccess } from '../../rules/verdicts.ts';
import { suite } from '../../suite/context.ts';

export const FLOW_TEST_STORED: RuleCheck = {
  name: 'flow-step-test-stored',
  rule: 'published flow-steps "Test a step": with persist (the default) the test result becomes the step\'s last_test.data, which later steps\' {{stepN.field}} references resolve against',
};
export const FLOW_DEPLOYED_409: RuleCheck = {
  name: 'flow-deployed-edit-409',
  rule: 'published flow-steps "Add a step": a deployed flow cannot be edited; adding a step gives 409 until the flow is undeployed',
};

type Json = Record<string, unknown>;
type StepRow = { uuid: string; kind: string; position: number; last_test: { data: Json } | null };

export async function runFlowEditingCheck(): Promise<void> {
  const { client } = suite();
  const list = await client.send({ op: client.op('listFlows') });
  const flows = isSuccess(list) ? (((list.json as Json).data as Json | undefined)?.data as Json[] | undefined) : undefined;
  const flow = flows?.find((f) => Array.isArray(f.steps) && (f.steps as StepRow[]).some((s) => s.kind === 'trigger') && f.status !== 'deployed');
  if (!flow) {
    for (const check of [FLOW_TEST_STORED, FLOW_DEPLOYED_409]) notApplicable(check, 'testFlowStep', `no draft flow with a trigger is listed (${describeAnswer(list)})`);
    return;
  }
  const uuid = String(flow.uuid);
  const read = async (): Promise<StepRow[] | undefined> => {
    const answer = await client.send({ op: client.op('getFlow'), pathParams: { uuid } });
    return isSuccess(answer) ? (((answer.json as Json).data as Json).steps as StepRow[]) : undefined;
  };
  const steps = [...((await read()) ?? [])].sort((a, b) => a.position - b.position);
  const trigger = steps.find((s) => s.kind === 'trigger');
  if (!trigger) {
    inconclusive(FLOW_TEST_STORED, 'testFlowStep', `flow ${uuid} could not be read back with its trigger`);
    return;
  }
  const sample = { conformance_probe: `probe-${Date.now()}`, email: 'probe@example.com' };
  const op = client.op('testFlowStep');
  const tested = await client.send({ op, pathParams: { uuid, step: trigger.uuid }, json: { data: sample }, expectation: { kind: 'accepted', part: op.contract, rule: FLOW_TEST_STORED.rule, what: 'testing a trigger with a manual sample' } });
  if (!isSuccess(tested)) recordRule(FLOW_TEST_STORED, op.operationId, { message: `testing the trigger answered ${describeAnswer(tested)}`, part: 'published' }, tested);
  else {
    const stored = (await read())?.find((s) => s.uuid === trigger.uuid)?.last_test?.data;
    const same = stored !== undefined && stored.conformance_probe === sample.conformance_probe;
    recordRule(FLOW_TEST_STORED, op.operationId, same ? true : { message: `after the test the trigger's last_test is ${JSON.stringify(stored ?? null)}, not the sample sent`, part: 'published' }, tested);
  }

  for (const step of steps) if (step.uuid !== trigger.uuid) await client.send({ op, pathParams: { uuid, step: step.uuid }, json: {} });
  const deployOp = client.op('deployFlow');
  const deployed = await client.send({ op: deployOp, pathParams: { uuid } });
  if (!isSuccess(deployed)) {
    inconclusive(FLOW_DEPLOYED_409, deployOp.operationId, `flow ${uuid} could not be deployed after testing its steps (${describeAnswer(deployed)})`, deployed);
    return;
  }
  try {
    const apps = await client.send({ op: client.op('listFlowApps') });
    const app = ((isSuccess(apps) ? (apps.json as Json).data : []) as Array<Json & { actions: Json[] }>).find((a) => a.requires_connection === false && a.actions.some((x) => x.key !== 'if_condition'));
    const action = app?.actions.find((x) => x.key !== 'if_condition');
    if (!app || !action) {
      inconclusive(FLOW_DEPLOYED_409, 'addFlowStep', 'the app catalogue lists no builtin app with an action to add');
      return;
    }
    const before = (await read())?.length;
    const addOp = client.op('addFlowStep');
    const answer = await client.send({ op: addOp, pathParams: { uuid }, json: { kind: 'action', app_uid: app.uid, action_key: action.key } });
    const status = expectStatus(answer, addOp, `adding a step to deployed flow ${uuid}`, 409, undefined, 'published');
    const after = (await read())?.length;
    recordRule(FLOW_DEPLOYED_409, addOp.operationId, status !== true ? status : before === after ? true : { message: `the refused add still changed the flow's steps (${before} → ${after})`, part: 'published' }, answer);
  } finally {
    await client.send({ op: client.op('undeployFlow'), pathParams: { uuid } });
  }
}
