// Secrets in log feeds are masked (seed "Logs are read-only feeds": "In all three feeds tokens,
// passwords, signatures and other secrets are masked"; "Authentication" rule 8). The contract's
// rule (spec/paths/logs.yaml, rule 1): the value of every key whose name contains, ignoring case,
// one of the words below reads `***`, whatever its type; the key stays.
import type { Schemas } from '../../state/workspace.ts';

const SECRET_WORDS = ['token', 'password', 'secret', 'signature', 'pin', 'api_key', 'authorization', 'cookie'];

export const MASK = '***';

export function isSecretKey(key: string): boolean {
  const lower = key.toLowerCase();
  return SECRET_WORDS.some((word) => lower.includes(word));
}

/** Query parameter names whose values are credentials in a URL, besides the secret key names (`sig`, `key`). */
const SECRET_QUERY_NAMES: ReadonlySet<string> = new Set(['sig', 'key']);

/** True when a URL query parameter of this name carries a credential (`token`, `sig`, `signature`, `key`, `api_key`, `access_token`, ...). */
export function isSecretQueryName(name: string): boolean {
  return SECRET_QUERY_NAMES.has(name.toLowerCase()) || isSecretKey(name);
}

const URL_LIKE = /^(?:[a-z][a-z0-9+.-]*:\/\/|\/)[^?#\s]*\?/i;
const QUERY_PAIR = /([?&])([^=&#]+)=([^&#]*)/g;

/**
 * A URL with the values of its credential query parameters read `***`, everything else kept as
 * written (`https://hooks.example/y?token=***&sig=***&id=7`). Text that is not a URL with a query
 * is returned as it is.
 */
export function maskUrlSecrets(text: string): string {
  if (!URL_LIKE.test(text)) return text;
  const hash = text.indexOf('#');
  const head = hash === -1 ? text : text.slice(0, hash);
  const tail = hash === -1 ? '' : text.slice(hash);
  const query = head.indexOf('?');
  const masked = head.slice(query).replace(QUERY_PAIR, (pair, sep: string, name: string) => {
    let decoded = name;
    try {
      decoded = decodeURIComponent(name.replaceAll('+', ' '));
    } catch {
      // A malformed escape: the name is judged as written.
    }
    return isSecretQueryName(decoded) ? `${sep}${name}=${MASK}` : pair;
  });
  return head.slice(0, query) + masked + tail;
}

/**
 * Deepest nesting masking walks into. A logged value nests no deeper than the request body limit
 * (the recorder keeps no deeper body), so this bound only stops a value from elsewhere (a snapshot
 * row) from exhausting the stack: what lies below it reads `***`, since it was not inspected.
 */
export const MAX_MASK_DEPTH = 100;

/**
 * A value with its secrets masked: the value of a secret key reads `***` (a boolean stays: it says
 * whether a secret exists, like `has_secret` or `pin_set`, and is none itself), and credential
 * query values inside URL strings read `***`.
 */
export function maskSecrets(value: unknown, depth = 0, urls = true): unknown {
  if (typeof value === 'string') return urls ? maskUrlSecrets(value) : value;
  const nested = Array.isArray(value) || (value !== null && typeof value === 'object' && !(value instanceof Date));
  if (!nested) return value;
  if (depth >= MAX_MASK_DEPTH) return MASK;
  if (Array.isArray(value)) return value.map((inner) => maskSecrets(inner, depth + 1, urls));
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value as object)) out[key] = isSecretKey(key) && typeof inner !== 'boolean' ? MASK : maskSecrets(inner, depth + 1, urls);
  return out;
}

/** A token as the feeds show it (rule 2): `****` and its last four characters. */
export function maskToken(secret: string): string {
  return `****${secret.slice(-4)}`;
}

/**
 * A logged JSON value with its secrets masked, typed as the contract's LogsMaskedJson. `urls`
 * false leaves URL query credentials in clear (the fault feed-url-tokens-unmasked).
 */
export function maskedJson(value: unknown, urls = true): Schemas['LogsMaskedJson'] {
  return maskSecrets(value, 0, urls) as Schemas['LogsMaskedJson'];
}
