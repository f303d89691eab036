// The workspace policy ANALYTICS_MESSAGES_EXPORT (seed "Query parameters of analytics/messages":
// "disabled gives 403; masked replaces content with ***"; "Errors": "Analytics message export gives
// 403 when the export policy is disabled"). The policy is set in the workspace UI, not through the
// API, so the check runs only against a mock with its control API (PUT
// {control}/workspaces/{slug}/policies), and restores the policy it found.
import { request } from 'undici';
import type { RuleCheck } from '../../record/rule.ts';
import { inconclusive, notApplicable, requireRule } from '../../record/rule.ts';
import { describeAnswer, expectStatus, isSuccess } from '../../rules/verdicts.ts';
import { suite } from '../../suite/context.ts';
import { listOf } from '../answer-fields.ts';
import type { Real } from '../model-kit.ts';

export const EXPORT_POLICY: RuleCheck = {
  name: 'analytics-export-policy',
  rule: 'seed "Query parameters of analytics/messages" and "Errors": with the workspace export policy disabled the export gives 403; masked replaces every row\'s content with ***',
};

const RANGE = { from: '2000-01-01T00:00:00Z', to: '2100-01-01T00:00:00Z', limit: '20' };

/** Sets the policy (undefined: leaves it) and answers the policy in force. */
async function setPolicy(control: string, tenant: string, value: string | undefined): Promise<string> {
  const res = await request(`${control}/workspaces/${encodeURIComponent(tenant)}/policies`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(value === undefined ? {} : { ANALYTICS_MESSAGES_EXPORT: value }),
  });
  const text = await res.body.text();
  if (res.statusCode !== 200) throw new Error(`the mock's control API refused the export policy ${value}: ${res.statusCode} ${text}`);
  return String((JSON.parse(text) as { policies?: { ANALYTICS_MESSAGES_EXPORT?: unknown } }).policies?.ANALYTICS_MESSAGES_EXPORT);
}

async function judgeMasked(real: Real): Promise<void> {
  const op = real.client.op('exportAnalyticsMessages');
  const answer = await real.client.send({ op, query: RANGE });
  if (!isSuccess(answer)) return requireRule(EXPORT_POLICY, op.operationId, expectStatus(answer, op, 'the export under the masked policy', 200, undefined), answer);
  const list = listOf<{ content: unknown }>(op, answer, ['content']);
  if (!list.ok) return inconclusive(EXPORT_POLICY, op.operationId, list.reason, answer);
  if (list.value.items.length === 0) return inconclusive(EXPORT_POLICY, op.operationId, 'the export lists no row, so masking cannot be seen', answer);
  const clear = list.value.items.filter((r) => r.content !== '***' && r.content !== null).length;
  requireRule(EXPORT_POLICY, op.operationId, clear === 0 ? true : { message: `under the masked policy ${clear} of ${list.value.items.length} rows show their content, not ***`, part: 'documented' }, answer);
}

async function judgeDisabled(real: Real): Promise<void> {
  const op = real.client.op('exportAnalyticsMessages');
  const answer = await real.client.send({ op, query: RANGE });
  requireRule(EXPORT_POLICY, op.operationId, isSuccess(answer) ? { message: `under the disabled policy the export answered ${describeAnswer(answer)}`, part: 'documented' } : expectStatus(answer, op, 'the export under the disabled policy', 403, undefined), answer);
}

export async function checkExportPolicy(real: Real): Promise<void> {
  const { target } = suite();
  if (!target.mockControl || !target.tenant) {
    return notApplicable(EXPORT_POLICY, 'exportAnalyticsMessages', 'the export policy is set in the workspace UI; only a mock with its control API (the suite started it, or --mock-control) lets the suite set it');
  }
  const before = await setPolicy(target.mockControl, target.tenant, undefined);
  try {
    await setPolicy(target.mockControl, target.tenant, 'masked');
    await judgeMasked(real);
    await setPolicy(target.mockControl, target.tenant, 'disabled');
    await judgeDisabled(real);
  } finally {
    await setPolicy(target.mockControl, target.tenant, before);
  }
}
