// Assistant channels and sessions (seed "What the service does": assistant channels are per user,
// named by login email; "Assistant channel security"; behaviour 3). The acting member is resolved
// by the pipeline (seed "Authentication" rule 7: `user_email` with a workspace token, the token's
// user with a per-user token). The PIN is kept in state and never returned. A session is found by
// its owner with a per-user token, and by any workspace token.
import type { HandlerGroup } from '../../core/handler.ts';
import { errors } from '../../pipeline/api-error.ts';
import type { Member, WorkspaceState } from '../../state/workspace.ts';
import { type AssistantChannelName, type AssistantChannelRecord, blankChannel, securityView } from './channel-record.ts';
import { applySecurityChange } from './machine.ts';

function actorOf(actor: Member | undefined): Member {
  // The pipeline names the member for every operation that acts for a person.
  if (!actor) throw errors.validation('VALIDATION_ERROR', 'The field user_email is required with a workspace API token.', 'user_email');
  return actor;
}

function channelOf(ws: WorkspaceState, member: Member, channel: AssistantChannelName): AssistantChannelRecord | undefined {
  return ws.assistant_channels.find((c) => c.member_uuid === member.uuid && c.channel === channel);
}

export const assistantHandlers = {
  updateAssistantChannelSecurity: ({ ws, path, body, actor, now, faults }) => {
    const member = actorOf(actor);
    const current = channelOf(ws, member, path.channel) ?? blankChannel(member, path.channel, now);
    const change = {
      ...(body.two_factor_enabled === undefined ? {} : { two_factor_enabled: body.two_factor_enabled }),
      ...(body.pin === undefined ? {} : { pin: body.pin }),
      ...(body.reverify_after_minutes === undefined ? {} : { reverify_after_minutes: body.reverify_after_minutes }),
    };
    const outcome = applySecurityChange(current, change, now, faults.has('two-factor-without-pin'));
    if (!outcome.ok) {
      throw errors.validation('VALIDATION_ERROR', 'A PIN must be set before two-factor authentication can be enabled; send pin in the same request.', 'pin');
    }
    ws.assistant_channels = [...ws.assistant_channels.filter((c) => c !== current), outcome.record];
    // The `pin-echoed` fault returns the stored PIN with the settings.
    const leaked = faults.has('pin-echoed') && outcome.record.pin !== null ? { pin: outcome.record.pin } : {};
    const view = { ...securityView(outcome.record, member), ...leaked };
    // The `sms-code-verification` fault names another method than the contract's only one (assigned: the type allows none).
    if (faults.has('sms-code-verification') && path.channel === 'sms') Object.assign(view, { verification_method: 'sms_code' });
    return { status: 200, body: { success: true, message: 'Security settings saved', data: view } };
  },

  releaseAssistantEmailChannel: ({ ws, actor, now, faults }) => {
    const member = actorOf(actor);
    const record = channelOf(ws, member, 'email');
    if (!record || record.address === null) throw errors.notFound('Assigned email inbox');
    const released = record.address;
    // The `email-release-keeps-inbox` fault answers the release and keeps the inbox assigned.
    if (!faults.has('email-release-keeps-inbox')) {
      ws.assistant_channels = ws.assistant_channels.map((c) => (c === record ? { ...c, address: null, updated_at: now } : c));
    }
    return {
      status: 200,
      body: { success: true, message: 'Email inbox released', data: { channel: 'email', user_email: member.email, released_address: released, released_at: now } },
    };
  },

  getAssistantSession: ({ ws, path, principal }) => {
    const session = ws.assistant_sessions.find((s) => s.uuid === path.uuid);
    const own = principal.kind !== 'user-token' || session?.user_email.toLowerCase() === principal.member.email.toLowerCase();
    if (!session || !own) throw errors.notFound('Assistant session');
    return { status: 200, body: { success: true, message: 'Assistant session retrieved', data: structuredClone(session) } };
  },
} satisfies HandlerGroup;
