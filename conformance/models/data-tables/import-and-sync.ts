// Filling a table by import, and syncing it into an agent (seed "What the service does" > Tables:
// "Tables are filled by direct record operations or by import from pasted text, a file ... or a
// crawled website"; "A table is assigned to an agent, and a sync refreshes the agent's index").
// The suite imports pasted CSV text of three records as a new table in the published form
// `{name, data}` and waits for the job (the table then holds them), syncs it before any assignment
// (refused, 409 inferred), assigns it to the target's agent in the published form `{agent_uuid}`,
// syncs it and waits for the sync (it indexes every record). The job shapes and statuses are the
// contract's (inferred).
import type { RuleCheck } from '../../record/rule.ts';
import { inconclusive, notApplicable, requireRule } from '../../record/rule.ts';
import { describeAnswer, expectStatus, isSuccess } from '../../rules/verdicts.ts';
import { suite } from '../../suite/context.ts';
import { fieldOf, resourceOf, stringOf } from '../answer-fields.ts';
import type { Real } from '../model-kit.ts';
import { passTime } from '../pass-time.ts';
import { freshTableName } from './model.ts';

export const DATA_TABLE_IMPORT: RuleCheck = {
  name: 'data-table-import',
  rule: 'seed "What the service does" > Tables: a table is filled by import from pasted text; once the import job completes, the table holds every imported record',
};
export const DATA_TABLE_ASSIGN_SYNC: RuleCheck = {
  name: 'data-table-assign-sync',
  rule: 'seed "What the service does" > Tables: a table is assigned to an agent and a sync refreshes the agent\'s index (every record indexed); a table assigned to no agent cannot be synced',
};

const CSV = 'label,amount\nAlpha,1\nBeta,2\nGamma,3';
const RECORDS = 3;
/** Polls of a job (the contract's jobs are queued, then processing, for a few seconds). */
const POLLS = 20;
const POLL_MS = 1_000;
const DONE = new Set(['completed', 'failed']);

/** The status of a job read by `read`, polled until it is done; the last status and answer. */
async function awaitJob(read: () => Promise<{ status: string | undefined; answer: Parameters<typeof inconclusive>[3] }>) {
  let last = await read();
  for (let poll = 1; poll < POLLS && !DONE.has(String(last.status)); poll++) {
    await passTime(POLL_MS);
    last = await read();
  }
  return last;
}

async function recordCount(real: Real, table: string): Promise<{ count: unknown; answer: Parameters<typeof inconclusive>[3] }> {
  const op = real.client.op('getDataTable');
  const answer = await real.client.send({ op, pathParams: { uuid: table } });
  const read = fieldOf(op, answer, 'record_count');
  return { count: read.ok ? read.value : undefined, answer };
}

/** Imports the pasted text as a new table; its uuid once the records are there (undefined: recorded). */
async function importText(real: Real): Promise<string | undefined> {
  const op = real.client.op('importDataFromText');
  const answer = await real.client.send({ op, json: { name: freshTableName(), data: CSV } });
  requireRule(DATA_TABLE_IMPORT, op.operationId, expectStatus(answer, op, `importing ${RECORDS} records of pasted CSV text as a new table`, 201, undefined, 'inferred'), answer);
  const job = stringOf(op, answer, 'uuid');
  const target = stringOf(op, answer, 'table_uuid');
  if (!job.ok) return void inconclusive(DATA_TABLE_IMPORT, op.operationId, job.reason, answer);
  if (!target.ok) return void inconclusive(DATA_TABLE_IMPORT, op.operationId, target.reason, answer);
  const table = target.value;
  const get = real.client.op('getDataImportJob');
  const done = await awaitJob(async () => {
    const a = await real.client.send({ op: get, pathParams: { uuid: job.value } });
    const s = fieldOf(get, a, 'status');
    return { status: s.ok ? String(s.value) : undefined, answer: a };
  });
  if (done.status !== 'completed') {
    return void requireRule(DATA_TABLE_IMPORT, get.operationId, { message: `import job ${job.value} of valid CSV text ended ${done.status ?? 'unread'} after ${POLLS} polls, not completed`, part: 'inferred' }, done.answer);
  }
  const { count, answer: read } = await recordCount(real, table);
  requireRule(DATA_TABLE_IMPORT, 'getDataTable', count === RECORDS ? true : { message: `after the completed import of ${RECORDS} records as a new table, it holds ${JSON.stringify(count)}`, part: 'documented' }, read);
  return table;
}

async function assignAndSync(real: Real, table: string, agent: string): Promise<void> {
  const assign = real.client.op('assignDataTable');
  const assigned = await real.client.send({ op: assign, pathParams: { uuid: table }, json: { agent_uuid: agent } });
  requireRule(DATA_TABLE_ASSIGN_SYNC, assign.operationId, expectStatus(assigned, assign, `assigning table ${table} to agent ${agent}`, 200, undefined, 'inferred'), assigned);
  const sync = real.client.op('syncDataTable');
  const started = await real.client.send({ op: sync, pathParams: { uuid: table } });
  requireRule(DATA_TABLE_ASSIGN_SYNC, sync.operationId, expectStatus(started, sync, `syncing assigned table ${table}`, 201, undefined, 'inferred'), started);
  const get = real.client.op('getDataTable');
  let indexed: unknown;
  const done = await awaitJob(async () => {
    const a = await real.client.send({ op: get, pathParams: { uuid: table } });
    const view = resourceOf<{ assignment: { last_sync: { status: string; records_indexed: number } | null } | null }>(get, a, ['assignment']);
    const last = view.ok ? view.value.assignment?.last_sync : undefined;
    indexed = last?.records_indexed;
    return { status: last?.status, answer: a };
  });
  const held = done.status === 'completed' && indexed === RECORDS;
  requireRule(
    DATA_TABLE_ASSIGN_SYNC,
    get.operationId,
    held ? true : { message: `the sync of table ${table} (${RECORDS} records) ended ${done.status ?? 'unread'} with ${JSON.stringify(indexed)} records indexed`, part: 'inferred' },
    done.answer,
  );
}

export async function checkImportAndSync(real: Real): Promise<void> {
  const agent = suite().target.data.agent_uuid;
  const table = await importText(real);
  if (!table) return;
  const sync = real.client.op('syncDataTable');
  const early = await real.client.send({ op: sync, pathParams: { uuid: table } });
  requireRule(DATA_TABLE_ASSIGN_SYNC, sync.operationId, isSuccess(early) ? { message: `syncing table ${table}, assigned to no agent, was accepted (${describeAnswer(early)})`, part: 'inferred' } : expectStatus(early, sync, `syncing unassigned table ${table}`, 409, undefined, 'inferred'), early);
  if (!agent) return notApplicable(DATA_TABLE_ASSIGN_SYNC, 'assignDataTable', 'the target names no agent (agent_uuid) to assign the table to');
  await assignAndSync(real, table, agent);
}
