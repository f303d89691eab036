// The flow read (seed "Flow"; "Endpoints", GET /api/v1/flow/{uuid}: "data = flow with flat ordered
// steps", branch children carrying parent_step_uuid and branch_key; an unknown flow is a 404 in
// Shape A {success:false, message, data:[]}). The contract offers no list of flows, so the flow read
// is the one the target data names (`flow_uuid`: the QA team's data file, or the mock's snapshot).
import type { RuleCheck } from '../../record/rule.ts';

export const FLOW_STEPS: RuleCheck = {
  name: 'flow-steps-ordered',
  rule: 'seed "Flow" and "Endpoints", GET /api/v1/flow/{uuid}: the steps are one flat list ordered by position, and every branch child names by parent_step_uuid a step of the flow listed before it',
};
export const FLOW_UNKNOWN: RuleCheck = {
  name: 'flow-unknown-404',
  rule: 'seed "Endpoints", GET /api/v1/flow/{uuid}: an unknown flow gives 404 {success:false, message, data:[]} (Shape A)',
};

export interface StepView {
  uuid: string;
  position: number;
  parent_step_uuid: string | null;
  branch_key: string | null;
}

export const STEP_NAMES = ['uuid', 'position', 'parent_step_uuid', 'branch_key'] as const;

/** What is wrong with a flow's steps as listed: out of position order, or a child before or without its parent. */
export function stepProblems(steps: readonly StepView[]): string[] {
  const problems: string[] = [];
  const index = new Map(steps.map((s, i) => [s.uuid, i]));
  steps.forEach((step, i) => {
    const previous = steps[i - 1];
    if (previous && !(previous.position <= step.position)) problems.push(`step ${step.uuid} at position ${step.position} is listed after position ${previous.position}`);
    if (step.parent_step_uuid !== null) {
      const at = index.get(step.parent_step_uuid);
      if (at === undefined) problems.push(`step ${step.uuid} names parent ${step.parent_step_uuid}, which the flow does not list`);
      else if (at >= i) problems.push(`step ${step.uuid} is listed before its parent ${step.parent_step_uuid}`);
      if (step.branch_key === null) problems.push(`branch child ${step.uuid} has no branch_key`);
    }
  });
  return problems;
}
