// When the target is the mock, what the suite may rely on in a tenant (an agent with a call
// number, a member's email, an active WhatsApp template setting, an approved template the agent
// can send, member zones, a flow with branch steps: the contract lists none of these or cannot pick
// them out) is read from the mock's control API snapshot, over HTTP. Against a real deployment the
// QA team gives it (--data, target/data-keys.ts). The ids of collections the contract lists no items
// of (data tables, listings, ...) are not read here: a run against the mock finds ids as a run
// against a deployment does, from its lists or the data file.
import { request } from 'undici';
import type { TargetData } from './target.ts';

interface SnapshotState {
  slug?: string;
  timezone?: string;
  members?: Array<{ uuid?: string; email?: string; timezone?: string | null }>;
  assistant_channels?: Array<{ member_uuid?: string; channel?: string; address?: string | null }>;
  agents?: Array<{ uuid?: string; channels?: { call?: string | null; whatsapp?: { waba_id?: string } | null } }>;
  template_settings?: Array<{ uuid?: string; status?: string }>;
  whatsapp_templates?: Array<{ uuid?: string; status?: string; waba_id?: string }>;
  flows?: Array<{ uuid?: string; steps?: Array<{ parent_step_uuid?: string | null }> }>;
}

export interface MockTenantFacts {
  data: TargetData;
  /** Profile zone by member email (null: none set). */
  memberZones: Map<string, string | null>;
}

export async function readMockTenant(controlUrl: string, slug: string): Promise<MockTenantFacts> {
  const res = await request(`${controlUrl}/snapshot`);
  if (res.statusCode !== 200) throw new Error(`GET ${controlUrl}/snapshot answered ${res.statusCode}`);
  const snapshot = (await res.body.json()) as { workspaces?: Array<{ state?: SnapshotState }> };
  const state = snapshot.workspaces?.map((w) => w.state).find((s) => s?.slug === slug);
  if (!state) throw new Error(`the mock has no tenant ${slug}`);
  const data: TargetData = {};
  const agent = state.agents?.find((a) => typeof a.uuid === 'string' && a.channels?.call) ?? state.agents?.[0];
  if (agent?.uuid) data.agent_uuid = agent.uuid;
  const member = state.members?.find((m) => typeof m.email === 'string');
  if (member?.email) data.member_email = member.email;
  // Another member with an assigned assistant inbox: the operations part releases member_email's.
  const inboxes = new Set((state.assistant_channels ?? []).filter((c) => c.channel === 'email' && c.address).map((c) => c.member_uuid));
  const inboxMember = state.members?.find((m) => m !== member && typeof m.email === 'string' && inboxes.has(m.uuid));
  if (inboxMember?.email) data.inbox_member_email = inboxMember.email;
  const setting = state.template_settings?.find((s) => s.status === 'active' && typeof s.uuid === 'string');
  if (setting?.uuid) data.whatsapp_template_setting_uuid = setting.uuid;
  const waba = agent?.channels?.whatsapp?.waba_id;
  const template = state.whatsapp_templates?.find((t) => t.status === 'APPROVED' && t.waba_id === waba && typeof t.uuid === 'string');
  if (waba && template?.uuid) data.whatsapp_template_uuid = template.uuid;
  // A flow with branch children when there is one, so the read shows the parent rule too.
  const flow = state.flows?.find((f) => f.steps?.some((s) => typeof s.parent_step_uuid === 'string')) ?? state.flows?.[0];
  if (flow?.uuid) data.flow_uuid = flow.uuid;
  const memberZones = new Map<string, string | null>();
  for (const m of state.members ?? []) if (m.email) memberZones.set(m.email.toLowerCase(), m.timezone ?? null);
  return { data, memberZones };
}
