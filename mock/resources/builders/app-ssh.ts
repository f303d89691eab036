// SSH access to an app's sandbox (published: create and recreate with `expires_minutes`, 5 to 10080,
// default 60; create answers `{ssh_command, token, expires_at}`, recreate `{ssh_command}`). The token
// is handed out in clear by those two answers only; the read (inferred) masks it like the service
// token (`***` and its last four characters), unless the fault `builder-ssh-secret-unmasked`. A
// create while an unexpired access exists is refused with 409 (recreate replaces it).
import type { HandlerGroup } from '../../core/handler.ts';
import { errors } from '../../pipeline/api-error.ts';
import { settleBuilders } from '../builder-agents/agent-state.ts';
import { findOr404, newUuid } from '../shared/lookup.ts';
import { type BuilderAppRecord, maskToken } from './app-record.ts';

export const SSH_HOST = 'ssh.builder.mihu.ai';
export const DEFAULT_SSH_MINUTES = 60;

const command = (token: string): string => `ssh ${token}@${SSH_HOST}`;

function issue(app: BuilderAppRecord, minutes: number | undefined, now: Date): { token: string; expires_at: Date } {
  const access = { token: `sshk_${newUuid().replace(/-/g, '')}`, expires_at: new Date(now.getTime() + (minutes ?? DEFAULT_SSH_MINUTES) * 60_000) };
  app.ssh = access;
  return access;
}

export const builderSshHandlers = {
  getBuilderSshAccess: ({ ws, path, now, config, faults }) => {
    settleBuilders(ws, now, config.baseDomain);
    const app = findOr404(ws.builders, path.uuid, 'App');
    const access = app.ssh ?? null;
    if (access === null) return { status: 200, body: { success: true, data: null } };
    const token = faults.has('builder-ssh-secret-unmasked') ? access.token : maskToken(access.token);
    return { status: 200, body: { success: true, data: { ssh_command: command(token), token, expires_at: access.expires_at, active: access.expires_at.getTime() > now.getTime() } } };
  },

  createBuilderSshAccess: ({ ws, path, body, now, config }) => {
    settleBuilders(ws, now, config.baseDomain);
    const app = findOr404(ws.builders, path.uuid, 'App');
    if (app.ssh && app.ssh.expires_at.getTime() > now.getTime()) {
      throw errors.conflict('SSH access exists', 'The app already has an unexpired SSH access; recreate it to get a new token.');
    }
    const access = issue(app, body?.expires_minutes, now);
    return { status: 200, body: { success: true, data: { ssh_command: command(access.token), token: access.token, expires_at: access.expires_at } } };
  },

  recreateBuilderSshAccess: ({ ws, path, body, now, config }) => {
    settleBuilders(ws, now, config.baseDomain);
    const app = findOr404(ws.builders, path.uuid, 'App');
    const access = issue(app, body?.expires_minutes, now);
    return { status: 200, body: { success: true, data: { ssh_command: command(access.token) } } };
  },
} satisfies HandlerGroup;
