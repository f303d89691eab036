// Runs the channel lookup check (read-only): for up to two numbers bound to the workspace's agents
// (call or SMS), the snapshot by number with the leading `+` and without it must both answer 200
// with that number's phone_number_uuid.
import { inconclusive, notApplicable, recordRule } from '../../record/rule.ts';
import { describeAnswer, isSuccess } from '../../rules/verdicts.ts';
import { suite } from '../../suite/context.ts';
import { listOf, stringOf } from '../answer-fields.ts';
import type { Real } from '../model-kit.ts';
import { CHANNELS_PLUS_OPTIONAL, spellings } from './model.ts';

const NUMBERS = 2;

interface Binding {
  phone_number_uuid?: unknown;
  number?: unknown;
}

async function boundNumbers(real: Real): Promise<Array<{ uuid: string; number: string }> | undefined> {
  const op = real.client.op('listAgents');
  const answer = await real.client.send({ op, query: { page: '1', per_page: '50' } });
  if (!isSuccess(answer)) return void inconclusive(CHANNELS_PLUS_OPTIONAL, op.operationId, `listing the agents answered ${describeAnswer(answer)}`, answer);
  const list = listOf<{ channels: { call?: Binding | null; sms?: Binding | null } | null }>(op, answer, ['channels']);
  if (!list.ok) return void inconclusive(CHANNELS_PLUS_OPTIONAL, op.operationId, list.reason, answer);
  const found = new Map<string, string>();
  for (const agent of list.value.items) {
    for (const binding of [agent.channels?.call, agent.channels?.sms]) {
      if (typeof binding?.number === 'string' && typeof binding.phone_number_uuid === 'string') found.set(binding.number, binding.phone_number_uuid);
    }
  }
  return [...found].slice(0, NUMBERS).map(([number, uuid]) => ({ number, uuid }));
}

export async function runChannelLookupCheck(): Promise<void> {
  const { client, target } = suite();
  const real: Real = { client, tokens: [target.workspaceToken] };
  const op = client.op('getPhoneNumberChannelsByNumber');
  const numbers = await boundNumbers(real);
  if (!numbers) return;
  if (numbers.length === 0) return notApplicable(CHANNELS_PLUS_OPTIONAL, op.operationId, 'no agent of the workspace has a call or SMS number to look up');
  for (const { number, uuid } of numbers) {
    for (const spelling of Object.values(spellings(number))) {
      const answer = await client.send({ op, query: { number: spelling } });
      if (!isSuccess(answer)) {
        recordRule(CHANNELS_PLUS_OPTIONAL, op.operationId, { message: `looking up ${spelling} (agent number ${number}) answered ${describeAnswer(answer)}; the leading + is optional`, part: 'documented' }, answer);
        continue;
      }
      const found = stringOf(op, answer, 'phone_number_uuid');
      if (!found.ok) inconclusive(CHANNELS_PLUS_OPTIONAL, op.operationId, found.reason, answer);
      else recordRule(CHANNELS_PLUS_OPTIONAL, op.operationId, found.value === uuid ? true : { message: `looking up ${spelling} answered the snapshot of ${found.value}, not of ${uuid}`, part: 'documented' }, answer);
    }
  }
}
