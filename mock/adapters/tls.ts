// The mock's own TLS certificate: made when the server starts (or given with --cert/--key), for
// `localhost`, every tenant's host under the base domain (`acme.localhost`), the wildcard
// `*.<base domain>` and the loopback addresses, so `https://acme.localhost:4010/...` answers with a
// certificate naming its host. Made with `selfsigned` (an EC P-256 key through Node's WebCrypto,
// a few milliseconds), valid for a year from the real instant it is made. Its PEM (never the key)
// is written to a file clients can trust (`writeCertificate`: --cert-out, or with --tls a file in a
// private directory under the system's temporary directory).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createSecureContext } from 'node:tls';
import { generate } from 'selfsigned';

export interface TlsMaterial {
  /** PEM private key. */
  key: string;
  /** PEM certificate. */
  cert: string;
}

const YEAR_MS = 365 * 24 * 3_600_000;

/** The DNS names a certificate for the mock names: localhost, the base domain, its wildcard and every tenant host. */
export function certificateNames(baseDomain: string, tenants: readonly string[]): string[] {
  const names = new Set(['localhost', baseDomain, `*.${baseDomain}`, ...tenants.map((slug) => `${slug}.${baseDomain}`)]);
  return [...names];
}

/** A self-signed certificate for the mock's hosts. */
export async function localCertificate(baseDomain: string, tenants: readonly string[]): Promise<TlsMaterial> {
  const names = certificateNames(baseDomain, tenants);
  const notBeforeDate = new Date(Date.now() - 60_000);
  const pems = await generate([{ name: 'commonName', value: baseDomain }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notBeforeDate,
    notAfterDate: new Date(notBeforeDate.getTime() + YEAR_MS),
    extensions: [
      { name: 'basicConstraints', cA: false, critical: true },
      { name: 'keyUsage', digitalSignature: true, critical: true },
      { name: 'extKeyUsage', serverAuth: true },
      { name: 'subjectAltName', altNames: [...names.map((value) => ({ type: 2 as const, value })), { type: 7 as const, ip: '127.0.0.1' }, { type: 7 as const, ip: '::1' }] },
    ],
  });
  return { key: pems.private, cert: pems.cert };
}

/** A certificate and its key read from PEM files (--cert/--key), checked to be a pair TLS can serve. */
export function readTlsMaterial(certFile: string, keyFile: string): TlsMaterial {
  const cert = readFileSync(certFile, 'utf8');
  const key = readFileSync(keyFile, 'utf8');
  // Throws on a PEM it cannot read or a key that is not the certificate's.
  createSecureContext({ cert, key });
  return { cert, key };
}

/** A certificate file written for clients to trust. */
export interface WrittenCertificate {
  /** Its absolute path. */
  path: string;
  /** Removes it when the mock made the place (a file named with --cert-out stays). */
  remove(): void;
}

/**
 * Writes the certificate PEM to `file`, or, without one, to `mock-cert.pem` in a new directory
 * only this user can write (mkdtemp), never to a guessable shared path.
 */
export function writeCertificate(pem: string, file?: string): WrittenCertificate {
  if (file !== undefined) {
    const path = resolve(file);
    writeFileSync(path, pem);
    return { path, remove: () => {} };
  }
  const dir = mkdtempSync(join(tmpdir(), 'mock-api-tls-'));
  const path = join(dir, 'mock-cert.pem');
  writeFileSync(path, pem);
  return { path, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
