// Which certificates the suite's TLS connections trust: Node's default authorities (the bundled
// ones and NODE_EXTRA_CA_CERTS) plus the certificates of --ca (a test deployment's own authority,
// the mock's certificate under --tls); nothing is checked with --insecure.
import { getCACertificates } from 'node:tls';
import type { Target } from '../target/target.ts';

export interface TlsTrust {
  rejectUnauthorized: boolean;
  /** Set only with --ca: the default authorities and the given ones. */
  ca?: string[];
}

export function tlsTrust(target: Pick<Target, 'insecure' | 'ca'>): TlsTrust {
  return { rejectUnauthorized: !target.insecure, ...(target.ca ? { ca: [...getCACertificates('default'), target.ca] } : {}) };
}
