// SSH access secrets (published: create answers `{ssh_command, token, expires_at}`, recreate
// `{ssh_command}`; seed "What the service does" > Logs: secrets are masked): the suite issues an
// access to the workspace's first app (recreate when one exists) and reads it back; the read must not
// show the token handed out. Full mode: it issues a token on the target.
import { inconclusive, notApplicable, type RuleCheck, recordRule } from '../../record/rule.ts';
import { describeAnswer, isSuccess } from '../../rules/verdicts.ts';
import { suite } from '../../suite/context.ts';
import { listOf } from '../answer-fields.ts';

export const BUILDER_SSH_MASKED: RuleCheck = {
  name: 'builder-ssh-secret-masked',
  rule: 'published API "Builders" (create/recreate SSH access); seed Logs: secrets are masked: the SSH token is handed out by the create and recreate answers only, every read masks it',
};

export async function checkSshMasked(): Promise<void> {
  const CHECK = BUILDER_SSH_MASKED;
  const { client } = suite();
  const listOp = client.op('listBuilders');
  const listed = await client.send({ op: listOp, query: { per_page: '15' } });
  const page = listOf<{ uuid: string }>(listOp, listed, ['uuid']);
  if (!isSuccess(listed) || !page.ok) return inconclusive(CHECK, listOp.operationId, page.ok ? `listing the apps answered ${describeAnswer(listed)}` : page.reason, listed);
  const app = page.value.items[0];
  if (!app) return notApplicable(CHECK, listOp.operationId, 'the workspace has no app to open SSH access to');
  const createOp = client.op('createBuilderSshAccess');
  let issued = await client.send({ op: createOp, pathParams: { uuid: app.uuid }, json: { expires_minutes: 5 } });
  let command = (issued.json as { data?: { ssh_command?: unknown } } | undefined)?.data?.ssh_command;
  if (issued.response?.status === 409) {
    issued = await client.send({ op: client.op('recreateBuilderSshAccess'), pathParams: { uuid: app.uuid }, json: { expires_minutes: 5 } });
    command = (issued.json as { data?: { ssh_command?: unknown } } | undefined)?.data?.ssh_command;
  }
  const token = typeof command === 'string' ? /^ssh (\S+)@/.exec(command)?.[1] : undefined;
  if (!isSuccess(issued) || token === undefined) return inconclusive(CHECK, createOp.operationId, `issuing SSH access answered ${describeAnswer(issued)} without a usable ssh_command`, issued);
  const readOp = client.op('getBuilderSshAccess');
  const read = await client.send({ op: readOp, pathParams: { uuid: app.uuid } });
  if (!isSuccess(read)) return inconclusive(CHECK, readOp.operationId, `reading the SSH access answered ${describeAnswer(read)}`, read);
  const shown = JSON.stringify(read.json ?? null).includes(token);
  recordRule(CHECK, readOp.operationId, shown ? { message: `the read of app ${app.uuid}'s SSH access shows the token handed out in clear`, part: 'documented' } : true, read);
}
