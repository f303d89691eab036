// Builds a send request for the model: the operation's smallest contract example, anchored to the
// workspace (agent, WhatsApp template, and for a real deployment the QA team's own destinations),
// with a fresh request_key; sends it; and gives what the model keeps of an accepted one.
import { anchor, examplePlan, freshRequestKey } from '../../arbitraries/request.ts';
import type { SuiteOperation } from '../../contract/operation.ts';
import type { Answer } from '../../http/client.ts';
import { suite } from '../../suite/context.ts';
import type { Real } from '../model-kit.ts';
import type { SendOperation, SentRequest } from './model.ts';

/** The example with the fewest fields: the one most likely to need nothing the workspace lacks. */
function smallestExample(op: SuiteOperation): number {
  const examples = op.body?.examples ?? [];
  let best = 0;
  examples.forEach((e, i) => {
    if (Object.keys(e as object).length < Object.keys(examples[best] as object).length) best = i;
  });
  return best;
}

export interface SendPlan {
  op: SuiteOperation;
  body: Record<string, unknown>;
  requestKey: string;
}

/** undefined when the request may not be sent (a real send with nowhere safe to go). */
export function sendPlan(operationId: SendOperation): SendPlan | undefined {
  const { contract, target } = suite();
  const op = contract.byId.get(operationId);
  if (!op) return undefined;
  const base = examplePlan(op, smallestExample(op));
  const requestKey = freshRequestKey('model');
  const body = { ...(base.body as Record<string, unknown>), request_key: requestKey };
  const { plan, unsafe } = anchor(op, { ...base, body }, target);
  if (unsafe) return undefined;
  const anchored = plan.body as Record<string, unknown>;
  anchored.request_key = requestKey;
  return { op, body: anchored, requestKey };
}

/**
 * Sends within the limit (paced, a 429 waited out) and expects it accepted; a burst meant to
 * cross the limit sends unpaced, keeps its 429s and leaves judging to the rate rule.
 */
export function send(real: Real, plan: Pick<SendPlan, 'op' | 'body'>, token: number, burst = false): Promise<Answer> {
  return real.client.send({
    op: plan.op,
    json: plan.body,
    token: real.tokens[token % real.tokens.length] as string,
    ...(burst
      ? { allow429: true, paced: false }
      : { expectation: { kind: 'accepted', part: plan.op.contract, rule: 'seed "Limits": a send within the limit is accepted', what: `a ${plan.op.operationId} with a fresh request_key` } }),
  });
}

/** What the model keeps of an accepted send, with the identifier its answer gave. */
export function sentRequest(plan: SendPlan, token: number, answer: Answer, uuid: string | undefined): SentRequest {
  return { operationId: plan.op.operationId as SendOperation, token, requestKey: plan.requestKey, body: plan.body, status: answer.response?.status ?? 0, json: answer.json, uuid };
}
