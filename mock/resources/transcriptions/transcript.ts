// The transcript of a completed job, derived from its audio (the file name, else the URL): the
// same audio always gives the same turns and the same scores. A recording is one of a few
// conversations; its turns are `Customer` and `Agent`; its evaluation scores each metric as
// `{value, confidence, reason}`, as evaluation records do. The conversation and session uuids are
// derived from the job, so every read (and the callback) names the same ones. The fault
// `transcription-transcript-empty` completes a job with no turns.
import { sha1 } from '../../platform/crypto.ts';
import type { Schemas } from '../../state/workspace.ts';
import { derivedUuid } from '../agents/webhook-payload.ts';
import { finishedAt } from './machine.ts';
import type { TranscriptionRecord } from './record.ts';

type Transcript = Schemas['TranscriptionTranscript'];
type Turn = { role: 'Customer' | 'Agent'; content: string };

interface Script {
  turns: Turn[];
  intent: string;
  sentiment: 'Positive' | 'Neutral' | 'Negative';
  emotion: string;
  success: boolean;
  escalation: boolean;
}

const SCRIPTS: readonly Script[] = [
  {
    turns: [
      { role: 'Customer', content: 'Hello, I need help with my last invoice.' },
      { role: 'Agent', content: 'Of course. Could you give me the invoice number?' },
      { role: 'Customer', content: 'It is 2026-0412. I was charged twice for March.' },
      { role: 'Agent', content: 'I see the double charge. I have refunded the second payment; it reaches your account within five days.' },
      { role: 'Customer', content: 'Great, thank you.' },
    ],
    intent: 'billing_question',
    sentiment: 'Positive',
    emotion: 'calm',
    success: true,
    escalation: false,
  },
  {
    turns: [
      { role: 'Agent', content: 'Good morning, this is the service desk. How can I help?' },
      { role: 'Customer', content: 'I would like to move my appointment on Thursday to next week.' },
      { role: 'Agent', content: 'Tuesday at 10:30 or Wednesday at 14:00 are free. Which suits you?' },
      { role: 'Customer', content: 'Wednesday at two, please.' },
      { role: 'Agent', content: 'Done: Wednesday at 14:00. You will get a confirmation by text.' },
    ],
    intent: 'reschedule_appointment',
    sentiment: 'Neutral',
    emotion: 'calm',
    success: true,
    escalation: false,
  },
  {
    turns: [
      { role: 'Customer', content: 'My internet has been down since yesterday and nobody called me back.' },
      { role: 'Agent', content: 'I am sorry about that. Let me check the line in your area.' },
      { role: 'Customer', content: 'This is the third time this month.' },
      { role: 'Agent', content: 'There is a fault at the local exchange. I am passing you to a technician who can book a visit.' },
    ],
    intent: 'technical_support',
    sentiment: 'Negative',
    emotion: 'frustrated',
    success: false,
    escalation: true,
  },
];

/** The audio a job names: its file name, else its URL. */
export function audioName(job: Pick<TranscriptionRecord, 'voice_file' | 'voice_url'>): string {
  return job.voice_file?.filename ?? job.voice_url ?? '';
}

/** A deterministic number in [0, n) for an audio and a purpose. */
function pick(audio: string, purpose: string, n: number): number {
  const h = sha1(`${purpose}|${audio}`);
  return new DataView(h.buffer, h.byteOffset, h.byteLength).getUint32(0) % n;
}

function metric(audio: string, name: string, value: unknown, reason: string): Schemas['TranscriptionMetric'] {
  return { value, confidence: (60 + pick(audio, `${name}-confidence`, 40)) / 100, reason };
}

function evaluations(audio: string, script: Script): Record<string, Schemas['TranscriptionMetric']> {
  const satisfaction = script.sentiment === 'Positive' ? 5 : script.sentiment === 'Neutral' ? 4 : 2;
  return {
    sentiment: metric(audio, 'sentiment', script.sentiment, `The customer's words are ${script.sentiment.toLowerCase()} overall.`),
    emotion: metric(audio, 'emotion', script.emotion, `The customer sounds ${script.emotion}.`),
    sentiment_strength: metric(audio, 'sentiment_strength', 1 + pick(audio, 'sentiment_strength', 5), 'How strongly the sentiment is expressed, from 1 to 5.'),
    intent: metric(audio, 'intent', script.intent, 'What the customer called about.'),
    intent_labels: metric(audio, 'intent_labels', [script.intent], 'Every request the customer made.'),
    knowledge_gap: metric(audio, 'knowledge_gap', [], 'The agent answered every question.'),
    human_escalation: metric(audio, 'human_escalation', script.escalation, script.escalation ? 'The agent passed the call to a person.' : 'The agent resolved the call alone.'),
    contextual_sentiment: metric(audio, 'contextual_sentiment', script.sentiment, 'The sentiment read in the context of the whole call.'),
    satisfaction: metric(audio, 'satisfaction', satisfaction, 'The customer\'s satisfaction from 1 to 5.'),
    success: metric(audio, 'success', script.success, script.success ? 'The request was resolved.' : 'The request was not resolved in the call.'),
  };
}

/** The transcript of a completed job (its status is the caller's: `completed`). */
export function transcriptOf(job: TranscriptionRecord, empty = false): Transcript {
  const audio = audioName(job);
  const script = SCRIPTS[pick(audio, 'script', SCRIPTS.length)] as Script;
  const turns = empty ? [] : script.turns.map((t) => ({ ...t }));
  const processed = finishedAt(job);
  return {
    id: job.uuid,
    reference_id: job.reference_id,
    status: 'completed',
    qa_agent_uuid: job.qa_agent_uuid,
    coaching_agent_uuid: job.coaching_agent_uuid,
    conversation: {
      id: derivedUuid('transcription-conversation', job.uuid),
      plain: turns.map((t) => `${t.role}: ${t.content}`).join('\n'),
      messages: turns,
    },
    session: { id: derivedUuid('transcription-session', job.uuid), type: 'voice', status: 'completed' },
    evaluations: evaluations(audio, script),
    processed_at: processed,
    timestamp: Math.floor(processed.getTime() / 1000),
  };
}
