// Evaluate settings (seed "What the service does" > Evaluate: "per-agent and global settings for
// how conversations are grouped into sessions and analyzed"; published API, the evaluate pages).
// The workspace holds one set of defaults (the service's own until first saved). An agent either
// follows the defaults or has an override: a full set of values of its own, made from a copy of the
// defaults by its first update or by a reassign, which later changes of the defaults do not reach.
import { errors } from '../../pipeline/api-error.ts';
import type { Schemas, WorkspaceState } from '../../state/workspace.ts';

type Settings = Schemas['EvaluateSettings'];
type Analyzers = Schemas['EvaluateTextAnalyzers'];
type AnalyzerKey = keyof Analyzers;
type Change = Schemas['EvaluateDefaultsUpdate'] | Schemas['AgentEvaluateSettingsUpdate'];

/** The values of a set of evaluate settings, without who they belong to. */
export type EvaluateValues = Pick<Settings, 'is_active' | 'sessionization' | 'text' | 'voice'>;

export interface AgentEvaluateRecord {
  agent_uuid: string;
  /** The agent's own values (its override). */
  settings: EvaluateValues;
  updated_at: Date;
}

/** Each analyzer with the instruction it starts with. */
const ANALYZERS: Readonly<Record<AnalyzerKey, string>> = {
  sentiment_analyzer: "Classify the customer's overall sentiment as Positive, Neutral or Negative.",
  emotion_detection: 'Name the strongest emotion the customer shows.',
  intensity_strength_levels: "Rate how strong the customer's sentiment is, from 1 to 5.",
  intent_action_sentiment: "Describe the customer's attitude towards the action the agent proposed.",
  intent_labels: "Label the customer's intents in the session.",
  knowledge_gap: 'List the questions the agent could not answer.',
  human_escalation_detection: 'Tell whether the customer asked for a human.',
  contextual_sentiment: 'Classify the sentiment of each topic the customer raised.',
  customer_satisfaction_score: "Score the customer's satisfaction from 1 to 5.",
  success_evaluation_prompt: 'Determine whether the conversation reached its goal.',
};

const ANALYZER_KEYS = Object.keys(ANALYZERS) as AnalyzerKey[];

function defaultAnalyzers(): Analyzers {
  return Object.fromEntries(ANALYZER_KEYS.map((k) => [k, { enabled: true, description: ANALYZERS[k] }])) as Analyzers;
}

/** The service's own defaults, for a workspace that never saved any. */
export function serviceDefaults(): EvaluateValues {
  return {
    is_active: true,
    sessionization: {
      session_mode: 'sliding_timeout',
      timeout_minutes: 30,
      report_language: 'English',
      summary_prompt: 'Summarize the conversation in 2-3 sentences: what the customer wanted and what was agreed.',
    },
    text: defaultAnalyzers(),
    voice: defaultAnalyzers(),
  };
}

/** A deep copy of plain JSON values (state objects may be wrapped, so no structuredClone). */
function copy<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

function valuesOf(s: EvaluateValues): EvaluateValues {
  return copy({ is_active: s.is_active, sessionization: s.sessionization, text: s.text, voice: s.voice });
}

/** The workspace's default values (a copy). */
export function defaultValues(ws: WorkspaceState): EvaluateValues {
  return valuesOf(ws.evaluate_settings ?? serviceDefaults());
}

export function defaultsView(ws: WorkspaceState): Settings {
  return { agent_uuid: null, is_default: true, source: 'default', ...defaultValues(ws) };
}

function overrideOf(ws: WorkspaceState, agentUuid: string): AgentEvaluateRecord | undefined {
  return ws.agent_evaluate_settings.find((r) => r.agent_uuid === agentUuid);
}

/** The values that apply to an agent: its override, else the defaults. */
export function effectiveValues(ws: WorkspaceState, agentUuid: string): EvaluateValues {
  const own = overrideOf(ws, agentUuid);
  return own ? valuesOf(own.settings) : defaultValues(ws);
}

export function agentSettingsView(ws: WorkspaceState, agentUuid: string): Settings {
  const own = overrideOf(ws, agentUuid);
  if (own) return { agent_uuid: agentUuid, is_default: false, source: 'agent', ...valuesOf(own.settings) };
  return { agent_uuid: agentUuid, is_default: true, source: 'default', ...defaultValues(ws) };
}

type AnalyzersChange = Schemas['EvaluateAnalyzersUpdate'] | undefined;

function changedAnalyzers(current: Analyzers | Schemas['EvaluateVoiceAnalyzers'], change: AnalyzersChange, field: string): Analyzers {
  const out = copy(current) as Analyzers;
  for (const [key, patch] of Object.entries(change ?? {}) as Array<[AnalyzerKey, Schemas['EvaluateAnalyzerUpdate']]>) {
    if (patch.description !== undefined && patch.prompt !== undefined && patch.description !== patch.prompt) {
      throw errors.validation('VALIDATION_ERROR', 'prompt and description are the same instruction; send one, or the same text in both.', `${field}.${key}.prompt`);
    }
    const analyzer = out[key] ?? { enabled: true, description: ANALYZERS[key] };
    if (patch.enabled !== undefined) analyzer.enabled = patch.enabled;
    const instruction = patch.prompt ?? patch.description;
    if (instruction !== undefined) analyzer.description = instruction;
    out[key] = analyzer;
  }
  return out;
}

/** Values after a change: only the fields sent change; an analyzer's `prompt` sets its `description`. */
export function changedValues(current: EvaluateValues, change: Change): EvaluateValues {
  return {
    is_active: change.is_active ?? current.is_active,
    sessionization: { ...current.sessionization, ...change.sessionization },
    text: changedAnalyzers(current.text, change.text, 'text'),
    voice: changedAnalyzers(current.voice, change.voice, 'voice'),
  };
}

export function updateDefaults(ws: WorkspaceState, change: Schemas['EvaluateDefaultsUpdate']): Settings {
  ws.evaluate_settings = { agent_uuid: null, is_default: true, source: 'default', ...changedValues(defaultValues(ws), change) };
  return defaultsView(ws);
}

function setOverride(ws: WorkspaceState, agentUuid: string, settings: EvaluateValues, now: Date): void {
  const next: AgentEvaluateRecord = { agent_uuid: agentUuid, settings, updated_at: now };
  ws.agent_evaluate_settings = [...ws.agent_evaluate_settings.filter((r) => r.agent_uuid !== agentUuid), next];
}

/** An agent's override after a change; an agent without one starts from a copy of the defaults. */
export function updateAgent(ws: WorkspaceState, agentUuid: string, change: Schemas['AgentEvaluateSettingsUpdate'], now: Date): Settings {
  setOverride(ws, agentUuid, changedValues(effectiveValues(ws, agentUuid), change), now);
  return agentSettingsView(ws, agentUuid);
}

/** Replaces an agent's override with a fresh copy of the current defaults. */
export function reassignAgent(ws: WorkspaceState, agentUuid: string, now: Date): Settings {
  setOverride(ws, agentUuid, defaultValues(ws), now);
  return agentSettingsView(ws, agentUuid);
}
