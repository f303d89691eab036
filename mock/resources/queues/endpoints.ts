// The channel endpoints of a workspace that a queue can take (seed "Available queue endpoints"):
// its call- and SMS-capable numbers, the numbers its agents use on WhatsApp, its agents' Facebook
// pages and Instagram accounts, and its email addresses. An endpoint assigned to a queue on a
// channel is not available on that channel.
import type { Schemas, WorkspaceState } from '../../state/workspace.ts';

export const QUEUE_CHANNELS = ['call', 'whatsapp', 'facebook', 'instagram', 'sms', 'email'] as const;
export type QueueChannel = (typeof QUEUE_CHANNELS)[number];
export type Endpoint = Schemas['QueueEndpoint'];
export type EndpointsByChannel = Schemas['QueueEndpointsByChannel'];

function distinct(list: Endpoint[]): Endpoint[] {
  const seen = new Set<string>();
  return list.filter((e) => {
    if (seen.has(e.id)) return false;
    seen.add(e.id);
    return true;
  });
}

/** Every endpoint of the workspace per channel, assigned or not. */
export function workspaceEndpoints(ws: WorkspaceState): EndpointsByChannel {
  const numberLabel = (uuid: string, channel: 'call' | 'sms') => {
    const n = ws.phone_numbers.find((p) => p.uuid === uuid);
    const agent = ws.agents.find((a) => a.channels[channel] === uuid);
    return agent ? `${n?.number ?? uuid} (${agent.name})` : (n?.number ?? uuid);
  };
  const whatsapp: Endpoint[] = [];
  const facebook: Endpoint[] = [];
  const instagram: Endpoint[] = [];
  for (const agent of ws.agents) {
    const { whatsapp: wa, messenger, instagram: ig } = agent.channels;
    if (wa) whatsapp.push({ id: wa.phone_number_uuid, label: `${ws.phone_numbers.find((p) => p.uuid === wa.phone_number_uuid)?.number ?? wa.phone_number_uuid} (WhatsApp)` });
    if (messenger) facebook.push({ id: messenger.page_id, label: messenger.name });
    if (ig) instagram.push({ id: ig.account_id, label: `@${ig.username}` });
  }
  return {
    call: ws.phone_numbers.filter((p) => p.call.capable).map((p) => ({ id: p.uuid, label: numberLabel(p.uuid, 'call') })),
    whatsapp: distinct(whatsapp),
    facebook: distinct(facebook),
    instagram: distinct(instagram),
    sms: ws.phone_numbers.filter((p) => p.sms.capable).map((p) => ({ id: p.uuid, label: numberLabel(p.uuid, 'sms') })),
    email: ws.email_addresses.map((a) => ({ id: a.uuid, label: a.address })),
  };
}

/** The endpoints no queue of the workspace has on their channel. */
export function availableEndpoints(ws: WorkspaceState): EndpointsByChannel {
  const all = workspaceEndpoints(ws);
  const out = {} as EndpointsByChannel;
  for (const channel of QUEUE_CHANNELS) {
    const taken = new Set(ws.queues.flatMap((q) => q.endpoints[channel].map((e) => e.id)));
    out[channel] = all[channel].filter((e) => !taken.has(e.id));
  }
  return out;
}
