// The contract's own request examples, live: for every operation, the request Swagger UI's "Try it
// out" prefills (each path parameter's example, the query parameters that carry an example, the
// required headers) is sent once with each request body example (or with none, when the operation
// takes no JSON body) to a mock freshly reset to the demo fixtures, as tenant acme with its
// all-permissions token, and must answer one of the operation's documented 2xx statuses. The
// examples' ids, numbers and emails are therefore the demo workspace's (fixtures/demo/acme.json).
//
// NOT_LIVE names the example requests (by test label) that cannot succeed on a fresh workspace by
// their nature, with the reason; NOT_YET_LIVE those whose example still names content the demo
// fixtures lack, left to fix. The test checks that each listed request really does not succeed, so
// an entry cannot outlive its reason.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JsonObject, ParameterObject } from '../../contract/openapi-types.ts';
import type { ContractOperation } from '../../contract/operations.ts';
import { getAtPointer } from '../../contract/pointer.ts';
import { contract, contractOperations } from '../support/contract.ts';
import { type Harness, startHarness } from '../support/harness.ts';
import { parameterExample, requestBodyExamples } from '../support/samples.ts';

/** Example requests that cannot answer 2xx on a fresh demo workspace by their nature, and why. */
const NOT_LIVE: Readonly<Record<string, string>> = {
  getAgentFromWebsiteJob: 'a website job exists only after POST /api/v1/agents/from-website starts one',
  getDataImportJob: 'an import job exists only after an import starts',
  getEvaluation: "an evaluation's uuid is derived from its session's instants, so no fixed id names one",
  createAgentIntent: 'a second create of the same key: the demo agent already has the intent the example creates',
  'execBuilderCommand (body example 1)': 'commands run only in a running app; the demo apps are stopped until started',
  'execBuilderCommand (body example 2)': 'commands run only in a running app; the demo apps are stopped until started',
  stopBuilder: 'stop needs a running app; the demo apps are stopped until started',
  deployFlow: 'a flow deploys once its steps are tested; the demo flows are drafts',
  'testFlowStep (body example 2)': "this example tests against the trigger's recorded samples, and a fresh workspace has none",
  unsubscribeWebhook: 'unsubscribing needs a subscription made by POST /api/v1/webhooks first',
  'replyToConversation (body example 3)': 'the example shows a per-user token request (no user_email); the test sends a workspace token',
  'replyToMessengerConversation (body example 2)': 'the example shows a per-user token request (no user_email); the test sends a workspace token',
};

/** Example requests that still name content the demo fixtures lack: to fix in spec/paths. */
const NOT_YET_LIVE: Readonly<Record<string, string>> = {
  answerBuilderAgentQuestions: 'the example builder agent is deployed, not asking questions',
  approveBuilderAgent: 'the example builder agent is deployed, not awaiting approval',
  getBuilderLogs: "the example `since` cursor is not one of the demo app's log cursors",
  'replyToConversation (body example 1)': 'the example conversation is SMS, and the example sends a file',
  'replyToConversation (body example 2)': 'the example conversation is SMS, and the example sends a file',
  updateDataTableRecords: "the example's columns are not the demo table's",
  'addDataTableRecords (body example 1)': "the example's columns are not the demo table's",
  'addDataTableRecords (body example 2)': "the example's columns are not the demo table's",
  updateDataTableRecord: "the example's columns are not the demo table's",
  'importDataFromText (body example 3)': "the example's header cells are not the demo table's columns",
  'importDataFromFile (body example 1)': "the example's header cells are not the demo table's columns",
  exportAnalyticsMessages: "the example's filters and cursor do not match the demo messages",
  purchasePhoneNumber: 'the example number is not one the number search offers',
  retryTask: 'the example task is pending; retry needs a failed one',
};

interface ExampleRequest {
  label: string;
  operationId: string;
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: unknown;
  /** The operation's documented success statuses. */
  success: number[];
}

/** A schema, following references. */
function resolved(schema: unknown): JsonObject | undefined {
  let current = schema as JsonObject | undefined;
  for (let i = 0; i < 10 && current && typeof current.$ref === 'string'; i++) current = getAtPointer(contract, current.$ref) as JsonObject | undefined;
  return current;
}

function text(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  return Array.isArray(value) ? value.map(String).join(',') : String(value);
}

/**
 * The value Swagger UI prefills for a parameter: its example, its first named example, its schema's
 * example or default. Undefined when it has none (the field stays empty and is not sent).
 */
function prefilled(param: ParameterObject): string | undefined {
  const schema = resolved(param.schema);
  const named = param.examples === undefined ? undefined : resolved(Object.values(param.examples as Record<string, unknown>)[0]);
  return text(param.example ?? named?.value ?? schema?.example ?? schema?.default);
}

function exampleRequests(op: ContractOperation): ExampleRequest[] {
  let path = op.path;
  const query: Record<string, string> = {};
  const headers: Record<string, string> = {};
  for (const { value: param } of op.parameters) {
    const example = prefilled(param) ?? (param.required === true ? parameterExample(param) : undefined);
    if (example === undefined) {
      if (param.required === true) throw new Error(`${op.operationId}: required ${param.in} parameter ${param.name} has no example`);
      continue;
    }
    if (param.in === 'path') path = path.replace(`{${param.name}}`, encodeURIComponent(example));
    else if (param.in === 'query') query[param.name] = example;
    else if (param.in === 'header' && param.required === true) headers[param.name.toLowerCase()] = example;
  }
  const success = [...op.responses.keys()].map(Number).filter((status) => status >= 200 && status < 300);
  const bodies = requestBodyExamples(op);
  const base = { operationId: op.operationId, method: op.method.toUpperCase(), path, query, headers, success };
  if (bodies.length === 0) return [{ ...base, label: op.operationId, body: undefined }];
  return bodies.map((body, index) => ({ ...base, label: bodies.length === 1 ? op.operationId : `${op.operationId} (body example ${index + 1})`, body }));
}

const requests = contractOperations.flatMap(exampleRequests);

describe("the contract's request examples against a fresh demo mock", () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness('http');
  });
  afterAll(async () => {
    await harness?.close();
  });

  async function send(request: ExampleRequest): Promise<{ status: number; detail: string }> {
    await harness.control('POST', '/reset');
    const reply = await harness.call(request.method, request.path, {
      query: request.query,
      headers: request.headers,
      ...(request.body === undefined ? {} : { json: request.body }),
    });
    const query = new URLSearchParams(request.query).toString();
    return { status: reply.status, detail: `${request.method} ${request.path}${query === '' ? '' : `?${query}`} → ${reply.status} ${reply.text.slice(0, 400)}` };
  }

  it('covers every operation of the contract, each with a documented success status', () => {
    expect(new Set(requests.map((r) => r.operationId)).size).toBe(contractOperations.length);
    for (const request of requests) expect(request.success.length, request.operationId).toBeGreaterThan(0);
    const labels = new Set(requests.map((r) => r.label));
    for (const label of [...Object.keys(NOT_LIVE), ...Object.keys(NOT_YET_LIVE)]) expect(labels.has(label), label).toBe(true);
  });

  for (const request of requests) {
    const reason = NOT_LIVE[request.label] ?? NOT_YET_LIVE[request.label];
    if (reason === undefined) {
      it(`${request.label}: answers ${request.success.join(' or ')}`, async () => {
        const { status, detail } = await send(request);
        expect(request.success, detail).toContain(status);
      });
    } else {
      it(`${request.label}: does not succeed yet (${reason})`, async () => {
        const { status, detail } = await send(request);
        expect(request.success, detail).not.toContain(status);
      });
    }
  }
});
