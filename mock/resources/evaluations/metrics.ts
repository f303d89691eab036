// The analysis of one evaluated session: ten metrics (published API, "Evaluations": sentiment,
// emotion, sentiment_strength, intent, intent_labels, knowledge_gap, human_escalation,
// contextual_sentiment, satisfaction, success), each a finding with a confidence in percent and a
// reason. Findings are derived from the session's subject (a hash), so the same session always gets
// the same analysis. Evaluation records show each finding as `{value, confidence, reason}` with the
// value as text; webhook payloads (agents/webhook-payload.ts) show eight of them as `{value,
// confidence}` with the value typed and the confidence as a fraction: the same findings.
import { sha1 } from '../../platform/crypto.ts';

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

export type MetricName = (typeof METRICS)[number];

/** A metric as an evaluation record shows it. */
export interface MetricScore {
  value: string;
  /** Percent, 0..100. */
  confidence: number;
  reason: string;
}

/** One finding: its typed value (what a webhook payload carries) with its confidence and reason. */
export interface Finding {
  raw: string | number | boolean | string[];
  confidence: number;
  reason: string;
}

/** A deterministic number in [0, n) for a subject and a purpose. */
export function pick(subject: string, purpose: string, n: number): number {
  const h = sha1(`${purpose}|${subject}`);
  return new DataView(h.buffer, h.byteOffset, h.byteLength).getUint32(0) % n;
}

const SENTIMENTS = ['Positive', 'Neutral', 'Negative'] as const;
const EMOTIONS = ['calm', 'happy', 'frustrated', 'confused'] as const;
const STRENGTHS = ['low', 'medium', 'high'] as const;

function finding(subject: string, metric: MetricName, raw: Finding['raw'], reason: string): Finding {
  return { raw, confidence: 60 + pick(subject, `${metric}-confidence`, 40), reason };
}

/** The session's findings, keyed by metric. */
export function sessionFindings(subject: string): Record<MetricName, Finding> {
  const sentiment = SENTIMENTS[pick(subject, 'sentiment', SENTIMENTS.length)] as string;
  const emotion = EMOTIONS[pick(subject, 'emotion', EMOTIONS.length)] as string;
  const strength = STRENGTHS[pick(subject, 'sentiment_strength', STRENGTHS.length)] as string;
  const contextual = SENTIMENTS[pick(subject, 'contextual_sentiment', SENTIMENTS.length)] as string;
  const satisfaction = 1 + pick(subject, 'satisfaction', 5);
  const success = pick(subject, 'success', 4) > 0;
  const escalation = pick(subject, 'human_escalation', 5) === 0;
  return {
    sentiment: finding(subject, 'sentiment', sentiment, `The customer's messages read as ${sentiment.toLowerCase()} overall.`),
    emotion: finding(subject, 'emotion', emotion, `The customer sounded ${emotion} for most of the session.`),
    sentiment_strength: finding(subject, 'sentiment_strength', strength, `The customer's sentiment was expressed with ${strength} intensity.`),
    intent: finding(subject, 'intent', 'general_enquiry', 'The customer asked for information without a specific request.'),
    intent_labels: finding(subject, 'intent_labels', ['general_enquiry'], 'One intent was found in the session.'),
    knowledge_gap: finding(subject, 'knowledge_gap', [], 'The agent answered every question the customer asked.'),
    human_escalation: finding(
      subject,
      'human_escalation',
      escalation,
      escalation ? 'The customer asked to speak with a person.' : 'The customer did not ask for a person.',
    ),
    contextual_sentiment: finding(subject, 'contextual_sentiment', contextual, `The topics the customer raised were discussed in a ${contextual.toLowerCase()} tone.`),
    satisfaction: finding(subject, 'satisfaction', satisfaction, `The customer's satisfaction scores ${satisfaction} out of 5.`),
    success: finding(subject, 'success', success, success ? 'The session reached its goal.' : 'The session ended without reaching its goal.'),
  };
}

/** A finding's value as text: lists comma-separated (`none` when empty), numbers and booleans as written. */
function text(raw: Finding['raw']): string {
  if (Array.isArray(raw)) return raw.length === 0 ? 'none' : raw.join(', ');
  return String(raw);
}

/** The metrics of an evaluation record. */
export function evaluationMetrics(subject: string): Record<MetricName, MetricScore> {
  const findings = sessionFindings(subject);
  return Object.fromEntries(METRICS.map((m) => [m, { value: text(findings[m].raw), confidence: findings[m].confidence, reason: findings[m].reason }])) as Record<
    MetricName,
    MetricScore
  >;
}

/** The metrics a webhook payload carries (`sentiment_analysis`), as the n8n trigger reads them. */
const WEBHOOK_METRICS = ['sentiment', 'emotion', 'intent', 'intent_labels', 'satisfaction', 'success', 'human_escalation', 'knowledge_gap'] as const;

/** The payload's `sentiment_analysis`: the same findings, typed values, confidence as a fraction. */
export function webhookScores(subject: string): Record<string, { value: unknown; confidence: number }> {
  const findings = sessionFindings(subject);
  return Object.fromEntries(WEBHOOK_METRICS.map((m) => [m, { value: findings[m].raw, confidence: findings[m].confidence / 100 }]));
}
