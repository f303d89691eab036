// What the listing tests share: the northwind workspace with an active and an inactive template
// setting (the active one with the integer id ACTIVE_SETTING_ID), a WhatsApp listing body whose
// contact entries resolve to its four contacts, started at once and open all day, and reads of a
// listing, its report and its task rows in the action log.
import { afterEach, expect } from 'vitest';
import { AGENT_WHATSAPP, dataOf, type Json, openWorld, settingRecord, type World, workspace } from './campaigns-world.ts';

export const ACTIVE_SETTING = '5c6d7e8f-9a0b-4c1d-8e2f-3a4b5c6d7e01';
export const INACTIVE_SETTING = '5c6d7e8f-9a0b-4c1d-8e2f-3a4b5c6d7e02';
export const UNKNOWN = '0f0e0d0c-0b0a-4909-8807-060504030201';
/** The integer id the workspace gives the active setting (published: listings name settings by integer id). */
export const ACTIVE_SETTING_ID = 7;
export const NEW_PHONE = '+4917600000001';

export interface Listing {
  uuid: string;
  campaign_uuid: string;
  name: string;
  status: string;
  campaign_type: string;
  contact_template_setting_id: number | null;
  start_date: string | null;
  end_date: string | null;
  rule: Json & { uuid: string };
  auto_start: boolean;
  pace: { per_minute: number };
  counts: { contacts: number; contacts_created: number };
  contacts: Array<Json & { uuid: string; name: string }>;
}

export interface Report {
  status: string;
  contacts: number;
  tasks: { total: number; pending: number; in_progress: number; completed: number; failed: number; cancelled: number };
  generated_at: string;
}

export interface LogItem {
  uuid: string;
  type: string;
  status: string;
  name: string;
  description: string;
  created_at: string;
}

/**
 * Four distinct contacts, in this order: Jonas Becker by phone number, Anna Müller by phone number
 * without `+`, Felix Wagner (no phone) by email in other case, and a new number. The last two
 * entries name Jonas Becker again (by phone number, whatever the email; by email when the phone
 * number matches nobody), so they count once.
 */
export const CONTACT_ENTRIES: Json[] = [
  { phone_number: '+4915112345601' },
  { phone_number: '+4915112345602' },
  { email: 'Felix.Wagner@example.de' },
  { name: 'Lena Hoffmann', phone_number: NEW_PHONE, email: 'lena.hoffmann@example.de' },
  { phone_number: '+4915112345601', email: 'someone.else@example.de' },
  { phone_number: '+4917699999999', email: 'jonas.becker@example.de' },
];

export const whatsappListing = (extra: Json = {}): Json => ({
  name: 'Spring offer, Berlin stores',
  campaign_type: 'text',
  agent_uuid: AGENT_WHATSAPP,
  contact_template_setting_id: ACTIVE_SETTING,
  contacts: CONTACT_ENTRIES,
  pace: { per_minute: 60 },
  auto_start: true,
  // Any time of day, so the mock clock's few seconds are always inside the window.
  rule: { start_time: '00:00', end_time: '23:59' },
  ...extra,
});

let world: World | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

/** Opens the workspace (closed after the test). */
export async function open(): Promise<World> {
  world = await openWorld(workspace({ template_settings: [{ ...settingRecord(ACTIVE_SETTING, 'active'), id: ACTIVE_SETTING_ID }, settingRecord(INACTIVE_SETTING, 'inactive')] }));
  return world;
}

export async function createListing(w: World, body: Json = whatsappListing()): Promise<Listing> {
  const reply = await w.call('POST', '/api/v1/listings', { json: body });
  expect(reply.status, reply.text).toBe(201);
  return dataOf<Listing>(reply);
}

export async function readListing(w: World, listing: Listing): Promise<Listing> {
  return dataOf<Listing>(await w.call('GET', `/api/v1/listings/${listing.uuid}`));
}

export async function report(w: World, listing: Listing): Promise<Report> {
  return dataOf<Report>(await w.call('GET', `/api/v1/listings/${listing.uuid}/report`));
}

export async function taskRows(w: World, query: Record<string, string> = {}): Promise<LogItem[]> {
  return dataOf<{ items: LogItem[] }>(await w.call('GET', '/api/v1/logs/actions', { query: { type: 'task', per_page: '100', ...query } })).items;
}

export async function contacts(w: World): Promise<Array<{ uuid: string; name: string; phone: string | null; email: string | null }>> {
  return (await w.snapshotState()).contacts as Array<{ uuid: string; name: string; phone: string | null; email: string | null }>;
}
