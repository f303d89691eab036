// The tenant is the first label of the Host under the configured base domain
// (`acme.localhost:4010` → `acme`). Seed "Authentication" rule 4: a wrong tenant gives 404.
import { BoundedMap } from '../core/bounded-map.ts';

export interface TenantOptions {
  baseDomain: string;
  /** Tenant used when the Host carries no subdomain (e.g. 127.0.0.1); off when undefined. */
  defaultTenant: string | undefined;
}

/** Hosts remembered per options object: a client sends the same Host on every request. */
export const HOST_CACHE_SIZE = 256;

interface HostCache {
  baseDomain: string;
  defaultTenant: string | undefined;
  slugs: BoundedMap<string, string | null>;
}

const caches = new WeakMap<TenantOptions, HostCache>();

function readHost(host: string, options: TenantOptions): string | undefined {
  const name = stripPort(host).toLowerCase();
  const suffix = `.${options.baseDomain.toLowerCase()}`;
  if (name.endsWith(suffix)) {
    const rest = name.slice(0, -suffix.length);
    const label = rest.split('.')[0];
    return label === undefined || label === '' ? options.defaultTenant : label;
  }
  return options.defaultTenant;
}

export function tenantFromHost(host: string | undefined, options: TenantOptions): string | undefined {
  if (!host) return options.defaultTenant;
  let cache = caches.get(options);
  if (!cache || cache.baseDomain !== options.baseDomain || cache.defaultTenant !== options.defaultTenant) {
    cache = { baseDomain: options.baseDomain, defaultTenant: options.defaultTenant, slugs: new BoundedMap(HOST_CACHE_SIZE) };
    caches.set(options, cache);
  }
  const known = cache.slugs.peek(host);
  if (known !== undefined) return known ?? undefined;
  const slug = readHost(host, options);
  cache.slugs.set(host, slug ?? null);
  return slug;
}

function stripPort(host: string): string {
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  const colon = host.lastIndexOf(':');
  return colon === -1 ? host : host.slice(0, colon);
}
