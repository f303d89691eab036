// Runs the Instagram unbind check. The contract offers no way to bind an account again, so it runs
// only against the mock (its state is the suite's own); elsewhere it does not apply. It takes an
// agent with an Instagram binding from the agents list, unbinds it, then reads the agents list
// again and unbinds a second time. In full mode the operations part may have unbound every
// binding before (it sends each operation with real ids): the mock is then reset to its fixtures,
// which have one, through its control API.
import { inconclusive, notApplicable, requireRule } from '../../record/rule.ts';
import { describeAnswer, expectStatus, isSuccess } from '../../rules/verdicts.ts';
import { suite } from '../../suite/context.ts';
import { mockState } from '../../target/mock-control.ts';
import { fieldOf, listOf } from '../answer-fields.ts';
import { type Real, runScenario } from '../model-kit.ts';
import { INSTAGRAM_UNBIND, type InstagramAccountView } from './model.ts';

/** An agent of the list (published: keyed `agent_uuid`; `channels` is the contract's addition). */
interface AgentView {
  agent_uuid: string;
  channels: { instagram?: { account_id?: string } | null } | null;
}

async function agents(real: Real): Promise<AgentView[] | undefined> {
  const op = real.client.op('listAgents');
  const answer = await real.client.send({ op });
  if (!isSuccess(answer)) return void inconclusive(INSTAGRAM_UNBIND, op.operationId, `listing the agents answered ${describeAnswer(answer)}`, answer);
  const list = listOf<AgentView>(op, answer, ['agent_uuid', 'channels']);
  if (!list.ok) return void inconclusive(INSTAGRAM_UNBIND, op.operationId, list.reason, answer);
  return list.value.items;
}

async function unbindOnce(real: Real, agent: AgentView, account: string): Promise<void> {
  const op = real.client.op('unbindAgentInstagram');
  const answer = await real.client.send({ op, pathParams: { uuid: agent.agent_uuid } });
  requireRule(INSTAGRAM_UNBIND, op.operationId, expectStatus(answer, op, `unbinding the Instagram account ${account} of agent ${agent.agent_uuid}`, 200, undefined), answer);
  const released = fieldOf(op, answer, 'instagram_account');
  if (!released.ok) return inconclusive(INSTAGRAM_UNBIND, op.operationId, released.reason, answer);
  const view = released.value as InstagramAccountView;
  const held = view?.id === account && view.connected === true && view.agent_uuid === null;
  requireRule(INSTAGRAM_UNBIND, op.operationId, held ? true : { message: `the unbind answered the account ${JSON.stringify(view)}; expected ${account}, still connected, bound to no agent`, part: 'inferred' }, answer);
  const after = await agents(real);
  if (!after) return;
  const binding = after.find((a) => a.agent_uuid === agent.agent_uuid)?.channels?.instagram;
  requireRule(INSTAGRAM_UNBIND, 'listAgents', binding === null || binding === undefined ? true : { message: `after the unbind, agent ${agent.agent_uuid} still lists the Instagram binding ${JSON.stringify(binding)}`, part: 'documented' });
  const again = await real.client.send({ op, pathParams: { uuid: agent.agent_uuid } });
  requireRule(INSTAGRAM_UNBIND, op.operationId, expectStatus(again, op, `unbinding agent ${agent.agent_uuid} a second time`, 409, undefined, 'inferred'), again);
}

export async function runInstagramUnbindCheck(): Promise<void> {
  const { client, target } = suite();
  if (!target.isMock) return notApplicable(INSTAGRAM_UNBIND, 'unbindAgentInstagram', 'the contract offers no way to bind the account again, so the unbind runs only against the mock');
  const real: Real = { client, tokens: [target.workspaceToken] };
  const bound = (list: AgentView[]) => [...list].reverse().find((a) => typeof a.channels?.instagram?.account_id === 'string');
  let list = await agents(real);
  if (!list) return;
  if (!bound(list) && target.mockControl) {
    await mockState.reset(target.mockControl);
    list = await agents(real);
    if (!list) return;
  }
  const agent = bound(list);
  if (!agent) return notApplicable(INSTAGRAM_UNBIND, 'unbindAgentInstagram', 'no agent of the workspace has an Instagram binding to remove');
  await runScenario(() => unbindOnce(real, agent, String(agent.channels?.instagram?.account_id)));
}
