// The keys of the data file (--data, README "The data file"): what each names and, for an id, the
// collection of the contract its items belong to (the path before the id, as discovery names it).
// Discovery gives an operation a real id from its collection's list, or from an item the suite
// creates where the mode allows it; where neither yields one, the id the data file names is used.
// Without it, the operation's real-id expectation is reported as not run, naming the key it needs.
import type { TargetData } from './target.ts';

export interface DataKey {
  key: keyof TargetData;
  /** What the key names. */
  names: string;
  /** The collection whose items the key names (a path id's collection), for a key that names an id. */
  collection?: string;
}

export const DATA_KEYS: readonly DataKey[] = [
  { key: 'agent_uuid', names: 'an agent with call, SMS and WhatsApp numbers (the sends\u2019 agentId)', collection: '/api/v1/agents' },
  { key: 'member_email', names: 'a member\u2019s login email (operations that act for a person)' },
  { key: 'inbox_member_email', names: 'a member whose assistant email inbox full mode may release (default: member_email)' },
  { key: 'user_token_email', names: 'the login email of the per-user token\u2019s member' },
  { key: 'whatsapp_template_setting_uuid', names: 'an active WhatsApp template setting' },
  { key: 'whatsapp_template_uuid', names: 'an approved WhatsApp template on the business account of the agent\u2019s WhatsApp number' },
  { key: 'send_to', names: 'where real sends may go in full mode: `{"phone": …, "email": …}`' },
  { key: 'flow_uuid', names: 'a flow, preferably one with branch steps', collection: '/api/v1/flow' },
  { key: 'data_table_uuid', names: 'a data table', collection: '/api/v1/data' },
  { key: 'data_import_job_uuid', names: 'a data import job', collection: '/api/v1/data/import' },
  { key: 'listing_uuid', names: 'a listing', collection: '/api/v1/listings' },
  { key: 'transcription_uuid', names: 'a transcription job', collection: '/api/v1/transcriptions' },
];

/** The data-file key that names an item of the collection, when there is one. */
export function dataKeyFor(collection: string): DataKey | undefined {
  return DATA_KEYS.find((k) => k.collection === collection);
}

/** The id the data file gives for an item of the collection. */
export function givenId(data: TargetData, collection: string): { key: keyof TargetData; value: string } | undefined {
  const key = dataKeyFor(collection);
  const value = key ? data[key.key] : undefined;
  return key && typeof value === 'string' && value !== '' ? { key: key.key, value } : undefined;
}

/** The data file's content checked key by key: an unknown key or a value of the wrong type is an error. */
export function parseDataFile(json: unknown): TargetData {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) throw new Error('the data file holds no JSON object');
  const known = new Set(DATA_KEYS.map((k) => k.key as string));
  for (const [key, value] of Object.entries(json)) {
    if (!known.has(key)) throw new Error(`unknown key ${key} (known: ${[...known].join(', ')})`);
    if (key === 'send_to') {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('send_to is not an object {"phone", "email"}');
      for (const [k, v] of Object.entries(value)) {
        if (k !== 'phone' && k !== 'email') throw new Error(`unknown key send_to.${k} (known: phone, email)`);
        if (typeof v !== 'string') throw new Error(`send_to.${k} is not a string`);
      }
    } else if (typeof value !== 'string') throw new Error(`${key} is not a string`);
  }
  return json as TargetData;
}
