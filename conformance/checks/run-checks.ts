// Runs every exchange check on one exchange, with the context they share (parsed body, time
// values found through the schema, the label of a body location).
import type { SuiteContract } from '../contract/load.ts';
import type { Part, SuiteOperation } from '../contract/operation.ts';
import { collectTemporal, type TemporalValue } from '../contract/temporal.ts';
import type { Exchange } from '../http/exchange.ts';
import type { CheckContext, CheckResult } from './check.ts';
import { EXCHANGE_CHECKS } from './index.ts';

export interface CheckRun {
  check: string;
  rule: string;
  result: CheckResult;
}

export function checkContext(contract: SuiteContract, op: SuiteOperation, ex: Exchange): CheckContext {
  const response = ex.response;
  let json: unknown;
  let jsonError: string | undefined;
  if (response && response.text.trim() !== '') {
    try {
      json = JSON.parse(response.text);
    } catch (error) {
      jsonError = (error as Error).message;
    }
  }
  const documented = response ? op.responses.get(response.status) : undefined;
  let temporal: TemporalValue[] | undefined;
  return {
    contract,
    op,
    documented,
    json,
    jsonError,
    temporal() {
      if (temporal === undefined) {
        const pointer = documented?.schemaPointer;
        temporal = pointer === undefined || json === undefined ? [] : collectTemporal(contract.doc, contract.ajv, pointer, json);
      }
      return temporal;
    },
    partAt(segments, keyword): Part {
      return documented ? documented.labelAt(segments, keyword) : op.contract;
    },
  };
}

/** Runs the exchange checks that `applies` keeps (every one by default: --checks may leave some out). */
export function runChecks(contract: SuiteContract, op: SuiteOperation, ex: Exchange, applies: (check: string) => boolean = () => true): CheckRun[] {
  if (!ex.response) return [];
  const ctx = checkContext(contract, op, ex);
  const withResponse = ex as Exchange & { response: NonNullable<Exchange['response']> };
  return EXCHANGE_CHECKS.filter((check) => applies(check.name)).map((check) => {
    let result: CheckResult;
    try {
      result = check.run(withResponse, ctx);
    } catch (error) {
      result = [{ message: `the check itself failed: ${(error as Error).message}`, part: 'documented' }];
    }
    return { check: check.name, rule: check.rule, result };
  });
}
