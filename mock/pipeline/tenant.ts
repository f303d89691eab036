// The tenant is the first label of the Host under the configured base domain
// (`acme.localhost:4010` → `acme`). Seed "Authentication" rule 4: a wrong tenant gives 404.
export interface TenantOptions {
  baseDomain: string;
  /** Tenant used when the Host carries no subdomain (e.g. 127.0.0.1); off when undefined. */
  defaultTenant: string | undefined;
}

export function tenantFromHost(host: string | undefined, options: TenantOptions): string | undefined {
  if (!host) return options.defaultTenant;
  const name = stripPort(host).toLowerCase();
  const suffix = `.${options.baseDomain.toLowerCase()}`;
  if (name.endsWith(suffix)) {
    const rest = name.slice(0, -suffix.length);
    const label = rest.split('.')[0];
    return label === undefined || label === '' ? options.defaultTenant : label;
  }
  return options.defaultTenant;
}

function stripPort(host: string): string {
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  const colon = host.lastIndexOf(':');
  return colon === -1 ? host : host.slice(0, colon);
}
