// The integer id by which a listing names its WhatsApp template setting (published API, "Listings":
// `contact_template_setting_id` is an integer). Settings are kept by uuid; a setting's integer id is
// its own `id` when the workspace gives it one (the fixtures do), else a number derived from its
// uuid: 1 000 000 plus its first 12 hex digits, so derived ids never meet the small fixture ids and
// the same setting always has the same id (inferred).
import type { WorkspaceState } from '../../state/workspace.ts';

type Setting = WorkspaceState['template_settings'][number];

const DERIVED_BASE = 1_000_000;

function ownId(setting: Setting): number | undefined {
  const id = (setting as Setting & { id?: unknown }).id;
  return typeof id === 'number' && Number.isInteger(id) && id > 0 ? id : undefined;
}

/** The id derived from a setting's uuid. */
export function derivedSettingId(uuid: string): number {
  return DERIVED_BASE + Number.parseInt(uuid.replace(/-/g, '').slice(0, 12), 16);
}

/** The integer id of the setting with this uuid (derived when the workspace no longer has it). */
export function settingIdOfUuid(ws: WorkspaceState, uuid: string): number {
  const setting = ws.template_settings.find((s) => s.uuid === uuid);
  return (setting && ownId(setting)) ?? derivedSettingId(uuid);
}

/** The setting a listing names, by integer id or by uuid; undefined when the workspace has none. */
export function findSetting(ws: WorkspaceState, ref: number | string): Setting | undefined {
  if (typeof ref === 'string') return ws.template_settings.find((s) => s.uuid === ref);
  return ws.template_settings.find((s) => (ownId(s) ?? derivedSettingId(s.uuid)) === ref);
}
