// A submission becomes a job (published: "Provide either voice_file or voice_url"; the contact by
// `customer_phone`, then `customer_email`; the member by `email`; the coaching agent falls back to
// the workspace's default). Every field sent is kept; the file's content only as its name, media
// type and size. An audio whose name says `unreadable` fails once processed (the mock's marker for
// audio it cannot decode). Refusals are thrown before anything is stored.
import type { CollectionContext } from '../shared/collection.ts';
import { errors } from '../../pipeline/api-error.ts';
import type { Schemas, WorkspaceState } from '../../state/workspace.ts';
import { newUuid } from '../shared/lookup.ts';
import type { TranscriptionRecord } from './record.ts';

type Body = Schemas['TranscriptionCreateRequest'];

const MEDIA_TYPES: Record<string, string> = {
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  m4a: 'audio/mp4',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  webm: 'audio/webm',
  flac: 'audio/flac',
  aac: 'audio/aac',
  mp4: 'video/mp4',
};

/** The marker of audio the mock cannot decode. */
export const UNREADABLE_MARKER = 'unreadable';

/** The extension of a file name or of a URL's path (lower case), else `mp3`. */
function extensionOf(name: string): string {
  let path = name;
  try {
    path = new URL(name).pathname;
  } catch {
    // A file name, not a URL.
  }
  return /\.([A-Za-z0-9]{1,5})$/.exec(path)?.[1]?.toLowerCase() ?? 'mp3';
}

/** The decoded size of base64 content. */
function decodedSize(content: string): number {
  const padding = content.endsWith('==') ? 2 : content.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((content.length * 3) / 4) - padding);
}

const digits = (phone: string): string => phone.replace(/[^0-9]/g, '');

/** The workspace's contact with the phone number, else with the email (published order). */
function matchContact(ws: WorkspaceState, phone: string | undefined, email: string | undefined): string | null {
  if (phone !== undefined && digits(phone) !== '') {
    const wanted = digits(phone);
    const byPhone = ws.contacts.find((c) => c.phone !== null && digits(c.phone) === wanted);
    if (byPhone) return byPhone.uuid;
  }
  if (email !== undefined) {
    const byEmail = ws.contacts.find((c) => c.email !== null && c.email.toLowerCase() === email.toLowerCase());
    if (byEmail) return byEmail.uuid;
  }
  return null;
}

function coachingAgent(ws: WorkspaceState, sent: string | undefined): string | null {
  if (sent === undefined) return ws.coaching_agents.find((c) => c.is_default)?.uuid ?? null;
  const found = ws.coaching_agents.find((c) => c.uuid.toLowerCase() === sent.toLowerCase());
  if (!found) throw errors.validation('VALIDATION_ERROR', `No coaching agent ${sent} exists in this workspace.`, 'coaching_agent_uuid');
  return found.uuid;
}

export function submitTranscription(body: Body, ctx: CollectionContext): TranscriptionRecord {
  const { ws, now, config } = ctx;
  const file = body.voice_file ?? null;
  const url = body.voice_url ?? null;
  if (file === null && url === null) throw errors.validation('VALIDATION_ERROR', 'Give the audio as voice_file or voice_url.', 'voice_file');
  if (file !== null && url !== null) throw errors.validation('VALIDATION_ERROR', 'Give the audio as voice_file or voice_url, not both.', 'voice_url');
  const coach = coachingAgent(ws, body.coaching_agent_uuid);
  const name = file?.filename ?? (url as string);
  const extension = extensionOf(name);
  const uuid = newUuid();
  const member = body.email === undefined ? undefined : ws.members.find((m) => m.email.toLowerCase() === body.email?.toLowerCase());
  return {
    uuid,
    reference_id: body.reference_id ?? null,
    voice_url: url,
    voice_file: file && { filename: file.filename, mime_type: file.mime_type ?? MEDIA_TYPES[extension] ?? 'application/octet-stream', size_bytes: decodedSize(file.content) },
    possible_language: body.possible_language ?? null,
    possible_conversation: body.possible_conversation ?? null,
    customer_voice_url: body.customer_voice_url ?? null,
    email: body.email ?? null,
    user_uuid: member?.uuid ?? null,
    customer_phone: body.customer_phone ?? null,
    customer_email: body.customer_email ?? null,
    contact_uuid: matchContact(ws, body.customer_phone, body.customer_email),
    webhook_url: body.webhook_url ?? null,
    webhook_header_token: body.webhook_header_token ?? null,
    qa_agent_uuid: body.qa_agent_uuid ?? null,
    coaching_agent_uuid: coach,
    s3_file_path: `transcriptions/${uuid}.${extension}`,
    s3_file_url: `https://${ws.slug}.${config.baseDomain}/media/transcriptions/${uuid}.${extension}`,
    failure: name.toLowerCase().includes(UNREADABLE_MARKER) ? 'The audio could not be decoded.' : null,
    created_at: now,
  };
}
