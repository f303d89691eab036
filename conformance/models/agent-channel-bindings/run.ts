// Runs the agent channel binding checks (full mode: they change agents' bindings and put them back).
// Readback and conflict: an agent with an SMS number takes a free SMS-capable number of the
// workspace; the agent's answer, the agents list and both numbers' channel snapshots must show the
// move; assigning it again changes nothing; another agent asking for the same number is refused
// with 409 and keeps its own; at the end the first agent gets its number back. Unconnected (mock
// only, since the contract lists no connected accounts): an Instagram account the mock's state
// holds as disconnected is refused and not assigned.
import type { Answer } from '../../http/client.ts';
import { inconclusive, notApplicable, requireRule } from '../../record/rule.ts';
import { describeAnswer, expectStatus, isSuccess } from '../../rules/verdicts.ts';
import { suite } from '../../suite/context.ts';
import { mockState } from '../../target/mock-control.ts';
import { type Real, runScenario } from '../model-kit.ts';
import { BINDING_CONFLICT, BINDING_READBACK, type ListedAgent, type ListedNumber, UNCONNECTED_REFUSED } from './model.ts';

interface Plan {
  /** The agent that moves its SMS number, and that number. */
  agent: string;
  own: string;
  /** A free SMS-capable number of the workspace. */
  free: string;
  /** Another agent, and its SMS number (null: none). */
  other: string;
  otherSms: string | null;
}

function dataOf<T>(answer: Answer): T | undefined {
  return (answer.json as { data?: T } | undefined)?.data;
}

async function agents(real: Real): Promise<ListedAgent[] | undefined> {
  const op = real.client.op('listAgents');
  const answer = await real.client.send({ op });
  if (!isSuccess(answer)) return void inconclusive(BINDING_READBACK, op.operationId, `listing the agents answered ${describeAnswer(answer)}`, answer);
  return dataOf<{ items?: ListedAgent[] }>(answer)?.items ?? [];
}

async function numbers(real: Real): Promise<ListedNumber[] | undefined> {
  const op = real.client.op('listPhoneNumbers');
  const answer = await real.client.send({ op, query: { page: '1', per_page: '200' } });
  if (!isSuccess(answer)) return void inconclusive(BINDING_READBACK, op.operationId, `listing the numbers answered ${describeAnswer(answer)}`, answer);
  return dataOf<{ items?: ListedNumber[] }>(answer)?.items ?? [];
}

const smsOf = (list: ListedAgent[], agent: string): string | null => list.find((a) => a.agent_uuid === agent)?.channels?.sms?.phone_number_uuid ?? null;

async function findPlan(real: Real): Promise<Plan | undefined> {
  const list = await agents(real);
  const owned = list && (await numbers(real));
  if (!list || !owned) return undefined;
  const used = new Set(list.map((a) => a.channels?.sms?.phone_number_uuid).filter((u): u is string => typeof u === 'string'));
  const free = owned.find((n) => n.capabilities?.sms === true && n.bindings?.sms?.bound !== true && !used.has(n.phone_number_uuid));
  const agent = list.find((a) => typeof a.channels?.sms?.phone_number_uuid === 'string');
  const other = list.find((a) => a !== agent);
  if (!free || !agent || !other) return undefined;
  return { agent: agent.agent_uuid, own: smsOf(list, agent.agent_uuid) as string, free: free.phone_number_uuid, other: other.agent_uuid, otherSms: smsOf(list, other.agent_uuid) };
}

async function assignSms(real: Real, agent: string, number: string): Promise<Answer> {
  const op = real.client.op('assignAgentSmsNumber');
  return real.client.send({ op, pathParams: { uuid: agent }, json: { phone_number_uuid: number } });
}

/** The agent bound to the number's SMS channel per its channel snapshot (undefined: not readable). */
async function smsAgentOf(real: Real, number: string): Promise<string | null | undefined> {
  const op = real.client.op('getPhoneNumberChannels');
  const answer = await real.client.send({ op, pathParams: { uuid: number } });
  if (!isSuccess(answer)) return void inconclusive(BINDING_READBACK, op.operationId, `the channel snapshot of ${number} answered ${describeAnswer(answer)}`, answer);
  const sms = dataOf<{ channels?: { sms?: { bound?: boolean; agent_uuid?: string | null } } }>(answer)?.channels?.sms;
  if (!sms) return void inconclusive(BINDING_READBACK, op.operationId, 'the channel snapshot has no `channels.sms`', answer);
  return sms.bound === true ? (sms.agent_uuid ?? null) : null;
}

async function bindAndConflict(real: Real, plan: Plan): Promise<void> {
  const op = 'assignAgentSmsNumber';
  const moved = await assignSms(real, plan.agent, plan.free);
  requireRule(BINDING_READBACK, op, expectStatus(moved, real.client.op(op), `assigning the free number ${plan.free} to agent ${plan.agent} for SMS`, 200, undefined, 'published'), moved);
  const answered = dataOf<{ agent?: ListedAgent }>(moved)?.agent?.channels?.sms?.phone_number_uuid;
  requireRule(BINDING_READBACK, op, answered === plan.free ? true : { message: `the assignment answered the agent with SMS number ${String(answered)}; expected ${plan.free}`, part: 'inferred' }, moved);
  const after = await agents(real);
  if (!after) return;
  const listed = smsOf(after, plan.agent);
  requireRule(BINDING_READBACK, 'listAgents', listed === plan.free ? true : { message: `after the assignment the agents list shows agent ${plan.agent} with SMS number ${String(listed)}; expected ${plan.free} (it replaces ${plan.own})`, part: 'published' });
  const onFree = await smsAgentOf(real, plan.free);
  if (onFree !== undefined) requireRule(BINDING_READBACK, 'getPhoneNumberChannels', onFree === plan.agent ? true : { message: `the channel snapshot of ${plan.free} shows SMS agent ${String(onFree)}; expected ${plan.agent}`, part: 'inferred' });
  const onOwn = await smsAgentOf(real, plan.own);
  if (onOwn !== undefined) requireRule(BINDING_READBACK, 'getPhoneNumberChannels', onOwn !== plan.agent ? true : { message: `the channel snapshot of the replaced number ${plan.own} still shows agent ${plan.agent} on SMS`, part: 'inferred' });
  const again = await assignSms(real, plan.agent, plan.free);
  requireRule(BINDING_READBACK, op, expectStatus(again, real.client.op(op), `assigning agent ${plan.agent} the number it already has`, 200, undefined, 'inferred'), again);

  const refused = await assignSms(real, plan.other, plan.free);
  requireRule(BINDING_CONFLICT, op, expectStatus(refused, real.client.op(op), `assigning agent ${plan.other} the number ${plan.free} that agent ${plan.agent} uses for SMS`, 409, undefined, 'inferred'), refused);
  const final = await agents(real);
  if (!final) return;
  const kept = smsOf(final, plan.agent) === plan.free && smsOf(final, plan.other) === plan.otherSms;
  requireRule(BINDING_CONFLICT, 'listAgents', kept ? true : { message: `after the refused assignment agent ${plan.agent} has SMS ${String(smsOf(final, plan.agent))} and agent ${plan.other} ${String(smsOf(final, plan.other))}; expected ${plan.free} and ${String(plan.otherSms)}`, part: 'inferred' });
}

async function restore(real: Real, plan: Plan): Promise<void> {
  await assignSms(real, plan.agent, plan.own);
  if (plan.otherSms !== null) await assignSms(real, plan.other, plan.otherSms);
}

/** A disconnected Instagram account of the target workspace, from the mock's state. */
async function disconnectedInstagram(control: string, tenant: string | undefined): Promise<string | undefined> {
  const snapshot = await mockState.snapshot(control);
  const ws = snapshot.workspaces.find((w) => w.state.slug === tenant)?.state;
  const accounts = (ws?.channel_accounts ?? []) as Array<{ kind?: string; id?: string; connected?: boolean }>;
  return accounts.find((a) => a.kind === 'instagram' && a.connected === false)?.id;
}

async function unconnected(real: Real, control: string, tenant: string | undefined): Promise<void> {
  const account = await disconnectedInstagram(control, tenant);
  const list = await agents(real);
  const agent = list?.[0];
  if (!account || !agent) return notApplicable(UNCONNECTED_REFUSED, 'assignAgentInstagramAccount', 'the workspace has no disconnected Instagram account or no agent');
  const before = agent.channels?.instagram?.account_id ?? null;
  const op = real.client.op('assignAgentInstagramAccount');
  const answer = await real.client.send({ op, pathParams: { uuid: agent.agent_uuid }, json: { account_id: account } });
  try {
    requireRule(UNCONNECTED_REFUSED, op.operationId, expectStatus(answer, op, `assigning the disconnected Instagram account ${account}`, 422, undefined, 'inferred'), answer);
    const after = await agents(real);
    const now = after?.find((a) => a.agent_uuid === agent.agent_uuid)?.channels?.instagram?.account_id ?? null;
    requireRule(UNCONNECTED_REFUSED, 'listAgents', now === before ? true : { message: `agent ${agent.agent_uuid} was assigned the disconnected Instagram account ${account}`, part: 'published' });
  } finally {
    if (isSuccess(answer)) {
      if (before === null) await real.client.send({ op: real.client.op('unbindAgentInstagram'), pathParams: { uuid: agent.agent_uuid } });
      else await real.client.send({ op, pathParams: { uuid: agent.agent_uuid }, json: { account_id: before } });
    }
  }
}

export async function runAgentChannelBindingsModel(): Promise<void> {
  const { client, target } = suite();
  const real: Real = { client, tokens: [target.workspaceToken] };
  let plan = await findPlan(real);
  if (!plan && target.isMock && target.mockControl) {
    await mockState.reset(target.mockControl);
    plan = await findPlan(real);
  }
  if (plan) {
    const found = plan;
    await runScenario(
      () => bindAndConflict(real, found),
      () => restore(real, found),
    );
  } else {
    const why = 'the workspace has no agent with an SMS number, no second agent, or no free SMS-capable number';
    notApplicable(BINDING_READBACK, 'assignAgentSmsNumber', why);
    notApplicable(BINDING_CONFLICT, 'assignAgentSmsNumber', why);
  }
  if (!target.isMock || !target.mockControl) {
    return notApplicable(UNCONNECTED_REFUSED, 'assignAgentInstagramAccount', 'the contract lists no connected accounts, so a disconnected one is known only in the mock');
  }
  const control = target.mockControl;
  await runScenario(() => unconnected(real, control, target.tenant));
}
