// Hashes, HMACs and random bytes for the mock, the same in Node and in a browser: SHA-1 and
// SHA-256 from @noble/hashes (pure JavaScript, synchronous like the handlers that use them) and
// random bytes from the Web Crypto global (`crypto.getRandomValues`), so the core imports no
// node:crypto and a bundler can build it for the browser.
import { hmac } from '@noble/hashes/hmac.js';
import { sha1 as nobleSha1 } from '@noble/hashes/legacy.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { base64urlEncode, utf8Bytes } from './bytes.ts';

/** HMAC-SHA256 of a UTF-8 text with a UTF-8 key, as lower-case hex. */
export function hmacSha256Hex(key: string, text: string): string {
  return toHex(hmac(sha256, utf8Bytes(key), utf8Bytes(text)));
}

/** HMAC-SHA256 of a UTF-8 text with a UTF-8 key, as base64url without padding. */
export function hmacSha256Base64url(key: string, text: string): string {
  return base64urlEncode(hmac(sha256, utf8Bytes(key), utf8Bytes(text)));
}

/** SHA-1 of a UTF-8 text (20 bytes). */
export function sha1(text: string): Uint8Array {
  return nobleSha1(utf8Bytes(text));
}

/** `count` cryptographically random bytes. */
export function randomBytes(count: number): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(count));
}

/** Whether two texts are equal, in a time that depends only on their length. */
export function timingSafeEqualText(given: string, expected: string): boolean {
  const a = utf8Bytes(given);
  const b = utf8Bytes(expected);
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= (a[i] as number) ^ (b[i] as number);
  return diff === 0;
}

/** Lower-case hex of bytes. */
export function toHex(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += b.toString(16).padStart(2, '0');
  return out;
}
