// Evaluations (published API, "Evaluations": the paged list and the read; seed "What the service
// does" > Evaluate: "A session ends when the customer is idle for the configured
// `sessionization.timeout_minutes` or the conversation closes. Analyzer features then run over the
// session transcript and produce evaluation records."). The checks and what they judge in an
// evaluation as answered.
import type { RuleCheck } from '../../record/rule.ts';

export const EVALUATION_METRICS: RuleCheck = {
  name: 'evaluation-metrics',
  rule: 'published API, "Evaluations": every evaluation names its session, conversation and contact and carries the ten metrics, each {value (string), confidence (integer), reason (string)}',
};
export const EVALUATION_READ: RuleCheck = {
  name: 'evaluation-read',
  rule: 'published API, "Evaluations": the read of a listed evaluation by its uuid shows the same evaluation; an unknown uuid gives 404',
};
export const EVALUATION_AFTER_SESSION_END: RuleCheck = {
  name: 'evaluation-after-session-end',
  rule: 'seed "What the service does", Evaluate: a messaging session is evaluated once the customer has been idle for sessionization.timeout_minutes (not before), and the evaluation is then listed with its metrics',
};

export const METRICS = [
  'sentiment',
  'emotion',
  'sentiment_strength',
  'intent',
  'intent_labels',
  'knowledge_gap',
  'human_escalation',
  'contextual_sentiment',
  'satisfaction',
  'success',
] as const;

/** The identifying fields every evaluation carries. */
export const EVALUATION_FIELDS = ['uuid', 'session_uuid', 'conversation_uuid', 'created_at'] as const;

/** What is wrong with an evaluation's metrics as answered: a metric missing, or one without a string value, an integer confidence or a string reason. */
export function metricProblems(evaluation: Record<string, unknown>): string[] {
  const problems: string[] = [];
  for (const name of METRICS) {
    const metric = evaluation[name];
    if (typeof metric !== 'object' || metric === null) {
      problems.push(`no ${name} metric`);
      continue;
    }
    const { value, confidence, reason } = metric as Record<string, unknown>;
    if (typeof value !== 'string') problems.push(`${name}.value ${JSON.stringify(value)} is not a string`);
    if (!Number.isInteger(confidence)) problems.push(`${name}.confidence ${JSON.stringify(confidence)} is not an integer`);
    if (typeof reason !== 'string') problems.push(`${name}.reason ${JSON.stringify(reason)} is not a string`);
  }
  return problems;
}
