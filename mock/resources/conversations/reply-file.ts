// The file of a reply as stored and shown (base64 content is never echoed back), and the kinds
// of file each channel accepts.
import type { Schemas } from '../../state/workspace.ts';

type FileInput = Schemas['ConversationReplyFile'];
export type FileInfo = Schemas['ConversationReplyFileInfo'];

const TYPE_BY_EXTENSION: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  mp3: 'audio/mpeg',
  ogg: 'audio/ogg',
  m4a: 'audio/mp4',
  pdf: 'application/pdf',
  txt: 'text/plain',
  csv: 'text/csv',
};

/** The last path segment of a URL, or `file` when it has none. */
function lastSegment(url: string): string {
  const path = URL.canParse(url) ? new URL(url).pathname : '';
  const segment = path.split('/').filter((s) => s !== '').pop();
  if (segment === undefined) return 'file';
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The media type a file name's extension suggests (the type a URL serves, as the mock cannot fetch it). */
function typeOfName(name: string): string {
  const extension = name.includes('.') ? (name.split('.').pop() ?? '').toLowerCase() : '';
  return TYPE_BY_EXTENSION[extension] ?? 'application/octet-stream';
}

/** Bytes of base64 content once decoded. */
function decodedSize(content: string): number {
  const padding = content.endsWith('==') ? 2 : content.endsWith('=') ? 1 : 0;
  return Math.floor((content.length * 3) / 4) - padding;
}

export function fileInfo(file: FileInput): FileInfo {
  if ('content' in file) return { filename: file.filename, mime_type: file.mime_type, url: null, size_bytes: decodedSize(file.content) };
  const filename = file.filename ?? lastSegment(file.url);
  return { filename, mime_type: file.mime_type ?? typeOfName(filename), url: file.url, size_bytes: null };
}

/** The message type a file is recorded with: image, video, audio or file. */
export function messageTypeOf(file: FileInfo): string {
  const kind = file.mime_type.split('/')[0]?.toLowerCase();
  return kind === 'image' || kind === 'video' || kind === 'audio' ? kind : 'file';
}

/** Instagram takes images, video and audio; Messenger also PDF and plain text. */
export function acceptsFile(channel: 'instagram' | 'messenger', file: FileInfo): boolean {
  const type = file.mime_type.toLowerCase();
  if (messageTypeOf(file) !== 'file') return true;
  return channel === 'messenger' && (type === 'application/pdf' || type === 'text/plain');
}
