// `npm run fixtures:sign`: (re)signs every per-user token (`user_tokens[].token`) in
// fixtures/<set>/*.json from the claims stored next to it, so the demo tokens printed by
// `npm start` and quoted in README.md stay valid. `--check` writes nothing and exits 1 when a
// stored token is not the one its claims give; `--root <dir>` reads another fixtures folder.
// Seed "Authentication" rule 2: a per-user token is a JWT. Here it is HS256, signed with the
// workspace's `jwt_secret`, with the claims mock/pipeline/auth.ts verifies:
// { sub: member uuid, ws: workspace slug, permissions, iat, exp? }. Signing is deterministic
// (fixed header, fixed claim order, fixed `iat`), so re-running changes nothing.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { SignJWT } from 'jose';

export const FIXTURES_ROOT = resolve(import.meta.dirname, '../fixtures');

/** A `user_tokens` entry as a fixture stores it: the claims that vary, and the signed token. */
export interface FixtureUserToken {
  member_uuid: string;
  description: string;
  permissions: string[];
  /** Issued-at, seconds since the epoch (fixed, for deterministic tokens). */
  iat: number;
  /** Expiry, seconds since the epoch; left out for a token that never expires. */
  exp?: number;
  token: string;
}

export interface UserTokenClaims {
  sub: string;
  ws: string;
  permissions: string[];
  iat: number;
  exp?: number;
}

interface FixtureWorkspace {
  slug: string;
  jwt_secret: string;
  members: Array<{ uuid: string }>;
  user_tokens?: FixtureUserToken[];
}

/** Every fixture file, `fixtures/<set>/<workspace>.json`, in a stable order. */
export function fixtureFiles(root = FIXTURES_ROOT): string[] {
  const files: string[] = [];
  for (const set of readdirSync(root, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort()) {
    for (const name of readdirSync(join(root, set)).filter((f) => f.endsWith('.json')).sort()) files.push(join(root, set, name));
  }
  return files;
}

export function claimsOf(slug: string, entry: FixtureUserToken): UserTokenClaims {
  return {
    sub: entry.member_uuid,
    ws: slug,
    permissions: entry.permissions,
    iat: entry.iat,
    ...(entry.exp === undefined ? {} : { exp: entry.exp }),
  };
}

export function signUserToken(claims: UserTokenClaims, secret: string): Promise<string> {
  return new SignJWT({ ...claims }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(new TextEncoder().encode(secret));
}

function checkEntry(ws: FixtureWorkspace, entry: FixtureUserToken, where: string): void {
  if (!ws.members.some((m) => m.uuid === entry.member_uuid)) throw new Error(`${where}: member_uuid ${entry.member_uuid} is not a member of ${ws.slug}`);
  if (!Array.isArray(entry.permissions) || entry.permissions.length === 0 || entry.permissions.some((p) => typeof p !== 'string')) {
    throw new Error(`${where}: permissions must be a non-empty array of strings`);
  }
  if (!Number.isInteger(entry.iat) || entry.iat < 0) throw new Error(`${where}: iat must be whole seconds since the epoch`);
  if (entry.exp !== undefined && (!Number.isInteger(entry.exp) || entry.exp <= entry.iat)) throw new Error(`${where}: exp must be whole seconds after iat`);
}

export interface SignResult {
  file: string;
  /** Descriptions of the tokens whose stored value differed from their claims. */
  changed: string[];
  /** The file's text with every token signed. */
  text: string;
}

/** Signs every user token of one fixture file (in memory; the caller decides whether to write). */
export async function signFixtureFile(file: string): Promise<SignResult> {
  const ws = JSON.parse(readFileSync(file, 'utf8')) as FixtureWorkspace;
  if (typeof ws.slug !== 'string' || typeof ws.jwt_secret !== 'string' || !Array.isArray(ws.members)) {
    throw new Error(`${file}: a workspace needs slug, jwt_secret and members`);
  }
  const changed: string[] = [];
  for (const [index, entry] of (ws.user_tokens ?? []).entries()) {
    checkEntry(ws, entry, `${file} user_tokens[${index}]`);
    const token = await signUserToken(claimsOf(ws.slug, entry), ws.jwt_secret);
    if (token !== entry.token) {
      changed.push(entry.description);
      entry.token = token;
    }
  }
  return { file, changed, text: `${JSON.stringify(ws, null, 2)}\n` };
}

if (import.meta.main) {
  const { values } = parseArgs({ options: { check: { type: 'boolean', default: false }, root: { type: 'string', default: FIXTURES_ROOT } } });
  let stale = 0;
  for (const file of fixtureFiles(resolve(values.root))) {
    const result = await signFixtureFile(file);
    const name = relative(process.cwd(), file);
    stale += result.changed.length;
    if (result.changed.length === 0) {
      console.log(`${name}: every user token is current`);
    } else if (values.check) {
      for (const d of result.changed) console.error(`${name}: stale user token "${d}"`);
    } else {
      writeFileSync(file, result.text);
      for (const d of result.changed) console.log(`${name}: signed "${d}"`);
    }
  }
  if (values.check && stale > 0) {
    console.error('Run `npm run fixtures:sign` to re-sign them.');
    process.exit(1);
  }
}
