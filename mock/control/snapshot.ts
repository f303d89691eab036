// Snapshot export and import. Export holds back every secret unless they are asked for
// (`secrets=true`): the workspaces' JWT signing secrets are left out (with them anyone can sign a
// user token for any member) and every other secret reads WITHHELD (snapshot-secrets.ts). Import
// checks every workspace in full (each record against its schema in control/openapi.yaml, instants
// included, and the references between records, snapshot-references.ts) before anything is
// replaced, so a refused snapshot changes nothing; a workspace without its signing secret keeps the
// one the running mock (or the fixtures) has for that slug, and a withheld secret is taken from the
// same record there, else drawn anew and named in the answer.
import type { Mock } from '../core/mock.ts';
import type { MockResponse } from '../core/types.ts';
import { toApiError } from '../pipeline/validate.ts';
import type { Snapshot } from '../state/store.ts';
import type { WorkspaceState } from '../state/workspace.ts';
import { failWith, fail } from './respond.ts';
import { controlSchemas } from './schema.ts';
import { referenceProblem } from './snapshot-references.ts';
import { restoreWithheld, secretsByPath, withholdSecrets } from './snapshot-secrets.ts';

export function exportSnapshot(mock: Mock, withSecrets: boolean): Snapshot {
  const snapshot = mock.store.snapshot(new Date(mock.clock.now()).toISOString());
  if (!withSecrets) {
    for (const w of snapshot.workspaces) {
      delete (w.state as { jwt_secret?: string }).jwt_secret;
      withholdSecrets(w.state);
    }
  }
  return snapshot;
}

/** The secrets a workspace of this slug has now, or its fixture has, by path. */
function knownSecrets(mock: Mock, slug: string): Map<string, string> {
  // The live state has the paths of its snapshot: instants are Dates there, which hold no secret.
  const state = mock.store.get(slug)?.state ?? mock.fixtures.find((w) => w.slug === slug);
  return state ? secretsByPath(state) : new Map();
}

/**
 * Imports a snapshot body (already checked against its schema); a refusal changes nothing. Answers
 * the refusal, or the secrets that could not be restored (each drawn anew), as `slug: path`.
 */
export function importSnapshot(mock: Mock, body: Record<string, unknown>): { refused: MockResponse } | { notRestored: string[] } {
  const snapshot = body as unknown as Snapshot;
  if (snapshot.clock !== undefined && Number.isNaN(Date.parse(snapshot.clock))) {
    return { refused: fail(422, `The snapshot's clock ${JSON.stringify(snapshot.clock)} is not an ISO 8601 instant.`, { field: 'clock' }) };
  }
  const validate = controlSchemas().workspace;
  const slugs = new Set<string>();
  const notRestored: string[] = [];
  for (const [i, entry] of snapshot.workspaces.entries()) {
    const state = entry.state as Record<string, unknown>;
    if (typeof state.slug === 'string') notRestored.push(...restoreWithheld(state, knownSecrets(mock, state.slug)).map((path) => `${state.slug}: ${path}`));
    if (!validate(taggedInstantsAsText(state))) {
      const error = toApiError(validate.errors ?? [], undefined);
      return { refused: failWith(Object.assign(error, { field: `workspaces[${i}].state${error.field === 'body' ? '' : `.${error.field}`}` })) };
    }
    const slug = state.slug as string;
    if (slugs.has(slug)) return { refused: fail(422, `Two workspaces have the slug ${slug}.`, { field: `workspaces[${i}].state.slug` }) };
    slugs.add(slug);
    if (state.jwt_secret === undefined) {
      const secret = mock.store.get(slug)?.state.jwt_secret ?? mock.fixtures.find((w) => w.slug === slug)?.jwt_secret;
      if (secret === undefined) return { refused: fail(422, `Workspace ${slug} is new here: export the snapshot with secrets=true.`, { field: `workspaces[${i}].state.jwt_secret` }) };
    }
    const problem = referenceProblem(state);
    if (problem) return { refused: fail(422, `Workspace ${slug}: ${problem.message}`, { field: `workspaces[${i}].state.${problem.field}` }) };
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
  return { notRestored };
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
