// Name resolution for the suite's HTTP client: Node's resolver does not resolve `*.localhost`, so
// those go to 127.0.0.1; a host given an alias (another tenant's host on the same deployment,
// for the wrong-tenant check) resolves as its alias.
import { type LookupAddress, type LookupAllOptions, type LookupOneOptions, lookup as dnsLookup } from 'node:dns';

type Callback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

export function suiteLookup(aliases: Map<string, string>) {
  return (hostname: string, options: LookupOneOptions | LookupAllOptions | number | undefined, callback: Callback): void => {
    const lower = hostname.toLowerCase();
    const name = lower === 'localhost' || lower.endsWith('.localhost') ? '127.0.0.1' : (aliases.get(lower) ?? hostname);
    const opts = typeof options === 'number' ? { family: options } : (options ?? {});
    dnsLookup(name, opts as LookupAllOptions, callback as never);
  };
}
