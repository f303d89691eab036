// Contact settings (seed "What the service does" > Contacts: "Contact settings are display toggles
// such as masking phone numbers or email addresses, identified by key"). The keys and shape are
// inferred; a setting never changed is off. They govern the service's own screens: API answers
// show contacts unmasked.
import { errors } from '../../pipeline/api-error.ts';
import type { Schemas, WorkspaceState } from '../../state/workspace.ts';

export type ContactSetting = Schemas['ContactSetting'];

const SETTINGS: ReadonlyArray<{ key: ContactSetting['key']; name: string }> = [
  { key: 'mask_emails', name: 'Mask email addresses' },
  { key: 'mask_phone_numbers', name: 'Mask phone numbers' },
];

export function contactSettings(ws: WorkspaceState): ContactSetting[] {
  return SETTINGS.map(({ key, name }) => {
    const stored = ws.contact_settings.find((s) => s.key === key);
    return { key, name, enabled: stored?.enabled ?? false, updated_at: stored?.updated_at ?? null };
  });
}

export function setContactSetting(ws: WorkspaceState, key: string, enabled: boolean, now: Date): ContactSetting {
  if (!SETTINGS.some((s) => s.key === key)) throw errors.notFound('Contact setting');
  ws.contact_settings = [...ws.contact_settings.filter((s) => s.key !== key), { key, enabled, updated_at: now }];
  const setting = contactSettings(ws).find((s) => s.key === key);
  if (!setting) throw errors.notFound('Contact setting');
  return setting;
}
