// Mock-only markers in the text of a request that starts a builder agent's processing (the prompt
// on create, an answer, the rebuild message), so a client can pick where processing ends:
//   [outcome:gathering] [outcome:awaiting_approval] [outcome:deployed] [outcome:failed]
//   [delay:2500] [delay:2500ms] [delay:3s]   processing time
// Unknown values are ignored (the real service takes the text as it is). Documented in README.md.
import type { AgentOutcome, OutcomePlan } from './machine.ts';

const OUTCOME = /\[outcome:\s*(gathering|awaiting_approval|deployed|failed)\s*\]/i;
const DELAY = /\[delay:\s*(\d{1,9})\s*(ms|s)?\s*\]/i;
const ANY_MARKER = /\[(?:outcome|delay):[^\]]*\]/gi;

export function readMarkers(...texts: string[]): OutcomePlan {
  const plan: OutcomePlan = {};
  for (const text of texts) {
    const outcome = OUTCOME.exec(text);
    if (outcome && plan.status === undefined) plan.status = (outcome[1] as string).toLowerCase() as AgentOutcome;
    const delay = DELAY.exec(text);
    if (delay && plan.after_ms === undefined) plan.after_ms = Number(delay[1]) * ((delay[2] ?? 'ms').toLowerCase() === 's' ? 1000 : 1);
  }
  return plan;
}

/** The text without markers, for names and messages derived from it. */
export function stripMarkers(text: string): string {
  return text.replace(ANY_MARKER, ' ').replace(/\s+/g, ' ').trim();
}
