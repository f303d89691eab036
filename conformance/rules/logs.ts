// Seed rules on the log feeds. "Errors", further 404 rules: the action log filters conversation,
// session and contact give 404 for an unknown identifier. "Authentication" rule 8 and "What the
// service does" > Logs: tokens and other secrets are masked in the feeds, so the API request feed,
// which records the suite's own requests, never shows a token the suite sent.
import { randomUUID } from 'node:crypto';
import type { SuiteOperation } from '../contract/operation.ts';
import { notApplicable, recordRule, type RuleCheck } from '../record/rule.ts';
import { suite } from '../suite/context.ts';
import { describeAnswer, expectStatus, isSuccess } from './verdicts.ts';

export const LOGS_UNKNOWN_FILTER: RuleCheck = {
  name: 'logs-unknown-filter-404',
  rule: 'seed "Errors" (further 404 rules) and the logs/actions query parameters: the conversation, session and contact filters give 404 for unknown identifiers',
};
export const LOGS_SECRETS_MASKED: RuleCheck = {
  name: 'logs-secrets-masked',
  rule: 'seed "Authentication" rule 8: tokens, passwords, signatures and other secrets are masked in the log feeds',
};

/** The action log's filters that name a record by uuid (seed "Query parameters"). */
export const UUID_FILTERS = ['conversation', 'session', 'contact'] as const;

function operation(operationId: string): SuiteOperation | undefined {
  return suite().contract.operations.find((o) => o.operationId === operationId);
}

export async function checkUnknownFilters(): Promise<void> {
  const { client } = suite();
  const op = operation('listActionLogs');
  if (!op) {
    notApplicable(LOGS_UNKNOWN_FILTER, undefined, 'the contract has no action log list (listActionLogs)');
    return;
  }
  for (const filter of UUID_FILTERS) {
    if (!op.parameters.some((p) => p.in === 'query' && p.name === filter)) {
      notApplicable(LOGS_UNKNOWN_FILTER, op.operationId, `the contract gives no ${filter} filter`);
      continue;
    }
    const answer = await client.send({ op, query: { [filter]: randomUUID() } });
    recordRule(LOGS_UNKNOWN_FILTER, op.operationId, expectStatus(answer, op, `an unknown ${filter} identifier in the ${filter} filter`, 404, ['RESOURCE_NOT_FOUND']), answer);
  }
}

/**
 * Reads the newest page of the API request feed after the suite's own requests: no token the
 * suite holds may appear in it. A feed that lists nothing cannot show the rule either way.
 */
export async function checkFeedSecrets(): Promise<void> {
  const { client, target } = suite();
  const op = operation('listApiRequestLogs');
  if (!op) {
    notApplicable(LOGS_SECRETS_MASKED, undefined, 'the contract has no API request feed (listApiRequestLogs)');
    return;
  }
  const perPage = op.parameters.find((p) => p.in === 'query' && p.name === 'per_page');
  const answer = await client.send({ op, query: perPage ? { per_page: '100' } : {} });
  if (!isSuccess(answer)) {
    recordRule(LOGS_SECRETS_MASKED, op.operationId, { message: `the API request feed could not be read (${describeAnswer(answer)})`, part: op.contract }, answer);
    return;
  }
  const text = answer.response?.text ?? '';
  const tokens: Array<[string, string | undefined]> = [
    ['the workspace token', target.workspaceToken],
    ['the per-user token', target.userToken],
    ['the limited token', target.limitedToken?.token],
  ];
  const shown = tokens.filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1].length > 8 && text.includes(entry[1]));
  if (shown.length > 0) {
    // The finding keeps the answer with each token replaced by what it is: the report never holds a token.
    let redacted = text;
    for (const [what, value] of shown) redacted = redacted.replaceAll(value, `<${what}>`);
    const kept = answer.response ? { ...answer, response: { ...answer.response, text: redacted } } : answer;
    recordRule(LOGS_SECRETS_MASKED, op.operationId, { message: `the API request feed shows ${shown.map(([what]) => what).join(' and ')} unmasked`, part: 'documented' }, kept);
    return;
  }
  if (!/"(?:method|path)"\s*:/.test(text)) {
    recordRule(LOGS_SECRETS_MASKED, op.operationId, { inconclusive: 'the API request feed listed no request, so it shows nothing to judge' }, answer);
    return;
  }
  recordRule(LOGS_SECRETS_MASKED, op.operationId, true, answer);
}
