// Snapshot export and import. Export leaves the workspaces' JWT signing secrets out unless they are
// asked for (`secrets=true`): with them anyone can sign a user token for any member. Import checks
// every workspace in full (each record against its schema in control/openapi.yaml, instants
// included) before anything is replaced, so a refused snapshot changes nothing; a workspace without
// its secret keeps the one the running mock (or the fixtures) has for that slug.
import type { Mock } from '../core/mock.ts';
import type { MockResponse } from '../core/types.ts';
import { toApiError } from '../pipeline/validate.ts';
import type { Snapshot } from '../state/store.ts';
import type { WorkspaceState } from '../state/workspace.ts';
import { failWith, fail } from './respond.ts';
import { controlSchemas } from './schema.ts';

export function exportSnapshot(mock: Mock, withSecrets: boolean): Snapshot {
  const snapshot = mock.store.snapshot(new Date(mock.clock.now()).toISOString());
  if (!withSecrets) for (const w of snapshot.workspaces) delete (w.state as { jwt_secret?: string }).jwt_secret;
  return snapshot;
}

/** Imports a snapshot body (already checked against its schema); a refusal changes nothing. */
export function importSnapshot(mock: Mock, body: Record<string, unknown>): MockResponse | undefined {
  const snapshot = body as unknown as Snapshot;
  const validate = controlSchemas().workspace;
  const slugs = new Set<string>();
  for (const [i, entry] of snapshot.workspaces.entries()) {
    const state = entry.state as Record<string, unknown>;
    if (!validate(taggedInstantsAsText(state))) {
      const error = toApiError(validate.errors ?? [], undefined);
      return failWith(Object.assign(error, { field: `workspaces[${i}].state${error.field === 'body' ? '' : `.${error.field}`}` }));
    }
    const slug = state.slug as string;
    if (slugs.has(slug)) return fail(422, `Two workspaces have the slug ${slug}.`, { field: `workspaces[${i}].state.slug` });
    slugs.add(slug);
    if (state.jwt_secret === undefined) {
      const secret = mock.store.get(slug)?.state.jwt_secret ?? mock.fixtures.find((w) => w.slug === slug)?.jwt_secret;
      if (secret === undefined) return fail(422, `Workspace ${slug} is new here: export the snapshot with secrets=true.`, { field: `workspaces[${i}].state.jwt_secret` });
    }
  }
  const secrets = new Map(mock.store.all().map((w) => [w.state.slug, w.state.jwt_secret]));
  for (const w of mock.fixtures) if (!secrets.has(w.slug)) secrets.set(w.slug, w.jwt_secret);
  mock.store.restore({
    ...snapshot,
    workspaces: snapshot.workspaces.map((w) => {
      const state = w.state as Partial<WorkspaceState>;
      return { ...w, idempotency: w.idempotency ?? [], state: { ...state, jwt_secret: state.jwt_secret ?? secrets.get(state.slug as string) } };
    }),
  });
  return undefined;
}

/** A copy with every `{"$date": "<ISO>"}` as its ISO text, the form the workspace schema reads. */
function taggedInstantsAsText(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(taggedInstantsAsText);
  if (value && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 1 && entries[0]?.[0] === '$date' && typeof entries[0][1] === 'string') return entries[0][1];
    return Object.fromEntries(entries.map(([k, v]) => [k, taggedInstantsAsText(v)]));
  }
  return value;
}
