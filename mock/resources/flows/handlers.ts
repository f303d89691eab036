// Flows (seed "Flow"; "Endpoints", GET /api/v1/flow/{uuid}): one flow with its steps as one flat
// list ordered by `position`, branch children of an `if_condition` step carrying
// `parent_step_uuid` and `branch_key`. The body is only `{data}` (seed "Response envelope"); an
// unknown flow is a 404 `{success:false, message, data:[]}` (Shape A, as the contract gives it).
import type { HandlerGroup } from '../../core/handler.ts';
import { findOr404 } from '../shared/lookup.ts';

export const flowHandlers = {
  getFlow: ({ ws, path, faults }) => {
    const flow = structuredClone(findOr404(ws.flows, path.uuid, 'Flow'));
    if (!faults.has('flow-steps-unordered')) flow.steps = flow.steps.map((step, index) => ({ step, index })).sort((a, b) => a.step.position - b.step.position || a.index - b.index).map(({ step }) => step);
    return { status: 200, body: { data: flow } };
  },
} satisfies HandlerGroup;
