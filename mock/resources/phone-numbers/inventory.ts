// A workspace number as the published numbers lists and the purchase show it (published:
// list-your-phone-numbers, list-external-trunks-byo-numbers, buy-a-phone-number): inventory fields, capabilities, channel settings, billing and
// the agent bound to each channel. Fields a record leaves out are derived: the country from the
// number, type `local`, status `active`, no compliance requirements, no fee; capabilities from the
// call and SMS channels unless the number was bought with its own.
import type { PhoneNumberRecord, Schemas, WorkspaceState } from '../../state/workspace.ts';
import { countryOfNumber } from './rates.ts';
import { channelSnapshot } from './snapshot.ts';

export type TrunkItem = Schemas['PhoneNumberTrunkItem'];

export function inventoryItem(ws: WorkspaceState, n: PhoneNumberRecord): TrunkItem {
  const { channels } = channelSnapshot(ws, n);
  const bound = (b: Schemas['PhoneNumberBoundAgent']) => ({ bound: b.bound, agent_uuid: b.agent_uuid, agent_name: b.agent_name });
  return {
    phone_number_uuid: n.uuid,
    number: n.number,
    country_code: n.country_code ?? countryOfNumber(n.number) ?? '',
    location: n.location ?? null,
    type: n.type ?? 'local',
    is_external: n.is_external,
    source: n.source,
    status: n.status ?? 'active',
    compliance: n.compliance ? { status: n.compliance.status, requirements: n.compliance.requirements.map((r) => ({ ...r })) } : { status: 'completed', requirements: [] },
    capabilities: n.capabilities ? { ...n.capabilities } : { voice: n.call.capable, sms: n.sms.capable, mms: false, fax: false, emergency: false, local_calling: n.call.capable },
    channel_settings: {
      voice: { enabled: n.call.enabled, channel_limit: n.call.channel_limit, whitelisted_destinations: [...n.call.whitelisted_destinations] },
      sms: { enabled: n.sms.enabled, channel_limit: n.sms.channel_limit, whitelisted_destinations: [...n.sms.whitelisted_destinations] },
      inbound: { ...n.inbound },
    },
    billing: { monthly_fee: n.monthly_fee ?? 0, currency: n.currency ?? 'EUR' },
    bindings: { call: bound(channels.call), sms: bound(channels.sms), whatsapp: bound(channels.whatsapp) },
    purchased_at: n.purchased_at ?? null,
    updated_at: n.updated_at ?? n.purchased_at ?? new Date(0),
  };
}
