// Path patterns for the control API (forced responses, the request journal): `*` matches within
// one path segment, `**` across segments; every other character matches itself. A pattern is
// compiled to an anchored regular expression with no nested quantifiers, so matching stays linear.
export function pathPattern(pattern: string): RegExp {
  let source = '';
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i] as string;
    if (char === '*' && pattern[i + 1] === '*') {
      source += '.*';
      i++;
    } else if (char === '*') source += '[^/]*';
    else source += char.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

/** A path test: a pattern with `*` as above, otherwise a prefix ending at a segment boundary. */
export function pathMatcher(patternOrPrefix: string): (path: string) => boolean {
  if (patternOrPrefix.includes('*')) {
    const pattern = pathPattern(patternOrPrefix);
    return (path) => pattern.test(path);
  }
  if (patternOrPrefix === '' || patternOrPrefix === '/') return () => true;
  const prefix = patternOrPrefix.endsWith('/') ? patternOrPrefix.slice(0, -1) : patternOrPrefix;
  return (path) => path === prefix || path.startsWith(`${prefix}/`);
}
