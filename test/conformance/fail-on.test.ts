// The run's threshold (--fail-on): behind a proxy that drops `current_page` from a paged list's
// answers (a published part: the published API's paged list), the default threshold fails the
// run on it, and `--fail-on documented` turns the same finding into a warning (exit 0).
import { afterAll, describe, expect, it } from 'vitest';
import { valueAt } from '../../conformance/contract/fields.ts';
import { loadSuiteContract } from '../../conformance/contract/load.ts';
import type { SuiteOperation } from '../../conformance/contract/operation.ts';
import { CLI_TEST_MS, type CliRun, runCli } from './run-cli.ts';
import { type RewritingProxy, rewritingProxy } from './rewriting-proxy.ts';

const started: RewritingProxy[] = [];

afterAll(async () => {
  for (const proxy of started) await proxy.stop();
});

/** The first list read with no required parameter whose current page is a published part. */
function publishedPagedList(): { op: SuiteOperation; currentPage: string[] } | undefined {
  for (const op of loadSuiteContract().operations) {
    if (op.method !== 'GET' || op.parameters.some((p) => p.in === 'path' || p.required)) continue;
    const response = op.responses.get(200);
    const currentPage = response?.fields?.list()?.currentPage;
    if (currentPage && response.labelAt(currentPage) === 'published') return { op, currentPage };
  }
  return undefined;
}

const target = publishedPagedList();

async function runWithoutCurrentPage(extra: string[]): Promise<CliRun> {
  if (!target) throw new Error('the contract has no paged list whose current_page is published');
  const { op, currentPage } = target;
  const parent = currentPage.slice(0, -1);
  const proxy = await rewritingProxy((exchanged, body) => {
    const holder = valueAt(body, parent);
    if (exchanged.method === op.method && exchanged.path === op.path && holder && typeof holder === 'object') {
      delete (holder as Record<string, unknown>)[currentPage[currentPage.length - 1] as string];
    }
    return body;
  });
  started.push(proxy);
  return runCli([
    '--base-url',
    proxy.url,
    '--token',
    proxy.token,
    '--parts',
    'operations',
    '--only',
    `${op.operationId}: contract examples$`,
    '--rate',
    '0',
    '--profile',
    'quick',
    '--seed',
    '7',
    ...extra,
  ]);
}

/** The distinct (operation, label) pairs of the schema findings: each example request of the list may meet the same drop. */
function schemaFindings(findings: Array<{ check: string; operationId: string | undefined; label?: string }>): string[] {
  return [...new Set(findings.filter((f) => f.check === 'response-schema').map((f) => `${f.operationId} ${f.label}`))];
}

describe.concurrent('--fail-on', () => {
  it('precondition: the contract has a paged list whose current_page is published', () => {
    expect(target?.op.operationId).toBeDefined();
  });

  it('fails the run on a published part by default', async () => {
    const run = await runWithoutCurrentPage([]);
    const report = run.report;
    expect(report, run.output.slice(-3000)).toBeDefined();
    if (!report) return;
    expect(report.target.failOn).toBe('published');
    expect(schemaFindings(report.failures)).toEqual([`${target?.op.operationId} published`]);
    expect(report.failures.every((f) => f.check === 'response-schema')).toBe(true);
    expect(report.verdict).toBe('fail');
    expect(run.code).toBe(1);
  }, CLI_TEST_MS);

  it('turns the same finding into a warning with --fail-on documented', async () => {
    const run = await runWithoutCurrentPage(['--fail-on', 'documented']);
    const report = run.report;
    expect(report, run.output.slice(-3000)).toBeDefined();
    if (!report) return;
    expect(report.target.failOn).toBe('documented');
    expect(report.failures).toEqual([]);
    expect(schemaFindings(report.warnings)).toEqual([`${target?.op.operationId} published`]);
    expect(report.warnings[0]?.message).toContain('current_page');
    expect(report.inconclusive).toEqual([]);
    expect(report.verdict).toBe('pass');
    expect(run.code).toBe(0);
  }, CLI_TEST_MS);
});
