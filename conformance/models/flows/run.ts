// Runs the flow check (read-only): reads the flow the target data names and judges its steps
// (position order, each branch child after its parent), then reads a flow uuid nobody holds and
// expects the 404 in Shape A. Without a flow in the target data the steps rule is inconclusive.
import { randomUUID } from 'node:crypto';
import { shapeOf } from '../../checks/error-shape.ts';
import { inconclusive, recordRule } from '../../record/rule.ts';
import { describeAnswer, expectStatus, isSuccess } from '../../rules/verdicts.ts';
import { suite } from '../../suite/context.ts';
import { fieldOf } from '../answer-fields.ts';
import { FLOW_STEPS, FLOW_UNKNOWN, STEP_NAMES, type StepView, stepProblems } from './model.ts';

function stepsOf(value: unknown): StepView[] | string {
  if (!Array.isArray(value)) return `the flow's steps are ${JSON.stringify(value)}, not a list`;
  const steps: StepView[] = [];
  for (const [i, raw] of value.entries()) {
    const step = raw as Record<string, unknown>;
    const missing = STEP_NAMES.filter((n) => step[n] === undefined);
    if (missing.length > 0) return `step ${i} of the flow has no ${missing.join(', ')}`;
    steps.push({ uuid: String(step.uuid), position: Number(step.position), parent_step_uuid: step.parent_step_uuid === null ? null : String(step.parent_step_uuid), branch_key: step.branch_key === null ? null : String(step.branch_key) });
  }
  return steps;
}

export async function runFlowsCheck(): Promise<void> {
  const { client, target } = suite();
  const op = client.op('getFlow');
  const uuid = target.data.flow_uuid;
  if (uuid === undefined) {
    inconclusive(FLOW_STEPS, op.operationId, 'the target data names no flow (flow_uuid) and the contract lists none');
  } else {
    const answer = await client.send({ op, pathParams: { uuid }, expectation: { kind: 'accepted', part: op.contract, rule: FLOW_STEPS.rule, what: 'reading a flow' } });
    if (!isSuccess(answer)) {
      recordRule(FLOW_STEPS, op.operationId, { message: `reading flow ${uuid} answered ${describeAnswer(answer)}`, part: 'documented' }, answer);
    } else {
      const read = fieldOf(op, answer, 'steps');
      const steps = read.ok ? stepsOf(read.value) : read.reason;
      if (typeof steps === 'string') inconclusive(FLOW_STEPS, op.operationId, steps, answer);
      else {
        const problems = stepProblems(steps);
        recordRule(FLOW_STEPS, op.operationId, problems.length === 0 ? true : { message: `flow ${uuid}: ${problems.join('; ')}`, part: 'documented' }, answer);
      }
    }
  }
  const unknown = randomUUID();
  const answer = await client.send({ op, pathParams: { uuid: unknown } });
  const status = expectStatus(answer, op, `reading an unknown flow ${unknown}`, 404, undefined);
  const shape = status === true ? shapeOf(answer.json) : undefined;
  recordRule(
    FLOW_UNKNOWN,
    op.operationId,
    status !== true ? status : shape === 'A' ? true : { message: `the 404 for an unknown flow is ${shape === undefined ? 'in neither error shape' : `in Shape ${shape}`}, not Shape A`, part: 'documented' },
    answer,
  );
}
