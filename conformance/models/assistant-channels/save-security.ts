// PUT /api/v1/assistant-channels/{channel}/security for the model's member, with the checks every
// answer gets: no PIN the suite sent appears in it, and it has no `pin` field; a saved answer names
// the static PIN as the verification method (seed behaviour 3: "Static PIN is the only verification
// method"; the field `verification_method` is the contract's, inferred, so a missing one leaves the
// rule inconclusive and a wrong one is a finding on an inferred part).
import type { Answer } from '../../http/client.ts';
import { inconclusive, recordRule } from '../../record/rule.ts';
import { isSuccess } from '../../rules/verdicts.ts';
import { stringOf } from '../answer-fields.ts';
import type { Real } from '../model-kit.ts';
import { type AssistantChannelsModel, type Channel, PIN_NEVER_RETURNED, STATIC_PIN_ONLY } from './model.ts';

function hasPinField(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasPinField);
  if (value && typeof value === 'object') return Object.entries(value).some(([k, v]) => k === 'pin' || hasPinField(v));
  return false;
}

export function checkNoPin(model: AssistantChannelsModel, operationId: string, answer: Answer): void {
  const text = answer.response?.text ?? '';
  const leaked = [...model.pins].filter((pin) => text.includes(pin));
  const verdict =
    leaked.length > 0
      ? { message: `the answer carries a PIN the suite set (${leaked.length} of ${model.pins.size})`, part: 'documented' as const }
      : hasPinField(answer.json)
        ? { message: 'the answer has a `pin` field', part: 'documented' as const }
        : true;
  recordRule(PIN_NEVER_RETURNED, operationId, verdict, answer);
}

export async function saveSecurity(model: AssistantChannelsModel, real: Real, channel: Channel, body: Record<string, unknown>): Promise<Answer> {
  const op = real.client.op('updateAssistantChannelSecurity');
  if (typeof body.pin === 'string') model.pins.add(body.pin);
  const answer = await real.client.send({ op, pathParams: { channel }, json: { user_email: model.email, ...body } });
  checkNoPin(model, op.operationId, answer);
  if (isSuccess(answer)) {
    const method = stringOf(op, answer, 'verification_method');
    if (!method.ok) inconclusive(STATIC_PIN_ONLY, op.operationId, method.reason, answer);
    else recordRule(STATIC_PIN_ONLY, op.operationId, method.value === 'static_pin' ? true : { message: `the ${channel} channel was saved with verification method ${JSON.stringify(method.value)}; static_pin is the only one`, part: 'inferred' }, answer);
  }
  return answer;
}
