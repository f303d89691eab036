// The secrets of a snapshot. An export without `secrets=true` holds back every secret of the
// workspaces' state, not only the JWT signing secret: token secrets, user tokens, webhook signing
// keys, builder service tokens, PINs, SIP passwords, stored API keys and signatures. A secret is
// the string value of a key whose name says it holds one (the words of the log feeds' masking,
// logs/mask.ts), except keys that name or describe one (`token_uuid`, `secret_key_masked`); its
// place keeps the marker WITHHELD. On import a withheld value is taken from the running workspace
// (or its fixture) where the same record, found by its uuid, has one; else a new random secret is
// drawn, and the import says so, naming each.
import { randomBytes } from '../platform/crypto.ts';
import { isSecretKey } from '../resources/logs/mask.ts';

export const WITHHELD = '<withheld: export with secrets=true>';

/** Keys that name or describe a secret rather than hold one. */
const NOT_A_SECRET = /(?:uuid|_id|_at|masked|_set|_name|_type)$/i;

function isSecretField(key: string, value: unknown): value is string {
  return typeof value === 'string' && value !== '' && isSecretKey(key) && !NOT_A_SECRET.test(key);
}

/** A path segment: an array item is named by its record's uuid when it has one, else by its index. */
function itemKey(item: unknown, index: number): string {
  const uuid = item !== null && typeof item === 'object' ? (item as { uuid?: unknown }).uuid : undefined;
  return typeof uuid === 'string' ? `[uuid=${uuid}]` : `[${index}]`;
}

/** Walks a state, calling `visit` for every secret field with its path; `depth` bounds the walk. */
function walk(value: unknown, path: string, visit: (holder: Record<string, unknown>, key: string, path: string) => void, depth = 0): void {
  if (depth > 200 || value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) walk(item, `${path}${itemKey(item, i)}`, visit, depth + 1);
    return;
  }
  const holder = value as Record<string, unknown>;
  for (const [key, inner] of Object.entries(holder)) {
    const at = path === '' ? key : `${path}.${key}`;
    if (isSecretField(key, inner)) visit(holder, key, at);
    else walk(inner, at, visit, depth + 1);
  }
}

/** Replaces every secret of an exported (plain JSON) state by WITHHELD, in place. */
export function withholdSecrets(state: unknown): void {
  walk(state, '', (holder, key) => {
    holder[key] = WITHHELD;
  });
}

/** The secrets of a state by path (records named by uuid). */
export function secretsByPath(state: unknown): Map<string, string> {
  const out = new Map<string, string>();
  walk(state, '', (holder, key, path) => {
    const value = holder[key] as string;
    if (value !== WITHHELD) out.set(path, value);
  });
  return out;
}

/** A new secret in the form its field takes: digits for a PIN, else 32 letters and digits. */
function newSecret(key: string): string {
  if (/pin/i.test(key)) return Array.from(randomBytes(6), (b) => String(b % 10)).join('');
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return Array.from(randomBytes(32), (b) => alphabet[b % alphabet.length]).join('');
}

/**
 * Fills in the withheld secrets of an imported state, in place: from `known` (the running or
 * fixture workspace's secrets by path), else a new random one. Answers the paths it could not
 * restore.
 */
export function restoreWithheld(state: unknown, known: Map<string, string>): string[] {
  const drawn: string[] = [];
  walk(state, '', (holder, key, path) => {
    if (holder[key] !== WITHHELD) return;
    const value = known.get(path);
    if (value === undefined) drawn.push(path);
    holder[key] = value ?? newSecret(key);
  });
  return drawn;
}
