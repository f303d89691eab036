// An app's files: a flat list of `{path, content}` whose directories are implied by the paths.
// Seed "Endpoints", GET /api/v1/builders/{uuid}/files: `path` is a "directory relative to the app
// root, default `.`", returning `{name, type}` entries. The contract adds reads and writes: a path
// naming the wrong kind of entry, or leaving the app root, gives 422 VALIDATION_ERROR `field: path`.
import { errors } from '../../pipeline/api-error.ts';
import { utf8Length } from '../../platform/bytes.ts';
import type { Schemas } from '../../state/workspace.ts';
import type { AppFile } from './app-record.ts';

export type FileEntry = Schemas['BuilderFileEntry'];

/** `./src/` → `src`; `.` → `` (the root). Refuses what leaves the root. */
export function normalizePath(raw: string, field = 'path'): string {
  const segments = raw.split('/').filter((s) => s !== '' && s !== '.');
  if (raw.startsWith('/') || raw.includes('\\') || segments.includes('..')) {
    throw errors.validation('VALIDATION_ERROR', `The field ${field} must stay inside the app root (no leading /, no .. segments).`, field);
  }
  return segments.join('/');
}

function isDirectory(files: AppFile[], dir: string): boolean {
  return dir === '' || files.some((f) => f.path.startsWith(`${dir}/`));
}

function parents(path: string): string[] {
  const segments = path.split('/');
  return segments.slice(1).map((_, i) => segments.slice(0, i + 1).join('/'));
}

export function listDirectory(files: AppFile[], raw: string): FileEntry[] {
  const dir = normalizePath(raw);
  if (files.some((f) => f.path === dir)) {
    throw errors.validation('VALIDATION_ERROR', `The field path names a file (${dir}), not a directory.`, 'path');
  }
  if (!isDirectory(files, dir)) throw errors.notFound('Directory');
  const prefix = dir === '' ? '' : `${dir}/`;
  const entries = new Map<string, FileEntry['type']>();
  for (const file of files) {
    if (!file.path.startsWith(prefix)) continue;
    const rest = file.path.slice(prefix.length);
    const slash = rest.indexOf('/');
    if (slash === -1) entries.set(rest, 'file');
    else entries.set(rest.slice(0, slash), 'directory');
  }
  return [...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([name, type]) => ({ name, type }));
}

export function readFile(files: AppFile[], raw: string): AppFile {
  const path = normalizePath(raw);
  const file = files.find((f) => f.path === path);
  if (file) return file;
  if (isDirectory(files, path)) throw errors.validation('VALIDATION_ERROR', `The field path names a directory (${path}), not a file.`, 'path');
  throw errors.notFound('File');
}

/** Creates or replaces a file; missing parent directories come with it. */
export function writeFile(files: AppFile[], raw: string, content: string): { file: AppFile; created: boolean } {
  const path = normalizePath(raw);
  if (path === '' || isDirectory(files, path)) {
    throw errors.validation('VALIDATION_ERROR', `The field path names a directory (${path || '.'}), not a file.`, 'path');
  }
  const blocked = parents(path).find((p) => files.some((f) => f.path === p));
  if (blocked !== undefined) throw errors.validation('VALIDATION_ERROR', `The field path goes through ${blocked}, which is a file.`, 'path');
  const existing = files.find((f) => f.path === path);
  if (existing) {
    existing.content = content;
    return { file: existing, created: false };
  }
  const file = { path, content };
  files.push(file);
  return { file, created: true };
}

/**
 * The files of an upload (published: a map of path relative to the app root → contents), checked:
 * no two keys naming one file (`a.js`, `./a.js`), none inside another file.
 */
export function uploadedFiles(input: Record<string, string>): AppFile[] {
  const files: AppFile[] = [];
  for (const [key, content] of Object.entries(input)) {
    const path = normalizePath(key, 'files');
    if (path === '') throw errors.validation('VALIDATION_ERROR', `The key ${JSON.stringify(key)} of files names the app root, not a file.`, 'files');
    if (files.some((f) => f.path === path)) throw errors.validation('VALIDATION_ERROR', `Two keys of files name the file ${path}.`, 'files');
    const clash = files.find((f) => f.path.startsWith(`${path}/`) || path.startsWith(`${f.path}/`));
    if (clash) throw errors.validation('VALIDATION_ERROR', `The paths ${clash.path} and ${path} make one a file and a directory at once.`, 'files');
    files.push({ path, content });
  }
  return files;
}

export function sizeBytes(content: string): number {
  return utf8Length(content);
}
