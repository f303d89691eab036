// A second opinion: behind Prism's validation proxy (`prism proxy --errors`), violations Prism
// finds in an exchange arrive in the `sl-violations` header. Any is a mismatch with the contract.
import type { ExchangeCheck } from './check.ts';
import { violation } from './check.ts';

export const independentValidator: ExchangeCheck = {
  name: 'independent-validator',
  rule: 'the contract (generated/openapi.json), as judged by an independent validator (Prism)',
  run(ex, ctx) {
    const header = ex.response.headers['sl-violations'];
    if (header === undefined) return 'skip';
    let list: Array<{ message?: string; severity?: string }> = [];
    try {
      list = JSON.parse(header) as typeof list;
    } catch {
      return violation(`unreadable sl-violations header: ${header.slice(0, 200)}`, ctx.op.contract);
    }
    const errors = list.filter((v) => v.severity === undefined || v.severity === 'Error');
    if (errors.length === 0) return 'pass';
    return violation(`Prism reports: ${errors.slice(0, 5).map((v) => v.message).join('; ')}`, ctx.op.contract);
  },
};
