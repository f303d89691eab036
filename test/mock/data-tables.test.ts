// Data tables over HTTP (seed "What the service does" > Tables: typed columns text, number, date,
// boolean, json and url; filled by record operations or imports; assigned to an agent; a sync
// refreshes the agent's index): tables and their columns `{uuid, name, data_type}` read from state
// per workspace, records keyed by column name and checked against the column types (422 naming the
// field, nothing written), listed a page at a time, updates merged and persisted (one record by its
// id in the path, or several), deletes all or nothing, assignment to a known agent (mode
// knowledge_base when left out), syncs on the clock; the published request forms (`{record}`,
// `{name, data}`, `{agent_uuid}`, columns `{name, data_type}`) accepted.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cellProblem } from '../../mock/resources/data-tables/cells.ts';
import { demoFixtures } from '../support/demo-tenants.ts';
import { type Harness, type Reply, startHarness } from '../support/harness.ts';

const PRICES = '5b0e7c1a-2f4d-4a8e-9c3b-7d1e2f3a4b01';
const FAQ = '5b0e7c1a-2f4d-4a8e-9c3b-7d1e2f3a4b02';
const CLEANING = '5b0e7c1a-2f4d-4a8e-9c3b-7d1e2f3a4c01';
const WHITENING = '5b0e7c1a-2f4d-4a8e-9c3b-7d1e2f3a4c02';
const GLOBEX_ZIPS = '9c4d2e6f-1a3b-4c5d-8e7f-0a1b2c3d4e01';
const RECEPTION = 'f47aebdd-597a-4ecf-bcf0-0fecb91ee9e5';
const RECALL = '38703800-149e-459b-9d58-c705f979d04a';
const GLOBEX_AGENT = 'a72991b9-e8c1-4743-babe-c539007d1034';
const UNKNOWN = '0f0e0d0c-0b0a-4909-8807-060504030201';
// The columns of the price list, by name.
const CODE = 'Code';
const TREATMENT = 'Treatment';
const PRICE = 'Price (EUR)';
const COVERED = 'Covered by statutory insurance';
const VALID_FROM = 'Valid from';
const INFO = 'Info page';
const DETAILS = 'Details';

type Json = Record<string, unknown>;
interface Table {
  uuid: string;
  name: string;
  type: string;
  columns: Array<{ uuid: string; name: string; data_type: string }>;
  record_count: number;
  assignment: null | { agent_uuid: string; mode: string; assigned_at: string; last_sync: null | Json };
  updated_at: string;
}
interface Row {
  uuid: string;
  values: Json;
  created_at: string;
  updated_at: string;
}
interface Job {
  uuid: string;
  table_uuid: string;
  status: string;
  records_imported: number;
  error: string | null;
  completed_at: string | null;
  source: Json;
}

let h: Harness;
beforeEach(async () => {
  h = await startHarness('http');
});
afterEach(() => h.close());

function data<T>(reply: Reply, status: number): T {
  expect(reply.status, reply.text).toBe(status);
  return (reply.body as { data: T }).data;
}

function shapeB(reply: Reply, status: number): { code: string; field?: string; details: string } {
  expect(reply.status, reply.text).toBe(status);
  const body = reply.body as Json;
  expect(Object.keys(body).sort()).toEqual(['error', 'message', 'success']);
  return body.error as { code: string; field?: string; details: string };
}

const table = async (uuid: string, tenant = 'acme') => data<Table>(await h.call('GET', `/api/v1/data/${uuid}`, { tenant }), 200);
const advance = async (ms: number) => expect((await h.control('POST', '/clock', { advance_ms: ms })).status).toBe(200);
const job = async (uuid: string) => data<Job>(await h.call('GET', `/api/v1/data/import/${uuid}`), 200);
const update = async (uuid: string, records: Json[]) => h.call('PUT', `/api/v1/data/${uuid}/records`, { json: { records } });
const add = async (uuid: string, records: Json[]) => h.call('POST', `/api/v1/data/${uuid}/records`, { json: { records } });
const records = async (uuid: string, query: Record<string, string> = {}) =>
  data<{ current_page: number; last_page: number; per_page: number; total: number; data: Row[] }>(await h.call('GET', `/api/v1/data/${uuid}/records`, { query }), 200);
const recordOf = async (tableUuid: string, rowUuid: string) => (await records(tableUuid, { per_page: '100' })).data.find((r) => r.uuid === rowUuid);

describe('data tables: demo fixtures', () => {
  it.each(['acme', 'globex'])('%s has tables with typed columns, records that fit them and assignments to its own agents', (slug) => {
    const ws = demoFixtures().find((w) => w.slug === slug);
    expect(ws?.data_tables.length).toBeGreaterThan(0);
    for (const table of ws?.data_tables ?? []) {
      expect(table.columns.length, table.name).toBeGreaterThan(0);
      expect(table.rows.length, table.name).toBeGreaterThan(0);
      for (const row of table.rows) {
        expect(Object.keys(row.values).sort(), table.name).toEqual(table.columns.map((c) => c.name).sort());
        for (const column of table.columns) expect(cellProblem(column, row.values[column.name] ?? null), `${table.name} ${row.uuid} ${column.name}`).toBeNull();
      }
      if (table.assignment) expect(ws?.agents.map((a) => a.uuid)).toContain(table.assignment.agent_uuid);
    }
  });
});

describe('data tables: reads from state', () => {
  it("reads a workspace's own table with its columns, record count and last sync", async () => {
    const got = await table(PRICES);
    expect(got.name).toBe('Treatment price list');
    expect(got.record_count).toBe(3);
    expect(got.type).toBe('custom_table');
    expect(got.columns.map((c) => `${c.name}:${c.data_type}`)).toEqual([`${CODE}:text`, `${TREATMENT}:text`, `${PRICE}:number`, `${COVERED}:boolean`, `${VALID_FROM}:date`, `${INFO}:url`, `${DETAILS}:json`]);
    expect(new Set(got.columns.map((c) => c.uuid)).size).toBe(7);
    expect(got.assignment).toMatchObject({ agent_uuid: RECEPTION, mode: 'lookup', last_sync: { status: 'completed', records_indexed: 3, completed_at: '2026-02-24T16:30:04+01:00' } });
    const fields = data<Table['columns']>(await h.call('GET', `/api/v1/data/${PRICES}/fields`), 200);
    expect(fields).toEqual(got.columns);
    const globex = await table(GLOBEX_ZIPS, 'globex');
    expect(globex.record_count).toBe(2);
    expect(globex.assignment).toMatchObject({ agent_uuid: GLOBEX_AGENT, mode: 'knowledge_base', last_sync: null });
  });

  it("answers 404 for an unknown table and for another workspace's table, on every operation", async () => {
    for (const uuid of [UNKNOWN, GLOBEX_ZIPS]) {
      const calls: Array<[string, string, Json | undefined, Record<string, string> | undefined]> = [
        ['GET', `/api/v1/data/${uuid}`, undefined, undefined],
        ['GET', `/api/v1/data/${uuid}/fields`, undefined, undefined],
        ['GET', `/api/v1/data/${uuid}/records`, undefined, undefined],
        ['POST', `/api/v1/data/${uuid}/records`, { records: [{ 'ZIP code': '10002' }] }, undefined],
        ['POST', `/api/v1/data/${uuid}/records`, { record: { 'ZIP code': '10002' } }, undefined],
        ['PUT', `/api/v1/data/${uuid}/records`, { records: [{ uuid: CLEANING, values: { City: 'x' } }] }, undefined],
        ['PUT', `/api/v1/data/${uuid}/records/${CLEANING}`, { record: { City: 'x' } }, undefined],
        ['DELETE', `/api/v1/data/${uuid}/records`, undefined, { uuids: CLEANING }],
        ['DELETE', `/api/v1/data/${uuid}/records/${CLEANING}`, undefined, undefined],
        ['POST', `/api/v1/data/${uuid}/assign`, { agent_uuid: RECEPTION, mode: 'lookup' }, undefined],
        ['POST', `/api/v1/data/${uuid}/sync`, undefined, undefined],
        ['POST', '/api/v1/data/import/copypaste', { table_uuid: uuid, text: 'ZIP code\n10002\n' }, undefined],
      ];
      for (const [method, path, json, query] of calls) {
        const error = shapeB(await h.call(method, path, { ...(json ? { json } : {}), ...(query ? { query } : {}) }), 404);
        expect(error.code, `${method} ${path}`).toBe('RESOURCE_NOT_FOUND');
      }
    }
    expect((await table(GLOBEX_ZIPS, 'globex')).record_count).toBe(2);
    shapeB(await h.call('GET', `/api/v1/data/import/${UNKNOWN}`), 404);
  });
});

describe('data tables: create and records', () => {
  it('creates a table from the published body and answers the published shape; a taken name is 409 (case-insensitive), a repeated column name 422', async () => {
    const columns = [
      { name: 'SKU', data_type: 'text' },
      { name: 'Price', data_type: 'number' },
    ];
    const reply = await h.call('POST', '/api/v1/data/tables', { json: { name: 'Catalog', description: null, columns } });
    expect((reply.body as Json).message).toBe('Table created successfully');
    const created = data<Table>(reply, 201);
    expect(created).toMatchObject({ name: 'Catalog', description: null, type: 'custom_table', record_count: 0, assignment: null });
    expect(created.columns.map(({ name, data_type }) => ({ name, data_type }))).toEqual(columns);
    for (const column of created.columns) expect(column.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(await table(created.uuid)).toEqual(created);
    expect(data(await h.call('GET', `/api/v1/data/${created.uuid}/fields`), 200)).toEqual(created.columns);
    expect(shapeB(await h.call('POST', '/api/v1/data/tables', { json: { name: 'CATALOG', columns } }), 409).code).toBe('CONFLICT');
    const twice = shapeB(await h.call('POST', '/api/v1/data/tables', { json: { name: 'Other', columns: [...columns, { name: 'sku', data_type: 'url' }] } }), 422);
    expect(twice.field).toBe('columns[2].name');
    // The earlier column form {key, name, type} is not accepted.
    expect(shapeB(await h.call('POST', '/api/v1/data/tables', { json: { name: 'Old form', columns: [{ key: 'sku', name: 'SKU', type: 'text' }] } }), 422).code).toBe('VALIDATION_ERROR');
    expect(shapeB(await h.call('POST', '/api/v1/data/tables', { json: { name: 'No columns', columns: [] } }), 422).code).toBe('VALIDATION_ERROR');
    // The same name is free in another workspace.
    data(await h.call('POST', '/api/v1/data/tables', { tenant: 'globex', json: { name: 'Catalog', columns } }), 201);
  });

  it.each([
    [PRICE, 'abc', `records[1].${PRICE}`],
    [PRICE, '12', `records[1].${PRICE}`],
    [COVERED, 'yes', `records[1].${COVERED}`],
    [VALID_FROM, '2026-02-30', `records[1].${VALID_FROM}`],
    [VALID_FROM, '2026-03-29T00:00:00+01:00', `records[1].${VALID_FROM}`],
    [INFO, 'not a url', `records[1].${INFO}`],
    [INFO, 'ftp://files.example/x', `records[1].${INFO}`],
    [TREATMENT, 42, `records[1].${TREATMENT}`],
    ['Colour', 'blue', 'records[1].Colour'],
  ])('refuses %s = %j with 422 naming %s, and adds nothing', async (name, value, field) => {
    const error = shapeB(await add(PRICES, [{ [CODE]: 'OK', [PRICE]: 10 }, { [CODE]: 'BAD', [name]: value }]), 422);
    expect(error).toMatchObject({ code: 'VALIDATION_ERROR', field });
    expect((await table(PRICES)).record_count).toBe(3);
  });

  it('adds one record in the published form {record}, keyed by column name (a name in another case is the column)', async () => {
    const added = data<Row & { table_uuid: string; record_count: number }>(await h.call('POST', `/api/v1/data/${PRICES}/records`, { json: { record: { code: 'IMP', [PRICE]: 1899.99 } } }), 201);
    expect(added).toMatchObject({ table_uuid: PRICES, record_count: 4, created_at: '2026-12-01T10:30:00+01:00' });
    expect(added.values).toEqual({ [CODE]: 'IMP', [TREATMENT]: null, [PRICE]: 1899.99, [COVERED]: null, [VALID_FROM]: null, [INFO]: null, [DETAILS]: null });
    const { table_uuid: _t, record_count: _c, ...row } = added;
    expect(await recordOf(PRICES, added.uuid)).toEqual(row);
    expect(shapeB(await h.call('POST', `/api/v1/data/${PRICES}/records`, { json: { record: { [PRICE]: 'cheap' } } }), 422).field).toBe(`record.${PRICE}`);
    // Exactly one of record and records.
    shapeB(await h.call('POST', `/api/v1/data/${PRICES}/records`, { json: { record: { [CODE]: 'A' }, records: [{ [CODE]: 'B' }] } }), 422);
    expect((await table(PRICES)).record_count).toBe(4);
  });

  it('adds typed records (date kept as given whatever the zone, json any value, missing columns null)', async () => {
    const added = data<{ record_count: number; records: Row[] }>(
      await h.call('POST', `/api/v1/data/${PRICES}/records`, {
        headers: { 'x-timezone': 'Pacific/Kiritimati' },
        json: { records: [{ [CODE]: 'IMP', [TREATMENT]: 'Implant', [PRICE]: 1899.99, [COVERED]: false, [VALID_FROM]: '2026-03-29', [INFO]: 'https://www.acme-dental.example/implants', [DETAILS]: [1, 'two', { three: 3 }] }, { [CODE]: 'X' }] },
      }),
      201,
    );
    expect(added.record_count).toBe(5);
    expect(added.records[0]?.values).toEqual({ [CODE]: 'IMP', [TREATMENT]: 'Implant', [PRICE]: 1899.99, [COVERED]: false, [VALID_FROM]: '2026-03-29', [INFO]: 'https://www.acme-dental.example/implants', [DETAILS]: [1, 'two', { three: 3 }] });
    expect(added.records[1]?.values).toEqual({ [CODE]: 'X', [TREATMENT]: null, [PRICE]: null, [COVERED]: null, [VALID_FROM]: null, [INFO]: null, [DETAILS]: null });
    expect((await table(PRICES)).record_count).toBe(5);
    // Read back from the list: the stored date is the one given.
    expect((await recordOf(PRICES, added.records[0]?.uuid as string))?.values).toMatchObject({ [VALID_FROM]: '2026-03-29', [DETAILS]: [1, 'two', { three: 3 }] });
  });

  it('lists the records a page at a time, oldest first, in the published paged list', async () => {
    const all = await records(PRICES);
    expect(all).toMatchObject({ current_page: 1, last_page: 1, per_page: 15, total: 3 });
    expect(all.data.map((r) => r.uuid)).toEqual([CLEANING, WHITENING, '5b0e7c1a-2f4d-4a8e-9c3b-7d1e2f3a4c03']);
    expect(all.data[0]).toEqual({ uuid: CLEANING, values: expect.objectContaining({ [CODE]: 'PZR', [PRICE]: 95 }), created_at: '2026-02-10T09:00:00+01:00', updated_at: '2026-02-10T09:00:00+01:00' });
    const second = await records(PRICES, { page: '2', per_page: '2' });
    expect(second).toMatchObject({ current_page: 2, last_page: 2, per_page: 2, total: 3 });
    expect(second.data.map((r) => r.uuid)).toEqual(['5b0e7c1a-2f4d-4a8e-9c3b-7d1e2f3a4c03']);
    expect((await records(PRICES, { page: '3', per_page: '2' })).data).toEqual([]);
    expect(shapeB(await h.call('GET', `/api/v1/data/${PRICES}/records`, { query: { per_page: '101' } }), 422).code).toBe('VALIDATION_ERROR');
  });

  it('updates one record by its id in the path, merging {record} into it (null clears); 404 for a record of another table', async () => {
    await advance(60_000);
    const first = data<Row>(await h.call('PUT', `/api/v1/data/${PRICES}/records/${WHITENING}`, { json: { record: { [PRICE]: 299, [DETAILS]: null } } }), 200);
    expect(first).toMatchObject({ uuid: WHITENING, updated_at: '2026-12-01T10:31:00+01:00' });
    expect(first.values).toMatchObject({ [CODE]: 'BLE', [PRICE]: 299, [DETAILS]: null, [VALID_FROM]: '2026-03-01' });
    expect(await recordOf(PRICES, WHITENING)).toEqual(first);
    expect(shapeB(await h.call('PUT', `/api/v1/data/${PRICES}/records/${WHITENING}`, { json: { record: { [VALID_FROM]: '01/02/2026' } } }), 422).field).toBe(`record.${VALID_FROM}`);
    shapeB(await h.call('PUT', `/api/v1/data/${FAQ}/records/${WHITENING}`, { json: { record: { Answer: 'x' } } }), 404);
    shapeB(await h.call('PUT', `/api/v1/data/${PRICES}/records/${UNKNOWN}`, { json: { record: { [PRICE]: 1 } } }), 404);
    expect(shapeB(await h.call('PUT', `/api/v1/data/${PRICES}/records/not-a-uuid`, { json: { record: { [PRICE]: 1 } } }), 422).code).toBe('INVALID_UUID');
    expect((await recordOf(PRICES, WHITENING))?.values[PRICE]).toBe(299);
    expect((await table(PRICES)).updated_at).toBe('2026-12-01T10:31:00+01:00');
  });

  it('merges bulk updates into the stored records (null clears), visible to the next read', async () => {
    await advance(60_000);
    const first = data<{ records: Row[] }>(await update(PRICES, [{ uuid: WHITENING, values: { [PRICE]: 299, [DETAILS]: null } }]), 200);
    expect(first.records[0]?.values).toMatchObject({ [CODE]: 'BLE', [PRICE]: 299, [DETAILS]: null, [VALID_FROM]: '2026-03-01' });
    expect(first.records[0]?.updated_at).toBe('2026-12-01T10:31:00+01:00');
    const second = data<{ records: Row[] }>(await update(PRICES, [{ uuid: WHITENING, values: { [COVERED]: true } }]), 200);
    expect(second.records[0]?.values).toMatchObject({ [PRICE]: 299, [DETAILS]: null, [COVERED]: true });
    expect(await recordOf(PRICES, WHITENING)).toEqual(second.records[0]);
    expect((await table(PRICES)).updated_at).toBe('2026-12-01T10:31:00+01:00');
  });

  it('changes nothing when one record of a bulk update is unknown (404), named twice or mistyped (422)', async () => {
    shapeB(await update(PRICES, [{ uuid: WHITENING, values: { [PRICE]: 1 } }, { uuid: UNKNOWN, values: { [PRICE]: 2 } }]), 404);
    expect(shapeB(await update(PRICES, [{ uuid: WHITENING, values: { [PRICE]: 1 } }, { uuid: WHITENING, values: { [PRICE]: 2 } }]), 422).field).toBe('records[1].uuid');
    expect(shapeB(await update(PRICES, [{ uuid: WHITENING, values: { [PRICE]: 1 } }, { uuid: CLEANING, values: { [VALID_FROM]: '01/02/2026' } }]), 422).field).toBe(`records[1].values.${VALID_FROM}`);
    // A record of another table is not in this one.
    shapeB(await update(FAQ, [{ uuid: WHITENING, values: { Answer: 'x' } }]), 404);
    expect((await recordOf(PRICES, WHITENING))?.values[PRICE]).toBe(349.5);
  });

  it('deletes named records, all or nothing; a retry answers 404', async () => {
    shapeB(await h.call('DELETE', `/api/v1/data/${PRICES}/records`, { query: { uuids: `${CLEANING},${UNKNOWN}` } }), 404);
    expect((await table(PRICES)).record_count).toBe(3);
    const deleted = data<{ deleted_uuids: string[]; record_count: number }>(await h.call('DELETE', `/api/v1/data/${PRICES}/records`, { query: { uuids: `${CLEANING},${WHITENING}` } }), 200);
    expect(deleted).toMatchObject({ deleted_uuids: [CLEANING, WHITENING], record_count: 1 });
    expect((await table(PRICES)).record_count).toBe(1);
    shapeB(await h.call('DELETE', `/api/v1/data/${PRICES}/records`, { query: { uuids: CLEANING } }), 404);
    shapeB(await update(PRICES, [{ uuid: CLEANING, values: { [PRICE]: 1 } }]), 404);
  });

  it('deletes one record by its id in the path; a retry, or a record of another table, answers 404', async () => {
    shapeB(await h.call('DELETE', `/api/v1/data/${FAQ}/records/${CLEANING}`), 404);
    const deleted = data<{ table_uuid: string; deleted_uuids: string[]; record_count: number }>(await h.call('DELETE', `/api/v1/data/${PRICES}/records/${CLEANING}`), 200);
    expect(deleted).toEqual({ table_uuid: PRICES, deleted_uuids: [CLEANING], record_count: 2 });
    expect((await records(PRICES)).data.map((r) => r.uuid)).not.toContain(CLEANING);
    shapeB(await h.call('DELETE', `/api/v1/data/${PRICES}/records/${CLEANING}`), 404);
    expect((await table(PRICES)).record_count).toBe(2);
  });
});

describe('data tables: imports as jobs on the clock', () => {
  it('parses pasted text into a new typed table: queued, processing, completed, then the records are there', async () => {
    const text = 'SKU;Price;In stock;Launched;Page\n"A;1";9.50;true;2026-01-02;https://shop.example/a\nB-2;12;false;2026-02-03;https://shop.example/b\n';
    const started = data<Job>(await h.call('POST', '/api/v1/data/import/copypaste', { json: { name: 'Pasted', data: text } }), 201);
    expect(started).toMatchObject({ status: 'queued', records_imported: 0, completed_at: null, source: { type: 'copypaste', delimiter: 'auto' } });
    const fields = data<Table['columns']>(await h.call('GET', `/api/v1/data/${started.table_uuid}/fields`), 200);
    expect(fields.map((c) => `${c.name}:${c.data_type}`)).toEqual(['SKU:text', 'Price:number', 'In stock:boolean', 'Launched:date', 'Page:url']);
    expect((await table(started.table_uuid)).record_count).toBe(0);
    await advance(1_000);
    expect((await job(started.uuid)).status).toBe('processing');
    expect((await table(started.table_uuid)).record_count).toBe(0);
    await advance(3_000);
    expect(await job(started.uuid)).toMatchObject({ status: 'completed', records_imported: 2, error: null, completed_at: '2026-12-01T10:30:04+01:00' });
    expect((await table(started.table_uuid)).record_count).toBe(2);
    const rows = await records(started.table_uuid);
    expect(rows.data.map((r) => r.values)).toEqual([
      { SKU: 'A;1', Price: 9.5, 'In stock': true, Launched: '2026-01-02', Page: 'https://shop.example/a' },
      { SKU: 'B-2', Price: 12, 'In stock': false, Launched: '2026-02-03', Page: 'https://shop.example/b' },
    ]);
    expect(rows.data[0]?.created_at).toBe('2026-12-01T10:30:04+01:00');
  });

  it('reads plain pasted text, as the n8n node sends it ({name, data, description}), into passages of a new table', async () => {
    const text = 'Returns are accepted within 30 days.\n\nSale items can be exchanged\nbut not refunded.\n';
    const started = data<Job>(await h.call('POST', '/api/v1/data/import/copypaste', { json: { name: 'Store policies', data: text, description: 'Return rules' } }), 201);
    const created = await table(started.table_uuid);
    expect(created).toMatchObject({ name: 'Store policies', description: 'Return rules', type: 'custom_table', record_count: 0 });
    expect(created.columns.map((c) => `${c.name}:${c.data_type}`)).toEqual(['content:text', 'position:number']);
    await advance(4_000);
    expect(await job(started.uuid)).toMatchObject({ status: 'completed', records_imported: 2 });
    expect((await records(started.table_uuid)).data.map((r) => r.values)).toEqual([
      { content: 'Returns are accepted within 30 days.', position: 1 },
      { content: 'Sale items can be exchanged but not refunded.', position: 2 },
    ]);
    // Exactly one of data and text, and one of name and table_uuid.
    shapeB(await h.call('POST', '/api/v1/data/import/copypaste', { json: { name: 'Both', data: 'x', text: 'y' } }), 422);
    shapeB(await h.call('POST', '/api/v1/data/import/copypaste', { json: { name: 'Neither' } }), 422);
    shapeB(await h.call('POST', '/api/v1/data/import/copypaste', { json: { data: 'no target' } }), 422);
  });

  it('appends tab-separated rows to an existing table by column name (any case); a row that does not fit fails the job and writes nothing', async () => {
    const ok = data<Job>(await h.call('POST', '/api/v1/data/import/copypaste', { json: { table_uuid: PRICES, text: 'code\tPrice (EUR)\nRX\t80\nRY\t\n', delimiter: 'tab' } }), 201);
    const bad = data<Job>(await h.call('POST', '/api/v1/data/import/copypaste', { json: { table_uuid: PRICES, data: 'code,price (eur)\nRZ,80\nRW,eighty\n' } }), 201);
    await advance(4_000);
    expect(await job(ok.uuid)).toMatchObject({ status: 'completed', records_imported: 2 });
    expect(await job(bad.uuid)).toMatchObject({ status: 'failed', records_imported: 0, error: 'Row 3, column Price (EUR): "eighty" is not a number.' });
    expect((await table(PRICES)).record_count).toBe(5);
    const header = shapeB(await h.call('POST', '/api/v1/data/import/copypaste', { json: { table_uuid: PRICES, text: 'code,colour\nA,red\n' } }), 422);
    expect(header.field).toBe('text');
    shapeB(await h.call('POST', '/api/v1/data/import/copypaste', { json: { name: 'aftercare faq', text: 'a\n1\n' } }), 409);
  });

  it('maps header-less rows onto the columns in order; a row with more cells than columns fails; jobs are per workspace', async () => {
    const ok = data<Job>(await h.call('POST', '/api/v1/data/import/copypaste', { json: { table_uuid: FAQ, text: 'Q1?,A1.\n"Q2, really?",A2.\n', has_header: false } }), 201);
    const long = data<Job>(await h.call('POST', '/api/v1/data/import/copypaste', { json: { table_uuid: FAQ, text: 'Q?,A.,extra\n', has_header: false } }), 201);
    expect(shapeB(await h.call('POST', '/api/v1/data/import/copypaste', { json: { name: 'No header', text: 'a,b\n', has_header: false } }), 422).field).toBe('has_header');
    await advance(4_000);
    expect(await job(ok.uuid)).toMatchObject({ status: 'completed', records_imported: 2 });
    expect(await job(long.uuid)).toMatchObject({ status: 'failed', error: 'Row 1 has 3 cells; the table takes 2.' });
    expect((await table(FAQ)).record_count).toBe(4);
    shapeB(await h.call('GET', `/api/v1/data/import/${ok.uuid}`, { tenant: 'globex' }), 404);
  });

  it('replace mode clears the table when the job starts processing', async () => {
    const started = data<Job>(await h.call('POST', '/api/v1/data/import/copypaste', { json: { table_uuid: FAQ, text: 'question,answer\nQ?,A.\n', mode: 'replace' } }), 201);
    expect((await table(FAQ)).record_count).toBe(2);
    await advance(1_000);
    expect((await table(FAQ)).record_count).toBe(0);
    await advance(3_000);
    expect((await job(started.uuid)).status).toBe('completed');
    expect((await table(FAQ)).record_count).toBe(1);
  });

  it('imports CSV, JSON and XML files from their content, PDFs as passages, and fails an Excel workbook', async () => {
    const b64 = (s: string) => Buffer.from(s).toString('base64');
    const start = async (body: Json) => data<Job>(await h.call('POST', '/api/v1/data/import/file', { json: body }), 201);
    const csv = await start({ table_uuid: PRICES, format: 'csv', filename: 'p.csv', content: b64('Code,Price (EUR)\nC1,1\nC2,2\nC3,3\n') });
    const json = await start({ name: 'From JSON', format: 'json', filename: 'x.json', content: b64(JSON.stringify([{ city: 'Berlin', staff: 12 }, { city: 'Hamburg', staff: 7, open: true }])) });
    const xml = await start({ name: 'From XML', format: 'xml', filename: 'x.xml', content: b64('<?xml version="1.0"?><stores><store><city>Köln</city><staff>4</staff></store><store><city>Bonn &amp; Umland</city><staff>2</staff></store></stores>') });
    const pdf = await start({ name: 'From PDF', format: 'pdf', url: 'https://cdn.example/docs/terms.pdf' });
    const excel = await start({ name: 'From Excel', format: 'excel', filename: 'x.xlsx', content: b64('PK\u0003\u0004binary') });
    await advance(4_000);
    expect(await job(csv.uuid)).toMatchObject({ status: 'completed', records_imported: 3 });
    expect(await job(json.uuid)).toMatchObject({ status: 'completed', records_imported: 2 });
    expect(await job(xml.uuid)).toMatchObject({ status: 'completed', records_imported: 2 });
    expect((await job(excel.uuid)).status).toBe('failed');
    expect((await table(PRICES)).record_count).toBe(6);
    const jsonFields = data<Table['columns']>(await h.call('GET', `/api/v1/data/${json.table_uuid}/fields`), 200);
    expect(jsonFields.map((c) => `${c.name}:${c.data_type}`)).toEqual(['city:text', 'staff:number', 'open:boolean']);
    const pdfJob = await job(pdf.uuid);
    expect(pdfJob.status).toBe('completed');
    expect(pdfJob.records_imported).toBeGreaterThan(0);
    // Deterministic: the same request gives the same records.
    const again = await start({ name: 'From PDF again', format: 'pdf', url: 'https://cdn.example/docs/terms.pdf' });
    await advance(4_000);
    expect((await job(again.uuid)).records_imported).toBe(pdfJob.records_imported);
    expect(data<Table['columns']>(await h.call('GET', `/api/v1/data/${pdf.table_uuid}/fields`), 200).map((c) => c.name)).toEqual(['content', 'position']);
    expect(shapeB(await h.call('POST', '/api/v1/data/import/file', { json: { table_uuid: FAQ, format: 'pdf', url: 'https://cdn.example/a.pdf' } }), 422).field).toBe('table_uuid');
  });

  it('crawls a website into one record per page, up to max_pages; an unreachable host fails', async () => {
    const site = data<Job>(await h.call('POST', '/api/v1/data/import/website', { json: { name: 'Help', url: 'https://help.acme-dental.example/', depth: 1, max_pages: 10 } }), 201);
    const capped = data<Job>(await h.call('POST', '/api/v1/data/import/website', { json: { name: 'Help capped', url: 'https://help.acme-dental.example/', depth: 3, max_pages: 5 } }), 201);
    const down = data<Job>(await h.call('POST', '/api/v1/data/import/website', { json: { name: 'Down', url: 'https://down.invalid/' } }), 201);
    await advance(4_000);
    expect(await job(site.uuid)).toMatchObject({ status: 'completed', records_imported: 4 });
    expect(await job(capped.uuid)).toMatchObject({ status: 'completed', records_imported: 5 });
    expect(await job(down.uuid)).toMatchObject({ status: 'failed', records_imported: 0, error: 'The start page https://down.invalid/ could not be reached.' });
    expect((await table(site.table_uuid)).record_count).toBe(4);
    expect((await table(down.table_uuid)).record_count).toBe(0);
  });
});

describe('data tables: assignment and sync', () => {
  it('assigns to a known agent only (404 otherwise, nothing changed) and syncs on the clock', async () => {
    expect(shapeB(await h.call('POST', `/api/v1/data/${FAQ}/sync`), 409).code).toBe('CONFLICT');
    shapeB(await h.call('POST', `/api/v1/data/${FAQ}/assign`, { json: { agent_uuid: UNKNOWN, mode: 'knowledge_base' } }), 404);
    shapeB(await h.call('POST', `/api/v1/data/${FAQ}/assign`, { json: { agent_uuid: GLOBEX_AGENT, mode: 'knowledge_base' } }), 404);
    expect((await table(FAQ)).assignment).toBeNull();
    const assigned = data<Table>(await h.call('POST', `/api/v1/data/${FAQ}/assign`, { json: { agent_uuid: RECALL, mode: 'knowledge_base' } }), 200);
    expect(assigned.assignment).toEqual({ agent_uuid: RECALL, mode: 'knowledge_base', assigned_at: '2026-12-01T10:30:00+01:00', last_sync: null });
    expect((await table(FAQ)).assignment).toEqual(assigned.assignment);
    const sync = data<Json>(await h.call('POST', `/api/v1/data/${FAQ}/sync`), 201);
    expect(sync).toMatchObject({ table_uuid: FAQ, agent_uuid: RECALL, status: 'queued', records_indexed: 0, completed_at: null });
    expect(shapeB(await h.call('POST', `/api/v1/data/${FAQ}/sync`), 409).code).toBe('CONFLICT');
    await advance(4_000);
    expect((await table(FAQ)).assignment?.last_sync).toMatchObject({ uuid: sync.uuid, status: 'completed', records_indexed: 2, completed_at: '2026-12-01T10:30:04+01:00' });
    // Re-assigning to the same agent keeps the last sync; another agent clears it.
    expect((data<Table>(await h.call('POST', `/api/v1/data/${FAQ}/assign`, { json: { agent_uuid: RECALL, mode: 'lookup' } }), 200)).assignment?.last_sync).toMatchObject({ uuid: sync.uuid });
    expect((data<Table>(await h.call('POST', `/api/v1/data/${FAQ}/assign`, { json: { agent_uuid: RECEPTION, mode: 'lookup' } }), 200)).assignment?.last_sync).toBeNull();
  });

  it('assigns with the published body {agent_uuid} alone, as a knowledge base', async () => {
    const assigned = data<Table>(await h.call('POST', `/api/v1/data/${FAQ}/assign`, { json: { agent_uuid: RECALL } }), 200);
    expect(assigned.assignment).toMatchObject({ agent_uuid: RECALL, mode: 'knowledge_base', last_sync: null });
    expect(shapeB(await h.call('POST', `/api/v1/data/${FAQ}/assign`, { json: { agent_uuid: RECALL, mode: 'index' } }), 422).code).toBe('VALIDATION_ERROR');
    expect(shapeB(await h.call('POST', `/api/v1/data/${FAQ}/assign`, { json: { mode: 'lookup' } }), 422).code).toBe('VALIDATION_ERROR');
  });
});

describe('data tables: the data-table-update-ignored fault', () => {
  it('answers the update but stores nothing, which the next read shows', async () => {
    expect((await h.control('PUT', '/faults', { faults: ['data-table-update-ignored'] })).status).toBe(200);
    const answered = data<{ records: Row[] }>(await update(PRICES, [{ uuid: WHITENING, values: { [PRICE]: 1 } }]), 200);
    expect(answered.records[0]?.values[PRICE]).toBe(1);
    const one = data<Row>(await h.call('PUT', `/api/v1/data/${PRICES}/records/${WHITENING}`, { json: { record: { [PRICE]: 2 } } }), 200);
    expect(one.values[PRICE]).toBe(2);
    expect((await recordOf(PRICES, WHITENING))?.values[PRICE]).toBe(349.5);
  });
});
