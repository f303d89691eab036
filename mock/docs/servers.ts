// The servers the served description (/openapi.json, /openapi.yaml, the /docs page) lists first: the
// running mock, so Swagger UI's "Try it out" sends its requests here. The tenant is a server variable
// whose values are the mock's workspaces; the port is the one the request reached (its Host), and the
// host name is the tenant under the mock's base domain (`acme.localhost`, which browsers resolve to
// loopback themselves). The port answers HTTP and HTTPS alike (adapters/protocol-sniff.ts), so both
// addresses are listed, the scheme the request came over first (with --tls, plain HTTP is refused
// and the document was fetched over HTTPS). Only the Host's port digits are taken from the request;
// names come from the mock's configuration.
import type { MockRequest } from '../core/types.ts';
import { type TenantOptions, tenantFromHost } from '../pipeline/tenant.ts';

export interface ServerVariableObject {
  default: string;
  enum?: string[];
  description?: string;
}

export interface ServerObject {
  url: string;
  description?: string;
  variables?: Record<string, ServerVariableObject>;
}

/** What the docs routes need to know of the mock. */
export interface DocsSite {
  /** The base domain and default tenant (the mock's configuration). */
  tenancy: TenantOptions;
  /** The mock's workspaces (tenant subdomains), in order. */
  tenants(): readonly string[];
}

/** The tenant the document offers first when the Host names none the mock has. */
export const PREFERRED_TENANT = 'acme';

/** The port of a Host header (`acme.localhost:4010` → `4010`), or undefined when it names none. */
export function hostPort(host: string | undefined): string | undefined {
  const match = /:(\d{1,5})$/.exec(host ?? '');
  return match?.[1];
}

/** The mock's own servers for a request: its scheme's address first, then the other scheme's. */
export function mockServers(req: MockRequest, site: DocsSite): ServerObject[] {
  const tenants = [...site.tenants()];
  const fromHost = tenantFromHost(req.headers.host, site.tenancy);
  const preferred = [fromHost, site.tenancy.defaultTenant, PREFERRED_TENANT].find((t) => t !== undefined && tenants.includes(t)) ?? tenants[0] ?? PREFERRED_TENANT;
  const port = hostPort(req.headers.host);
  const schemes = req.secure === true ? (['https', 'http'] as const) : (['http', 'https'] as const);
  return schemes.map((scheme) => {
    const variables: Record<string, ServerVariableObject> = {
      tenant: { default: preferred, enum: tenants.length > 0 ? tenants : [preferred], description: "The workspace (tenant): one of this mock's workspaces." },
    };
    if (port !== undefined) variables.port = { default: port, description: 'The port this mock answers on.' };
    return {
      url: `${scheme}://{tenant}.${site.tenancy.baseDomain}${port === undefined ? '' : ':{port}'}`,
      description: `This mock, over ${scheme === 'https' ? 'HTTPS (its certificate is made at start; trust it or accept it in the browser first)' : 'plain HTTP'}.`,
      variables,
    };
  });
}
