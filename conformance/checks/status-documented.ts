// Seed "Errors" (the status table) and "Success codes: 200 (OK) and 201 (Created)": the status
// must be one the contract documents for the operation.
import type { ExchangeCheck } from './check.ts';
import { violation } from './check.ts';

export const statusDocumented: ExchangeCheck = {
  name: 'status-documented',
  rule: 'seed "Errors": the status is one the contract documents for the operation',
  run(ex, ctx) {
    const { status } = ex.response;
    if (ctx.op.responses.has(status)) return 'pass';
    const documented = [...ctx.op.responses.keys()].join(', ');
    // The seed gives 200 and 201 as the success codes, and which one an operation answers only in its
    // own table (documented operations): elsewhere the choice between them is the contract's design.
    const otherSuccess = status >= 200 && status < 300 && ctx.op.successStatuses.length > 0;
    const part = otherSuccess && ctx.op.contract !== 'documented' ? 'inferred' : ctx.op.contract;
    return violation(`status ${status} is not documented for ${ctx.op.operationId} (documented: ${documented})`, part);
  },
};
