// The target of a run: the base URL (tenant subdomain included), the tokens, the mode and what the
// suite may rely on in the workspace. The CLI writes it to a file; the suite's worker reads it.
import { readFileSync, statSync } from 'node:fs';
import type { Label } from '../../contract/labels.ts';
import type { Shard } from '../run/shard.ts';

/** readonly: only requests that change nothing; safe: creates only what it deletes again; full: everything, costs included. */
export type Mode = 'readonly' | 'safe' | 'full';
export const MODES: readonly Mode[] = ['readonly', 'safe', 'full'];

export type Profile = 'quick' | 'default' | 'thorough';
export const PROFILES: readonly Profile[] = ['quick', 'default', 'thorough'];

export const PARTS = ['operations', 'negative', 'auth', 'time', 'tls', 'stateful'] as const;
export type SuitePart = (typeof PARTS)[number];

/** Known identifiers and destinations in the target workspace (all optional). */
export interface TargetData {
  /** An agent of the workspace (calls need one). */
  agent_uuid?: string;
  /**
   * A member whose assigned assistant email inbox full mode may release, to see the release take
   * effect (default: member_email; give another one, since the operations part releases that one's).
   */
  inbox_member_email?: string;
  /** A member's login email (operations that act for a person, with a workspace token). */
  member_email?: string;
  /** The login email of the per-user token's member (who its actions are attributed to). */
  user_token_email?: string;
  /** An active WhatsApp template setting (text listings, template setting checks). */
  whatsapp_template_setting_uuid?: string;
  /** An approved WhatsApp template on the business account of the agent's WhatsApp number (template sends). */
  whatsapp_template_uuid?: string;
  /** Where real sends may go in full mode: the QA team's own phone and inbox. */
  send_to?: { phone?: string; email?: string };
  /** A flow to read, preferably one with branch children (used where the flow list yields none). */
  flow_uuid?: string;
  /** Ids of collections the contract lists no items of (data-keys.ts): readonly and safe runs read them. */
  data_table_uuid?: string;
  data_import_job_uuid?: string;
  listing_uuid?: string;
  transcription_uuid?: string;
}

export interface Target {
  /** Origin of the tenant, e.g. https://acme.example.com (no trailing slash). */
  baseUrl: string;
  /** The tenant subdomain; undefined when the host has none (the wrong-tenant check cannot run). */
  tenant: string | undefined;
  workspaceToken: string;
  userToken?: string;
  /** A token lacking some permissions, with the permissions it has. */
  limitedToken?: { token: string; permissions: string[] };
  /** The workspace's zone, when known (checked against the applied zone). */
  workspaceZone?: string;
  /** The zone of the per-user token's member, when known. */
  userZone?: string;
  mode: Mode;
  profile: Profile;
  /** Findings on parts with this label or a more authoritative one fail the run (`--fail-on`). */
  failOn: Label;
  parts: SuitePart[];
  seed: number;
  replay?: { seed: number; path: string; commands?: string };
  /** Requests per minute the suite allows itself; 0: unpaced (the mock started by the suite). */
  generalPerMinute: number;
  /** Accept TLS certificates that do not verify (test deployments). */
  insecure: boolean;
  /** PEM certificates trusted beside the default authorities (--ca). */
  ca?: string;
  /** A plain-HTTP base URL that is not loopback was accepted with --allow-http. */
  allowHttp?: boolean;
  /** Plain-HTTP URL for the "plain HTTP is rejected" check; default: the base URL with http://. */
  httpUrl?: string;
  data: TargetData;
  /** The run targets the mock it started itself. */
  isMock: boolean;
  /** Checks that exceed the target's limits on purpose may run: the mock, or --stress. */
  stress?: boolean;
  /** The mock's control API URL (the suite started the mock, or --mock-control): events only it can cause. */
  mockControl?: string;
  /** The checks applied (--checks / --exclude-checks); absent: every check. */
  checks?: string[];
  /** This runner's slice of a split run (--shard i/n); absent: the whole run. */
  shard?: Shard;
}

export const TARGET_ENV = 'CONFORMANCE_TARGET_FILE';
export const RUN_DIR_ENV = 'CONFORMANCE_RUN_DIR';

let cached: { stamp: string; target: Target } | undefined;

/**
 * The run's target, read from the file the CLI wrote. A worker that serves several runs (the
 * self-test reuses its workers) reads the file again when it has changed.
 */
export function loadTarget(): Target {
  const file = process.env[TARGET_ENV];
  if (!file) throw new Error(`${TARGET_ENV} is not set: run the suite through conformance/cli.ts (npm run conformance)`);
  const stat = statSync(file);
  const stamp = `${file}:${stat.mtimeMs}:${stat.size}:${stat.ino}`;
  if (cached?.stamp !== stamp) cached = { stamp, target: JSON.parse(readFileSync(file, 'utf8')) as Target };
  return cached.target;
}

/** Loopback hosts: 127.0.0.0/8, ::1, localhost and *.localhost (a plain-HTTP target there is local). */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** The tenant label of a host: the first of at least three labels, or of `<tenant>.localhost`. */
export function tenantOf(hostname: string): string | undefined {
  if (/^\d+\.\d+\.\d+\.\d+$/.test(hostname) || hostname.includes(':')) return undefined;
  const labels = hostname.split('.');
  if (labels.length >= 2 && labels[labels.length - 1] === 'localhost') return labels[0];
  return labels.length >= 3 ? labels[0] : undefined;
}

/** The same host with another tenant label. */
export function withTenant(hostname: string, tenant: string): string {
  const labels = hostname.split('.');
  labels[0] = tenant;
  return labels.join('.');
}
