// Runs the outbound model: a second token is created for the run (the limit is shared by all
// tokens of the workspace) and revoked afterwards; each fast-check run starts from the sending
// queue's current totals and a fresh model.
import { recorder } from '../../record/recorder.ts';
import { describeAnswer, isSuccess } from '../../rules/verdicts.ts';
import { suite } from '../../suite/context.ts';
import { resourceOf } from '../answer-fields.ts';
import { type Real, runModel, runScenario, runSteps } from '../model-kit.ts';
import { BurstCommand } from './burst.ts';
import { CheckCallsCommand } from './check-calls.ts';
import { CheckQueueCommand, queueTotals } from './check-queue.ts';
import { outboundCommands } from './commands.ts';
import { ConcurrentRetryCommand } from './concurrent-retry.ts';
import { OutboundModel } from './model.ts';
import { RetrySendCommand } from './retry-send.ts';

const SECOND_TOKEN_PERMISSIONS = ['calls:write', 'calls:read', 'messaging:write', 'messaging:read', 'whatsapp:read'];

/** A second token of the workspace, or why there is none. */
async function secondToken(): Promise<{ token: string; uuid: string } | string> {
  const { client, contract } = suite();
  const create = contract.byId.get('createApiToken');
  if (!create) return 'the contract has no token create (createApiToken)';
  const answer = await client.send({ op: create, json: { name: 'conformance: send-limit second token', permissions: SECOND_TOKEN_PERMISSIONS } });
  if (!isSuccess(answer)) return `creating it answered ${describeAnswer(answer)}`;
  const read = resourceOf<{ token: unknown; uuid: unknown }>(create, answer, ['uuid', 'token']);
  if (!read.ok) return read.reason;
  const { token, uuid } = read.value;
  return typeof token === 'string' && typeof uuid === 'string' ? { token, uuid } : 'its token or uuid is not a string';
}

/**
 * A fixed sequence first, so every run crosses the limit at least once whatever fast-check
 * draws: a burst across operations and tokens, a retry, concurrent retries, then the reads.
 */
async function fixedScenario(real: Real): Promise<void> {
  const model = new OutboundModel(await queueTotals(real.client));
  const steps = [new BurstCommand([1, 2, 1, 2, 0, 1, 2, 3, 1]), new RetrySendCommand(0), new ConcurrentRetryCommand(1, 3, 1), new CheckCallsCommand(), new CheckQueueCommand()];
  await runScenario(() => runSteps(model, real, steps));
}

export async function runOutboundModel(name: string): Promise<void> {
  const { client, contract, target } = suite();
  const created = await secondToken();
  const second = typeof created === 'string' ? undefined : created;
  if (typeof created === 'string') recorder.note('send-rate-limit', `a second token could not be created (${created}), so the shared limit is exercised with one token`);
  const real: Real = { client, tokens: second ? [target.workspaceToken, second.token] : [target.workspaceToken] };
  try {
    await fixedScenario(real);
    await runModel(name, real, {
      commands: outboundCommands(real.tokens.length),
      model: async () => new OutboundModel(await queueTotals(client)),
      // Whatever the sequence, it ends by comparing the service with the model.
      after: (model) => runSteps(model, real, [new CheckCallsCommand(), new CheckQueueCommand()]),
    });
  } finally {
    const revoke = contract.byId.get('revokeApiToken');
    if (second && revoke) await client.send({ op: revoke, pathParams: { uuid: second.uuid } });
  }
}
