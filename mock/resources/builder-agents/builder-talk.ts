// What the mock's builder agent says: the conversation's name derived from the prompt, its
// progress notes, questions, plan and results. Deterministic, so a client sees the same texts
// for the same requests. The contract's `message` field: "a progress note while `processing`, an
// introduction to the questions while `gathering`, the plan while `awaiting_approval`, a summary
// once `deployed`, the reason when `failed`".
import { stripMarkers } from './markers.ts';

export type PhaseKind = 'create' | 'answers' | 'approval' | 'rebuild';

const LEADING_VERB = /^(please\s+)?(build|create|make|write|develop|set up)\s+(me\s+|us\s+)?(a|an|the)?\s*/i;

const TRAILING_FILLER = new Set(['a', 'an', 'the', 'of', 'with', 'and', 'or', 'for', 'to', 'that', 'which', 'in', 'on', 'from']);

export function deriveName(prompt: string): string {
  const text = stripMarkers(prompt).replace(LEADING_VERB, '');
  const kept = text.split(/\s+/).filter(Boolean).slice(0, 6);
  while (kept.length > 1 && TRAILING_FILLER.has((kept.at(-1) ?? '').toLowerCase())) kept.pop();
  const words = kept.join(' ').replace(/[.,;:!?]+$/, '');
  if (words === '') return 'Untitled app';
  const name = words.charAt(0).toUpperCase() + words.slice(1);
  return name.length > 80 ? name.slice(0, 80).trimEnd() : name;
}

export function processingMessage(kind: PhaseKind): string {
  switch (kind) {
    case 'create':
      return 'Reading your request and planning the app.';
    case 'answers':
      return 'Thanks, working your answers into the plan.';
    case 'approval':
      return 'Plan approved. Building and deploying the app.';
    case 'rebuild':
      return 'Rebuilding the app with your change.';
  }
}

export function defaultQuestions(kind: PhaseKind, name: string): string[] {
  switch (kind) {
    case 'create':
      return [
        `Who will use "${name}": your team, your contacts, or both?`,
        'Should the app store what it collects in one of the workspace tables? If so, which one?',
      ];
    case 'answers':
      return ['Is there anything else the app must do before I write the plan?'];
    case 'approval':
      return ['Which team member should be told when the app is live?'];
    case 'rebuild':
      return ['Should the change apply to every page of the app, or only where you noticed the problem?'];
  }
}

export const GATHERING_MESSAGE = 'A few questions before I build the app.';

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

export function planMessage(name: string, prompt: string, answers: string[]): string {
  const parts = [`Plan: a Node.js web app "${name}" that does this: ${clip(stripMarkers(prompt), 400)}`];
  if (answers.length > 0) parts.push(`With your answers: ${answers.map((a) => clip(stripMarkers(a), 200).replace(/[.!?]+$/, '')).join('; ')}.`);
  parts.push('Approve to build and deploy it.');
  return parts.join(' ');
}

export function deployedMessage(revision: number): string {
  return revision <= 1
    ? 'Your app is deployed and running at its preview URL.'
    : `Your change is deployed: revision ${revision} replaced the running app.`;
}

export function failedMessage(kind: PhaseKind, hasApp: boolean): string {
  const what = kind === 'rebuild' ? 'The rebuild failed: the corrected app' : 'The build failed: the app';
  const after = hasApp ? ' The previous version of the app is kept.' : '';
  return `${what} did not pass its QA checks (the start command exited with code 1).${after} Send a rebuild with a correction to try again.`;
}
