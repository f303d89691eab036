// Phone numbers: the outbound call rates (a price list shared by every workspace, with the seed's
// country and prefix filters and page size up to 200), the channel snapshot of a workspace number
// by number (leading `+` optional) or by uuid, and external numbers on the customer's own SIP trunk
// (register, update, assign), each answering the number's snapshot. A number of another workspace
// is never found.
import type { HandlerGroup } from '../../core/handler.ts';
import { errors } from '../../pipeline/api-error.ts';
import type { PhoneNumberRecord, WorkspaceState } from '../../state/workspace.ts';
import { findOr404, newUuid, normalizeE164 } from '../shared/lookup.ts';
import { DEFAULT_PER_PAGE } from '../shared/paging.ts';
import { bindTrunkChannels, incapableChannels, registerTrunkNumber, updateTrunkNumber } from './machine.ts';
import { filterRates, ratePage } from './rates.ts';
import { channelSnapshot } from './snapshot.ts';

/** An external (SIP trunk) number of the workspace; purchased and unknown numbers are 404. */
function trunkNumberOr404(ws: WorkspaceState, uuid: string): PhoneNumberRecord {
  const n = ws.phone_numbers.find((p) => p.uuid === uuid && p.is_external);
  if (!n) throw errors.notFound('Trunk number');
  return n;
}

function replaceNumber(ws: WorkspaceState, next: PhoneNumberRecord): void {
  ws.phone_numbers = ws.phone_numbers.map((p) => (p.uuid === next.uuid ? next : p));
}

export const phoneNumberHandlers = {
  listPhoneNumberRates: ({ query, faults }) => {
    const all = filterRates({ country: query.country, prefix: query.prefix }, faults.has('rates-ignore-prefix'));
    const page = ratePage(all, query.page ?? 1, query.per_page ?? DEFAULT_PER_PAGE);
    // The `rates-has-more-on-last-page` fault says there is more on the last page too.
    if (faults.has('rates-has-more-on-last-page')) page.pagination.has_more = page.pagination.current_page <= page.pagination.last_page;
    return { status: 200, body: { success: true, data: page } };
  },

  getPhoneNumberChannelsByNumber: ({ ws, query, faults }) => {
    // The fault channels-lookup-needs-plus compares the number as given, so one without its `+` is never found.
    const wanted = faults.has('channels-lookup-needs-plus') ? query.number : normalizeE164(query.number);
    const n = ws.phone_numbers.find((p) => p.number === wanted);
    if (!n) throw errors.notFound('Phone number');
    return { status: 200, body: { success: true, message: 'Phone number channels retrieved', data: channelSnapshot(ws, n) } };
  },

  getPhoneNumberChannels: ({ ws, path }) => {
    const n = findOr404(ws.phone_numbers, path.uuid, 'Phone number');
    return { status: 200, body: { success: true, message: 'Phone number channels retrieved', data: channelSnapshot(ws, n) } };
  },

  createPhoneNumberTrunk: ({ ws, body }) => {
    const number = normalizeE164(body.number);
    if (ws.phone_numbers.some((p) => p.number === number)) {
      throw errors.conflict('Phone number already exists', `The number ${number} is already in this workspace.`);
    }
    const created = registerTrunkNumber(newUuid(), number, body);
    ws.phone_numbers = [...ws.phone_numbers, created];
    return { status: 201, body: { success: true, message: 'Trunk number created', data: channelSnapshot(ws, created) } };
  },

  updatePhoneNumberTrunk: ({ ws, path, body }) => {
    const next = updateTrunkNumber(trunkNumberOr404(ws, path.uuid), body);
    replaceNumber(ws, next);
    return { status: 200, body: { success: true, message: 'Trunk number updated', data: channelSnapshot(ws, next) } };
  },

  assignPhoneNumberTrunk: ({ ws, path, body }) => {
    const n = trunkNumberOr404(ws, path.uuid);
    const incapable = incapableChannels(n, body.channels);
    if (incapable.length > 0) {
      throw errors.validation('VALIDATION_ERROR', `The number ${n.number} cannot carry ${incapable.join(', ')}.`, 'channels');
    }
    if (body.agent_uuid !== null) findOr404(ws.agents, body.agent_uuid, 'Agent');
    ws.agents = bindTrunkChannels(ws.agents, n.uuid, body.channels, body.agent_uuid);
    return { status: 200, body: { success: true, message: 'Trunk number assigned', data: channelSnapshot(ws, n) } };
  },
} satisfies HandlerGroup;
