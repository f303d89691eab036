// The workspace's builder spending (published: `{currency, total_cost, vm_count, deployments}`):
// every app's cost accrued from its running time up to the request's instant, as builder answers
// show it (app-record.ts), summed; one sandbox per app; one deployment entry per app (inferred).
import type { Handler } from '../../core/handler.ts';
import { settleBuilders } from '../builder-agents/agent-state.ts';
import { CURRENCY, toBuilder } from './app-record.ts';

export const getBuilderSpending: Handler<'getBuilderSpending'> = ({ ws, now, config, host }) => {
  settleBuilders(ws, now, config.baseDomain);
  const deployments = ws.builders.map((app) => {
    const b = toBuilder(app, now, host);
    return { uuid: b.uuid, name: b.name, status: app.life.status, cost: b.cost };
  });
  const total = deployments.reduce((sum, d) => sum + d.cost.cost, 0);
  return {
    status: 200,
    body: { success: true, data: { currency: CURRENCY, total_cost: Math.round(total * 100) / 100, vm_count: deployments.length, deployments } },
  };
};
