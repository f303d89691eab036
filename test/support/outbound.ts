// What a workspace has sent, read through the API: the number of calls (GET /api/v1/calls) and
// the items of each channel's sending queue (GET /api/v1/outbound/summary; seed "Limits" note 1).
import { expect } from 'vitest';
import type { ResponseBody } from './contract.ts';
import type { CallOptions, Harness } from './harness.ts';

export type Summary = ResponseBody<'getOutboundSummary', 200>['data'];

export async function outboundSummary(h: Harness, options: CallOptions = {}): Promise<Summary> {
  const res = await h.call('GET', '/api/v1/outbound/summary', options);
  expect(res.status, res.text).toBe(200);
  return res.json<ResponseBody<'getOutboundSummary', 200>>().data;
}

export interface Sent {
  calls: number;
  /** queued + sending + sent, per channel. */
  call: number;
  sms: number;
  whatsapp: number;
  email: number;
}

export async function sentSoFar(h: Harness, options: CallOptions = {}): Promise<Sent> {
  const calls = await h.call('GET', '/api/v1/calls', options);
  expect(calls.status, calls.text).toBe(200);
  const summary = await outboundSummary(h, options);
  const items = (c: Summary['channels']['call']) => c.queued + c.sending + c.sent;
  return {
    calls: calls.json<ResponseBody<'listCalls', 200>>().data.total,
    call: items(summary.channels.call),
    sms: items(summary.channels.sms),
    whatsapp: items(summary.channels.whatsapp),
    email: items(summary.channels.email),
  };
}
