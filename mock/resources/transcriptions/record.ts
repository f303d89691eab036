// A transcription job as the workspace keeps it: what the submission carried (the file's content
// is not kept, only its name, type and size; the callback token is kept to sign the callback and
// never shown), what it was matched to, and when it was created. Its status follows the clock
// (machine.ts); whether it fails is decided by the audio when it is submitted.
export interface TranscriptionRecord {
  uuid: string;
  reference_id: string | null;
  voice_url: string | null;
  voice_file: { filename: string; mime_type: string; size_bytes: number } | null;
  possible_language: string | null;
  possible_conversation: string | null;
  customer_voice_url: string | null;
  email: string | null;
  user_uuid: string | null;
  customer_phone: string | null;
  customer_email: string | null;
  contact_uuid: string | null;
  webhook_url: string | null;
  webhook_header_token: string | null;
  qa_agent_uuid: string | null;
  coaching_agent_uuid: string | null;
  s3_file_path: string;
  s3_file_url: string;
  /** The audio cannot be read: the job ends failed with this reason (null: it completes). */
  failure: string | null;
  created_at: Date;
}
