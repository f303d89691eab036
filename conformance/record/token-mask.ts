// Exact masking of the run's tokens in what reports show. A token is shown as the environment
// variable it comes from (`$CONFORMANCE_TOKEN`) where it appears as a token: a whole header value
// or the credential after an auth scheme (`Bearer <token>`), the value of a query parameter or
// `key=value` pair whose key names a secret (`token=<token>`), a whole JSON string or such a
// delimited part of one, and in free text a quoted string or such a delimited part. Never by
// replacing every occurrence of its text: a one-letter or common-word token (`x`, `api`, `v1`,
// `true`) leaves every other text as it is. A token of LONG_TOKEN characters or more cannot occur
// by chance inside other text, so every occurrence of it is masked too: no report carries it.

/** Token value → the environment variable it comes from. */
export type Secrets = ReadonlyMap<string, string>;

/** From this length on, a token's text is the token wherever it appears. */
export const LONG_TOKEN = 16;

/** Characters a token is made of: an occurrence next to one of them is part of a longer word. */
const TOKEN_CHAR = '[A-Za-z0-9._~+/=-]';

/** Keys whose value is a credential (`token=`, `access_token=`, `api_key=`, `secret=`...). */
const SECRET_KEY = /(?:token|api[_-]?key|apikey|secret|password|auth|authorization|key|pin)$/i;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Free text with each token masked after an auth scheme, as a secret key's value, or as a whole quoted string. */
export function maskText(text: string, secrets: Secrets): string {
  let out = text;
  for (const [value, variable] of secrets) {
    if (!out.includes(value)) continue;
    const mask = `$${variable}`;
    if (value.length >= LONG_TOKEN) {
      out = out.split(value).join(mask);
      continue;
    }
    const v = escapeRegExp(value);
    out = out
      .replace(new RegExp(`(\\b(?:[Bb]earer|BEARER|[Tt]oken|TOKEN)\\s+)${v}(?!${TOKEN_CHAR})`, 'g'), (_m, before: string) => `${before}${mask}`)
      .replace(new RegExp(`(?<![A-Za-z0-9_-])([A-Za-z0-9_-]+=)${v}(?!${TOKEN_CHAR})`, 'g'), (m, key: string) => (SECRET_KEY.test(key.slice(0, -1)) ? `${key}${mask}` : m))
      .replace(new RegExp(`(["'])${v}\\1`, 'g'), (_m, quote: string) => `${quote}${mask}${quote}`);
  }
  return out;
}

/** A header value: the whole value, or the credential after its scheme. */
export function maskHeader(value: string, secrets: Secrets): string {
  const variable = secrets.get(value);
  return variable ? `$${variable}` : maskText(value, secrets);
}

function maskJson(value: unknown, secrets: Secrets): unknown {
  if (typeof value === 'string') return maskHeader(value, secrets);
  if (Array.isArray(value)) return value.map((v) => maskJson(v, secrets));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, maskJson(v, secrets)]));
  return value;
}

/** A body: in JSON, the string values that are a token or carry one as a delimited part; other text as free text. */
export function maskBodyText(text: string, secrets: Secrets): string {
  if (![...secrets.keys()].some((value) => text.includes(value))) return text;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return maskText(text, secrets);
  }
  const masked = JSON.stringify(maskJson(parsed, secrets));
  // Only a changed body is written again (the recorder keeps JSON bodies compact already).
  return masked === JSON.stringify(parsed) ? text : masked;
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return text;
  }
}

/** A URL: the values of secret query keys that are a token; the path and every other value as they are. */
export function maskUrl(url: string, secrets: Secrets): string {
  const q = url.indexOf('?');
  let out = url;
  if (q !== -1) {
    const hash = url.indexOf('#', q);
    const end = hash === -1 ? url.length : hash;
    const query = url
      .slice(q + 1, end)
      .split('&')
      .map((pair) => {
        const eq = pair.indexOf('=');
        if (eq === -1) return pair;
        const variable = secrets.get(decoded(pair.slice(eq + 1)));
        return variable && SECRET_KEY.test(decoded(pair.slice(0, eq))) ? `${pair.slice(0, eq + 1)}$${variable}` : pair;
      })
      .join('&');
    out = `${url.slice(0, q + 1)}${query}${url.slice(end)}`;
  }
  // A long token cannot be anything else, wherever it appears.
  for (const [value, variable] of secrets) if (value.length >= LONG_TOKEN) out = out.split(value).join(`$${variable}`);
  return out;
}
