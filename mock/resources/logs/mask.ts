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

export function maskSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskSecrets);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) out[key] = isSecretKey(key) ? MASK : maskSecrets(inner);
    return out;
  }
  return value;
}

/** A token as the feeds show it (rule 2): `****` and its last four characters. */
export function maskToken(secret: string): string {
  return `****${secret.slice(-4)}`;
}

/** A logged JSON value with its secrets masked, typed as the contract's LogsMaskedJson. */
export function maskedJson(value: unknown): Schemas['LogsMaskedJson'] {
  return maskSecrets(value) as Schemas['LogsMaskedJson'];
}
