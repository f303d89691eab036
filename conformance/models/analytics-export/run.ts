// Runs the analytics export model (read-only). It reads one page of the export over a wide range
// with the largest limit (1000) as the model; when that page is not the whole range, the model is
// its rows up to the last instant it holds completely. A fixed window first (from the second row to
// the fifth, limit 2), then fast-check's windows and limits; last the export policy (mock only).
import fc from 'fast-check';
import { inconclusive, requireRule } from '../../record/rule.ts';
import { describeAnswer, isSuccess } from '../../rules/verdicts.ts';
import { suite } from '../../suite/context.ts';
import { fieldOf, listOf } from '../answer-fields.ts';
import { type Real, runModel, runScenario, runSteps } from '../model-kit.ts';
import { checkExportPolicy } from './export-policy.ts';
import { ExportWindowCommand, ROW_NAMES } from './export-window.ts';
import { EXPORT_ORDER, EXPORT_PAGES, type ExportRow, ExportModel, orderProblem } from './model.ts';

const WIDE = { from: '2000-01-01T00:00:00Z', to: '2100-01-01T00:00:00Z' };

async function readModel(real: Real): Promise<ExportModel | undefined> {
  const op = real.client.op('exportAnalyticsMessages');
  const answer = await real.client.send({ op, query: { ...WIDE, limit: '1000' } });
  if (!isSuccess(answer)) return void inconclusive(EXPORT_PAGES, op.operationId, `the export of ${WIDE.from}..${WIDE.to} answered ${describeAnswer(answer)}`, answer);
  const list = listOf<ExportRow>(op, answer, ROW_NAMES);
  if (!list.ok) return void inconclusive(EXPORT_PAGES, op.operationId, list.reason, answer);
  let rows = list.value.items.map((r) => ({ message_uuid: String(r.message_uuid), created_at: String(r.created_at) }));
  const problem = orderProblem(rows);
  requireRule(EXPORT_ORDER, op.operationId, problem === undefined ? true : { message: `one page of the export: ${problem}`, part: 'documented' }, answer);
  const next = fieldOf(op, answer, 'next_cursor');
  if (!next.ok) return void inconclusive(EXPORT_PAGES, op.operationId, next.reason, answer);
  if (typeof next.value === 'string' && rows.length > 0) {
    // Rows at the page's last instant may continue on the next page: keep only the earlier ones.
    const lastMs = Date.parse((rows[rows.length - 1] as ExportRow).created_at);
    rows = rows.filter((r) => Date.parse(r.created_at) < lastMs);
  }
  if (rows.length < 3) return void inconclusive(EXPORT_PAGES, op.operationId, `the export lists ${rows.length} rows, too few to page a window`, answer);
  return new ExportModel(rows);
}

/** The model, read as a scenario: rows out of order in the wide page end it with their finding. */
async function runReadModel(real: Real): Promise<ExportModel | undefined> {
  let model: ExportModel | undefined;
  await runScenario(async () => {
    model = await readModel(real);
  });
  return model;
}

export async function runAnalyticsExportModel(name: string): Promise<void> {
  const { client, target } = suite();
  const real: Real = { client, tokens: [target.workspaceToken] };
  const model = await runReadModel(real);
  if (!model) return;
  await runScenario(() => runSteps(model, real, [new ExportWindowCommand({ start: 1, span: 3, limit: 2 })]));
  const windows = fc.record({ start: fc.nat(), span: fc.integer({ min: 1, max: 12 }), limit: fc.integer({ min: 1, max: 4 }) }).map((w) => new ExportWindowCommand(w));
  await runModel(name, real, { commands: [windows], model: () => model });
  await runScenario(() => checkExportPolicy(real));
}
