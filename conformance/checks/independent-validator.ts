// A second opinion: behind Prism's validation proxy (`prism proxy --errors`), or with Prism as the
// target (`prism mock`), the violations Prism finds arrive in the `sl-violations` header, each with
// its location: `request.…` (the request the suite sent) or `response.…` (the target's answer).
// Only the answer's are the target's: one of them is a mismatch with the contract. The request's
// are about the suite's own requests (most of them deliberately invalid), so they are reported
// apart, under SUITE_REQUESTS, never as the target violating a rule.
import { recorder } from '../record/recorder.ts';
import type { ExchangeCheck } from './check.ts';
import { violation } from './check.ts';

/** The area of the notes on the suite's own requests (a report section of their own). */
export const SUITE_REQUESTS = 'suite requests';

interface Diagnostic {
  message?: string;
  severity?: string;
  location?: unknown[];
}

/** Whether Prism found the diagnostic in the request (its location starts with `request`). */
export function aboutRequest(d: Diagnostic): boolean {
  return Array.isArray(d.location) && d.location[0] === 'request';
}

function describe(d: Diagnostic): string {
  const where = Array.isArray(d.location) ? d.location.slice(1).join('.') : '';
  return `${where ? `${where}: ` : ''}${d.message ?? 'no message'}`;
}

export const independentValidator: ExchangeCheck = {
  name: 'independent-validator',
  rule: 'the contract (generated/openapi.json), as judged by an independent validator (Prism)',
  run(ex, ctx) {
    const header = ex.response.headers['sl-violations'];
    if (header === undefined) return 'skip';
    let list: Diagnostic[] = [];
    try {
      list = JSON.parse(header) as Diagnostic[];
    } catch {
      return violation(`unreadable sl-violations header: ${header.slice(0, 200)}`, ctx.op.contract);
    }
    const errors = list.filter((v) => v.severity === undefined || v.severity === 'Error');
    const request = errors.filter(aboutRequest);
    if (request.length > 0) {
      const op = ctx.op.operationId;
      // A request built to be invalid is meant to break the contract; one meant valid is the suite's mistake.
      if (ex.expectation?.kind === 'rejected') recorder.note(SUITE_REQUESTS, `${op}: Prism finds the suite\u2019s deliberately invalid requests invalid, as intended`);
      else recorder.note(SUITE_REQUESTS, `${op}: a request the suite meant as valid${ex.expectation ? ` (${ex.expectation.what})` : ''} breaks the contract, says Prism: ${request.slice(0, 3).map(describe).join('; ')}`);
    }
    const response = errors.filter((v) => !aboutRequest(v));
    if (response.length === 0) return request.length > 0 ? 'skip' : 'pass';
    return violation(`Prism reports: ${response.slice(0, 5).map(describe).join('; ')}`, ctx.op.contract);
  },
};
