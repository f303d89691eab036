// Evaluations, read only: the first page of the list is judged item by item (the ten metrics, each
// {value, confidence, reason}), the newest listed evaluation is read back by its uuid and must be
// the same record, and a uuid nobody holds must give 404. A workspace without evaluations cannot be
// judged (not applicable).
import { randomUUID } from 'node:crypto';
import { inconclusive, notApplicable, recordRule } from '../../record/rule.ts';
import { describeAnswer, expectStatus, isSuccess } from '../../rules/verdicts.ts';
import { listOf, resourceOf } from '../answer-fields.ts';
import type { Real } from '../model-kit.ts';
import { EVALUATION_FIELDS, EVALUATION_METRICS, EVALUATION_READ, METRICS, metricProblems } from './model.ts';

type Evaluation = Record<string, unknown> & { uuid: string };

export async function checkEvaluationList(real: Real): Promise<void> {
  const op = real.client.op('listEvaluations');
  const answer = await real.client.send({ op, query: { page: '1', per_page: '50' } });
  if (!isSuccess(answer)) {
    recordRule(EVALUATION_METRICS, op.operationId, { message: `listing the evaluations answered ${describeAnswer(answer)}`, part: 'published' }, answer);
    return;
  }
  const list = listOf<Evaluation>(op, answer, EVALUATION_FIELDS);
  if (!list.ok) return inconclusive(EVALUATION_METRICS, op.operationId, list.reason, answer);
  const first = list.value.items[0];
  if (!first) {
    notApplicable(EVALUATION_METRICS, op.operationId, 'the workspace lists no evaluation to judge');
    notApplicable(EVALUATION_READ, 'getEvaluation', 'the workspace lists no evaluation to read back');
  } else {
    const problems = list.value.items.flatMap((e) => metricProblems(e).map((p) => `evaluation ${e.uuid}: ${p}`));
    recordRule(EVALUATION_METRICS, op.operationId, problems.length === 0 ? true : { message: problems.slice(0, 5).join('; '), part: 'published' }, answer);
    await checkRead(real, first);
  }
  const read = real.client.op('getEvaluation');
  const unknown = randomUUID();
  const missing = await real.client.send({ op: read, pathParams: { uuid: unknown } });
  recordRule(EVALUATION_READ, read.operationId, expectStatus(missing, read, `reading an unknown evaluation ${unknown}`, 404, undefined, 'published'), missing);
}

async function checkRead(real: Real, listed: Evaluation): Promise<void> {
  const op = real.client.op('getEvaluation');
  const answer = await real.client.send({ op, pathParams: { uuid: listed.uuid } });
  if (!isSuccess(answer)) {
    recordRule(EVALUATION_READ, op.operationId, { message: `reading the listed evaluation ${listed.uuid} answered ${describeAnswer(answer)}`, part: 'published' }, answer);
    return;
  }
  const read = resourceOf<Evaluation>(op, answer, EVALUATION_FIELDS);
  if (!read.ok) return inconclusive(EVALUATION_READ, op.operationId, read.reason, answer);
  const differs = [...EVALUATION_FIELDS, ...METRICS].filter((name) => JSON.stringify(read.value[name]) !== JSON.stringify(listed[name]));
  const problems = metricProblems(read.value);
  recordRule(EVALUATION_METRICS, op.operationId, problems.length === 0 ? true : { message: `evaluation ${listed.uuid} as read: ${problems.join('; ')}`, part: 'published' }, answer);
  recordRule(
    EVALUATION_READ,
    op.operationId,
    differs.length === 0 ? true : { message: `evaluation ${listed.uuid} read by its uuid differs from the listed one in ${differs.join(', ')}`, part: 'published' },
    answer,
  );
}
