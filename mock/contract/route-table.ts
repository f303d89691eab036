// Routes come from the contract's paths: each template becomes a matcher, literal segments
// before parameters (so `/queues/available-endpoints` wins over `/queues/{uuid}`).
export interface RouteMatch<T> {
  target: T;
  params: Record<string, string>;
}

interface Route<T> {
  segments: Array<{ literal: string } | { param: string }>;
  byMethod: Map<string, T>;
}

export class RouteTable<T> {
  private readonly byLength = new Map<number, Route<T>[]>();
  private readonly exact = new Map<string, Route<T>>();
  /** Templates without parameters, by path: such a route outranks every other of its length, so a hit is the answer. */
  private readonly literal = new Map<string, Route<T>>();

  add(template: string, method: string, target: T): void {
    const parts = template.split('/').slice(1);
    const segments = parts.map((p) => (p.startsWith('{') && p.endsWith('}') ? { param: p.slice(1, -1) } : { literal: p }));
    const key = template;
    let route = this.exact.get(key);
    if (!route) {
      route = { segments, byMethod: new Map() };
      this.exact.set(key, route);
      if (segments.every((s) => 'literal' in s)) this.literal.set(template, route);
      const list = this.byLength.get(segments.length) ?? [];
      list.push(route);
      // More literal segments first, then literal before parameter position by position.
      list.sort((a, b) => rank(b) - rank(a));
      this.byLength.set(segments.length, list);
    }
    route.byMethod.set(method.toUpperCase(), target);
  }

  /** `undefined` when no path matches; `{ target: undefined }` when the path matches but the method does not. */
  match(method: string, path: string): { route: RouteMatch<T> | undefined; pathKnown: boolean } {
    const literal = this.literal.get(path);
    if (literal) {
      const target = literal.byMethod.get(method.toUpperCase());
      return { route: target === undefined ? undefined : { target, params: {} }, pathKnown: true };
    }
    const parts = path.split('/').slice(1);
    const candidates = this.byLength.get(parts.length);
    if (!candidates) return { route: undefined, pathKnown: false };
    for (const route of candidates) {
      const params: Record<string, string> = {};
      let ok = true;
      for (let i = 0; i < parts.length; i++) {
        const seg = route.segments[i];
        const part = parts[i] as string;
        if (!seg) { ok = false; break; }
        if ('literal' in seg) {
          if (seg.literal !== part) { ok = false; break; }
        } else {
          if (part === '') { ok = false; break; }
          params[seg.param] = safeDecode(part);
        }
      }
      if (!ok) continue;
      const target = route.byMethod.get(method.toUpperCase());
      return { route: target === undefined ? undefined : { target, params }, pathKnown: true };
    }
    return { route: undefined, pathKnown: false };
  }
}

function rank<T>(route: Route<T>): number {
  // Weight earlier literal positions higher, so the first differing position decides.
  return route.segments.reduce((sum, seg, i) => sum + ('literal' in seg ? 2 ** (20 - i) : 0), 0);
}

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}
