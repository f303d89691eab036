// Permission names are `<group>:read` / `<group>:write` (the spec's x-permission, inferred names).
// A grant is an exact name, `<group>:*`, or `*`.
export function isGranted(grants: readonly string[], permission: string): boolean {
  if (permission === '') return true;
  if (grants.includes('*') || grants.includes(permission)) return true;
  const group = permission.slice(0, permission.indexOf(':'));
  return grants.includes(`${group}:*`);
}
