// Flows (seed "Flow"; "Endpoints", GET /api/v1/flow/{uuid}; published flows and flow-steps pages).
// The read answers only `{data}` (seed "Response envelope") with the steps as one flat list ordered
// by `position`; an unknown flow is a 404 in Shape A (as the contract gives it). The list is the
// collection kit's paged list. Deploying needs a trigger and every step `active` (tested); a
// deployed flow is not edited until it is undeployed.
import type { HandlerGroup } from '../../core/handler.ts';
import { errors } from '../../pipeline/api-error.ts';
import { type Collection, collectionHandlers } from '../shared/collection.ts';
import { findOr404 } from '../shared/lookup.ts';
import { flowCatalogueHandlers } from './catalogue.ts';
import { findFlow, type Flow, flowView, orderedSteps, touch } from './records.ts';
import { flowStepTestHandlers } from './step-test.ts';
import { flowStepHandlers } from './steps.ts';

export const flows: Collection<Flow> = {
  noun: 'Flow',
  records: (ws) => ws.flows,
  view: flowView,
  filters: { status: (f, value: string) => f.status === value },
  order: (a, b) => b.created_at.getTime() - a.created_at.getTime(),
  messages: { list: 'Flows retrieved' },
};

export const flowHandlers = {
  getFlow: ({ ws, path, faults }) => {
    const flow = structuredClone(findOr404(ws.flows, path.uuid, 'Flow'));
    if (!faults.has('flow-steps-unordered')) flow.steps = orderedSteps(flow.steps);
    return { status: 200, body: { data: flow } };
  },
  ...(collectionHandlers(flows, { list: 'listFlows' }) as Required<Pick<HandlerGroup, 'listFlows'>>),
  ...flowCatalogueHandlers,
  ...flowStepHandlers,
  ...flowStepTestHandlers,

  deployFlow: ({ ws, path, now }) => {
    const flow = findFlow(ws, path.uuid);
    if (flow.status !== 'deployed') {
      if (!flow.steps.some((s) => s.kind === 'trigger')) throw errors.conflict('Flow not ready', 'The flow has no trigger; add one before deploying.');
      const untested = orderedSteps(flow.steps).find((s) => s.status !== 'active');
      if (untested) throw errors.conflict('Flow not ready', `Step ${untested.position} is not active; test it (persist) before deploying.`);
      flow.status = 'deployed';
      touch(flow, now);
    }
    return { status: 200, body: { success: true, message: 'Flow deployed', data: flowView(flow) } };
  },

  undeployFlow: ({ ws, path, now }) => {
    const flow = findFlow(ws, path.uuid);
    if (flow.status === 'deployed') {
      flow.status = 'draft';
      touch(flow, now);
    }
    return { status: 200, body: { success: true, message: 'Flow undeployed', data: flowView(flow) } };
  },
} satisfies HandlerGroup;
