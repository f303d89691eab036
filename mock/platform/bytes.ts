// UTF-8 and base64 helpers for the mock, the same in Node and in a browser (no `Buffer`):
// TextEncoder/TextDecoder and btoa/atob are globals in both. `utf8Length` takes Node's Buffer
// when there is one (it counts without copying), else counts the code units itself.

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Node's Buffer, when the runtime has one (never imported: a browser has none). */
const nodeBuffer = (globalThis as { Buffer?: { byteLength(text: string, encoding: 'utf8'): number } }).Buffer;

export function utf8Bytes(text: string): Uint8Array {
  return encoder.encode(text);
}

export function utf8Text(bytes: Uint8Array): string {
  return decoder.decode(bytes);
}

/** The length of a text in UTF-8 bytes, without encoding it. */
export function utf8Length(text: string): number {
  return nodeBuffer ? nodeBuffer.byteLength(text, 'utf8') : countUtf8(text);
}

/** The UTF-8 length counted over the UTF-16 code units (a lone surrogate is 3 bytes, as encoded). */
export function countUtf8(text: string): number {
  let length = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) length += 1;
    else if (unit < 0x800) length += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      length += 4;
      i++;
    } else length += 3;
  }
  return length;
}

export function base64Encode(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** Bytes of a base64 or base64url text (padding optional); characters outside the alphabet are skipped, as Buffer does. */
export function base64Decode(text: string): Uint8Array {
  const standard = text.replace(/-/g, '+').replace(/_/g, '/').replace(/[^A-Za-z0-9+/]/g, '');
  const padded = standard.length % 4 === 1 ? standard.slice(0, -1) : standard;
  const binary = atob(padded + '='.repeat((4 - (padded.length % 4)) % 4));
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

export function base64urlEncode(bytes: Uint8Array): string {
  return base64Encode(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
