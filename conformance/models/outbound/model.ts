// The model of the outbound send operations (seed "Limits"): POST /api/v1/call,
// /api/v1/whatsapp/template, /api/v1/sms/send and /api/v1/email/messages share one limit of
// 5 accepted requests per second per workspace across all its tokens; over it 429 with
// Retry-After and nothing created; a retried `request_key` returns the same response and never a
// second call or message. The model keeps only what the suite itself sent.
import type { Read } from '../../contract/fields.ts';
import type { SuiteOperation } from '../../contract/operation.ts';
import type { Answer } from '../../http/client.ts';
import type { RuleCheck } from '../../record/rule.ts';
import { stringOf } from '../answer-fields.ts';

export const SEND_RATE: RuleCheck = {
  name: 'send-rate-limit',
  rule: 'seed "Limits": at most 5 accepted send requests per second per workspace, shared by all tokens',
};
export const SEND_NOTHING_CREATED: RuleCheck = {
  name: 'send-429-creates-nothing',
  rule: 'seed "Limits": over the limit, 429 with Retry-After and nothing is created or sent',
};
export const IDEMPOTENCY: RuleCheck = {
  name: 'idempotency',
  rule: 'seed "Limits": retrying with the same request_key returns the same request and never a second call or message',
};
export const QUEUE_COUNTS: RuleCheck = {
  name: 'send-queue-counts',
  rule: 'seed "Limits" note 1: accepted requests wait in the sending queue (summary at /api/v1/outbound/summary)',
};

export const SEND_OPERATIONS = ['startCall', 'sendSms', 'sendEmailMessage', 'sendWhatsappTemplate'] as const;
export type SendOperation = (typeof SEND_OPERATIONS)[number];

export const CHANNEL_OF: Record<SendOperation, 'call' | 'sms' | 'email' | 'whatsapp'> = {
  startCall: 'call',
  sendSms: 'sms',
  sendEmailMessage: 'email',
  sendWhatsappTemplate: 'whatsapp',
};

export interface SentRequest {
  operationId: SendOperation;
  token: number;
  requestKey: string;
  body: Record<string, unknown>;
  status: number;
  json: unknown;
  /** The identifier the answer gave (undefined when it gave none the contract names; the rule was then inconclusive). */
  uuid: string | undefined;
}

export interface RefusedRequest {
  operationId: SendOperation;
  requestKey: string;
  body: Record<string, unknown>;
  token: number;
}

export class OutboundModel {
  readonly accepted: SentRequest[] = [];
  readonly refused: RefusedRequest[] = [];
  /** Queue totals per channel when the run began (undefined: the summary could not be read). */
  readonly baseline: Record<string, number> | undefined;
  readonly startedAt = Date.now();

  constructor(baseline: Record<string, number> | undefined) {
    this.baseline = baseline;
  }

  acceptedOn(channel: string): number {
    return this.accepted.filter((s) => CHANNEL_OF[s.operationId] === channel).length;
  }
}

/** The names an accepted send's identifier may have; the first one the contract's answer gives is it. */
export const IDENTIFIER_FIELDS = ['uuid', 'id', 'messageId'] as const;

/** The identifier of what an accepted send created (a call, a message), where the contract puts it. */
export function uuidOf(op: SuiteOperation, answer: Answer): Read<string> {
  const status = answer.response?.status ?? 0;
  const fields = op.responses.get(status)?.fields;
  const name = IDENTIFIER_FIELDS.find((n) => fields?.field(n) !== undefined);
  if (!name) return { ok: false, reason: `the contract's ${status} answer of ${op.operationId} has no field named ${IDENTIFIER_FIELDS.join(', ')}` };
  return stringOf(op, answer, name);
}
