// Evaluate settings (seed "What the service does" > Evaluate: "per-agent and global settings for
// how conversations are grouped into sessions and analyzed"). The workspace holds one set of
// values (the defaults until first saved); an agent holds overrides, null where it inherits, and
// its effective values are each override, else the workspace's value.
import type { Schemas, WorkspaceState } from '../../state/workspace.ts';

type Values = Schemas['EvaluateSettingsValues'];
type Overrides = Schemas['AgentEvaluateSettingsOverrides'];

export interface AgentEvaluateRecord {
  agent_uuid: string;
  overrides: Overrides;
  updated_at: Date;
}

/** A workspace that never saved settings: enabled, 30 minutes, 60 seconds, no analyzer features. */
export const DEFAULT_SETTINGS: Schemas['EvaluateSettings'] = {
  enabled: true,
  sessionization: { timeout_minutes: 30 },
  call_silence_timeout_seconds: 60,
  analyzer_features: [],
  updated_at: null,
};

export const NO_OVERRIDES: Overrides = { enabled: null, sessionization: { timeout_minutes: null }, call_silence_timeout_seconds: null, analyzer_features: null };

export function workspaceSettings(ws: WorkspaceState): Schemas['EvaluateSettings'] {
  const s = ws.evaluate_settings ?? DEFAULT_SETTINGS;
  return { ...s, sessionization: { ...s.sessionization }, analyzer_features: [...s.analyzer_features] };
}

/** The workspace settings after an update: only the fields sent change. */
export function updatedWorkspaceSettings(ws: WorkspaceState, change: Schemas['EvaluateSettingsUpdate'], now: Date): Schemas['EvaluateSettings'] {
  const s = workspaceSettings(ws);
  return {
    enabled: change.enabled ?? s.enabled,
    sessionization: { timeout_minutes: change.sessionization?.timeout_minutes ?? s.sessionization.timeout_minutes },
    call_silence_timeout_seconds: change.call_silence_timeout_seconds ?? s.call_silence_timeout_seconds,
    analyzer_features: change.analyzer_features ? [...change.analyzer_features] : s.analyzer_features,
    updated_at: now,
  };
}

/** An agent's overrides after an update: a value sets the override, null clears it, an absent field keeps it. */
export function updatedOverrides(current: Overrides, change: Schemas['AgentEvaluateSettingsUpdate']): Overrides {
  const pick = <T>(sent: T | undefined, kept: T): T => (sent === undefined ? kept : sent);
  return {
    enabled: pick(change.enabled, current.enabled),
    sessionization: { timeout_minutes: pick(change.sessionization?.timeout_minutes, current.sessionization.timeout_minutes) },
    call_silence_timeout_seconds: pick(change.call_silence_timeout_seconds, current.call_silence_timeout_seconds),
    analyzer_features: (() => {
      const features = pick(change.analyzer_features, current.analyzer_features);
      return features === null ? null : [...features];
    })(),
  };
}

export function effectiveValues(global: Values, overrides: Overrides): Values {
  return {
    enabled: overrides.enabled ?? global.enabled,
    sessionization: { timeout_minutes: overrides.sessionization.timeout_minutes ?? global.sessionization.timeout_minutes },
    call_silence_timeout_seconds: overrides.call_silence_timeout_seconds ?? global.call_silence_timeout_seconds,
    analyzer_features: [...(overrides.analyzer_features ?? global.analyzer_features)],
  };
}

export function agentSettingsView(ws: WorkspaceState, agentUuid: string): Schemas['AgentEvaluateSettings'] {
  const record = ws.agent_evaluate_settings.find((r) => r.agent_uuid === agentUuid);
  const overrides = record?.overrides ?? NO_OVERRIDES;
  const global = workspaceSettings(ws);
  return {
    agent_uuid: agentUuid,
    overrides: {
      ...overrides,
      sessionization: { ...overrides.sessionization },
      analyzer_features: overrides.analyzer_features === null ? null : [...overrides.analyzer_features],
    },
    effective: effectiveValues(global, overrides),
    updated_at: record?.updated_at ?? null,
  };
}
