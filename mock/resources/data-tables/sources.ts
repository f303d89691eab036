// What an import reads, turned into rows of text cells: pasted or file CSV (csv-parse), a JSON
// array of objects, XML repeated elements, passages of a PDF text or audio transcript, and the
// pages of a crawled website. The mock does not download anything: a file given by `url` and a
// website are read from their address alone, so the same request always gives the same records.
// csv-parse's own browser build (the same parser with its Buffer bundled), so the mock core runs in
// a browser as in Node; its Node build needs the global Buffer.
import { parse } from 'csv-parse/browser/esm/sync';

export type Delimiter = 'auto' | 'comma' | 'semicolon' | 'tab' | 'pipe';

const CHARS: Record<Exclude<Delimiter, 'auto'>, string> = { comma: ',', semicolon: ';', tab: '\t', pipe: '|' };

/** `auto`: the delimiter seen most often on the first line (comma when none is). */
export function delimiterOf(text: string, delimiter: Delimiter): string {
  if (delimiter !== 'auto') return CHARS[delimiter];
  const first = text.split(/\r?\n/, 1)[0] ?? '';
  let best = ',';
  let bestCount = 0;
  for (const ch of ['\t', ';', ',', '|']) {
    const count = first.split(ch).length - 1;
    if (count > bestCount) {
      best = ch;
      bestCount = count;
    }
  }
  return best;
}

/** Whether the first line holds one of the delimiters `auto` looks for (else the text is plain prose). */
export function firstLineDelimited(text: string): boolean {
  const first = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  return /[\t;,|]/.test(first);
}

/** Delimited text as rows of cells; throws a readable message when it is not well-formed. */
export function parseDelimited(text: string, delimiter: string): string[][] {
  try {
    return parse(text, { delimiter, bom: true, skip_empty_lines: true, relax_column_count: true, relax_quotes: false }) as string[][];
  } catch (error) {
    throw new Error(`The text could not be read as delimited rows: ${(error as Error).message}`);
  }
}

function textCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** A JSON array of objects as a header (keys in first-seen order) and rows. */
export function jsonRows(text: string): string[][] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error('The file is not JSON.');
  }
  if (!Array.isArray(parsed) || parsed.some((item) => item === null || typeof item !== 'object' || Array.isArray(item))) {
    throw new Error('The file must hold a JSON array of objects.');
  }
  const keys: string[] = [];
  for (const item of parsed as Array<Record<string, unknown>>) for (const key of Object.keys(item)) if (!keys.includes(key)) keys.push(key);
  return [keys, ...(parsed as Array<Record<string, unknown>>).map((item) => keys.map((key) => textCell(item[key])))];
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const unescapeXml = (text: string) => text.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => ENTITIES[name] ?? '');

/** XML whose root repeats one element per record, each with one child element per field. */
export function xmlRows(text: string): string[][] {
  const body = text.replace(/<\?xml[\s\S]*?\?>/, '').replace(/<!--[\s\S]*?-->/g, '').trim();
  const root = /^<([A-Za-z_][\w.-]*)(?:\s[^>]*)?>([\s\S]*)<\/\1>$/.exec(body);
  if (!root) throw new Error('The file is not an XML document with one root element.');
  const records = [...(root[2] ?? '').matchAll(/<([A-Za-z_][\w.-]*)(?:\s[^>]*)?>([\s\S]*?)<\/\1>/g)].map((m) => m[2] ?? '');
  const items = records.map((inner) => {
    const fields: Record<string, string> = {};
    for (const m of inner.matchAll(/<([A-Za-z_][\w.-]*)(?:\s[^>]*)?>([^<]*)<\/\1>/g)) fields[m[1] as string] = unescapeXml(m[2] ?? '').trim();
    return fields;
  });
  const keys: string[] = [];
  for (const item of items) for (const key of Object.keys(item)) if (!keys.includes(key)) keys.push(key);
  return [keys, ...items.map((item) => keys.map((key) => item[key] ?? ''))];
}

/** A document's text split into passages at blank lines, at most 1000 characters each. */
export function passages(text: string): string[] {
  const out: string[] = [];
  for (const block of text.split(/\r?\n\s*\r?\n/)) {
    const clean = block.replace(/\s+/g, ' ').trim();
    for (let i = 0; i < clean.length; i += 1000) out.push(clean.slice(i, i + 1000));
  }
  return out;
}

/** Passages of a document known only by its address: one to three, from the address's characters. */
export function passagesOfUrl(url: string, format: 'pdf' | 'audio'): string[] {
  const name = decodeURIComponent(new URL(url).pathname.split('/').pop() || new URL(url).hostname);
  const count = 1 + ([...url].reduce((sum, ch) => sum + ch.charCodeAt(0), 0) % 3);
  const what = format === 'pdf' ? 'Page' : 'Segment';
  return Array.from({ length: count }, (_, i) => `${what} ${i + 1} of ${name}.`);
}

export interface CrawledPage {
  url: string;
  title: string;
  content: string;
}

/** The pages a crawl reaches: the start page, then three pages per level of depth on its host, up to `max_pages`. */
export function crawl(start: string, maxPages: number, depth: number): CrawledPage[] {
  const origin = new URL(start).origin;
  const host = new URL(start).hostname;
  const count = Math.min(maxPages, 1 + 3 * depth);
  return Array.from({ length: count }, (_, i) => {
    const url = i === 0 ? start : `${origin}/pages/${i}`;
    return { url, title: i === 0 ? `${host} home` : `${host} page ${i}`, content: `Text of ${url}` };
  });
}

/** Reserved host names (RFC 2606 `.invalid`) stand for a site that does not answer. */
export function unreachable(url: string): boolean {
  const host = new URL(url).hostname;
  return host === 'invalid' || host.endsWith('.invalid');
}
