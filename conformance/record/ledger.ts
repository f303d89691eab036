// The run's ledger of writes. The suite's HTTP client (http/client.ts) writes down every request
// that may change the target (any method but GET, HEAD and OPTIONS) before it is sent and again
// once answered, with what it did: created a resource (its id, and the DELETE that undoes it),
// changed one, deleted one, restored one it had changed (a write-back, with the fields a read after
// it still shows different), or sent something no id names. Each process appends to its own
// `ledger-<pid>.jsonl` in the run directory, one JSON line per event and synchronously, so a run
// stopped at any moment leaves a readable ledger. The CLI reads every process's file, undoes what
// is still outstanding (run/undo.ts), and every report shows the summary: what the run created,
// changed, deleted and restored, with ids, and what it could not undo.
import { appendFileSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readField } from '../contract/fields.ts';
import type { SuiteContract } from '../contract/load.ts';
import type { SuiteOperation } from '../contract/operation.ts';
import { pairedDelete } from '../run/modes.ts';
import { RUN_DIR_ENV } from '../target/target.ts';

export type LedgerAction = 'created' | 'changed' | 'deleted' | 'restored' | 'sent';
export type LedgerActor = 'suite' | 'undo';

/** One line of a ledger file: a write about to be sent, or its answer. */
export interface LedgerLine {
  /** `<pid>:<n>`: the same on a write's `sending` and `answered` lines. */
  key: string;
  stage: 'sending' | 'answered';
  at: string;
  by: LedgerActor;
  method: string;
  /** The path sent, ids filled in. */
  path: string;
  operationId: string;
  /** The answer's status; absent on `sending` and when no answer came. */
  status?: number;
  /** What a 2xx answer did. */
  action?: LedgerAction;
  /** The created resource's id, else the last id of the path. */
  id?: string;
  /** For a creation: the DELETE that undoes it. */
  undo?: { operationId: string; path: string; pathParams: Record<string, string> };
  /** For a restore: the fields the read after the write-back shows different from before. */
  differs?: string[];
}

/** One entry of the report's ledger. */
export interface LedgerItem {
  operationId: string;
  method: string;
  path: string;
  id?: string;
  status?: number;
  by: LedgerActor;
  note?: string;
}

export interface LedgerReport {
  /** Writes sent (any answer). */
  writes: number;
  created: LedgerItem[];
  changed: LedgerItem[];
  deleted: LedgerItem[];
  restored: LedgerItem[];
  /** What the run could not undo, each with why. */
  left: LedgerItem[];
  /** The signal that stopped the run, when one did. */
  interrupted?: string;
}

export const LEDGER_PREFIX = 'ledger-';
/** Written to the run directory when the run is stopped: workers send nothing more. */
export const STOP_FILE = 'stop-requested';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isWrite(method: string): boolean {
  return !READS.has(method.toUpperCase());
}

export class Ledger {
  private seq = 0;
  private open = 0;
  /** Who sends the writes this process records: the suite, or the CLI undoing what it left. */
  by: LedgerActor = 'suite';
  private readonly dir: () => string | undefined;

  constructor(dir: () => string | undefined) {
    this.dir = dir;
  }

  /** Writes sent and not answered yet. */
  get inFlight(): number {
    return this.open;
  }

  /** Whether the run was stopped (the CLI wrote the stop file): the suite sends nothing more. */
  stopRequested(): boolean {
    const dir = this.dir();
    return this.by === 'suite' && dir !== undefined && existsSync(join(dir, STOP_FILE));
  }

  sending(op: SuiteOperation, path: string): string {
    this.seq++;
    this.open++;
    const key = `${process.pid}:${this.seq}`;
    this.write({ key, stage: 'sending', at: new Date().toISOString(), by: this.by, method: op.method, path, operationId: op.operationId });
    return key;
  }

  answered(key: string, op: SuiteOperation, path: string, outcome: Pick<LedgerLine, 'status' | 'action' | 'id' | 'undo' | 'differs'>): void {
    this.open = Math.max(0, this.open - 1);
    this.write({ key, stage: 'answered', at: new Date().toISOString(), by: this.by, method: op.method, path, operationId: op.operationId, ...outcome });
  }

  private write(line: LedgerLine): void {
    const dir = this.dir();
    if (dir === undefined) return;
    try {
      appendFileSync(join(dir, `${LEDGER_PREFIX}${process.pid}.jsonl`), `${JSON.stringify(line)}\n`);
    } catch {
      // The run directory is gone (the run has ended).
    }
  }
}

export const ledger = new Ledger(() => process.env[RUN_DIR_ENV]);

function lastPathId(op: SuiteOperation, pathParams: Record<string, string> | undefined): string | undefined {
  const names = [...op.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] as string);
  const last = names[names.length - 1];
  return last === undefined ? undefined : pathParams?.[last];
}

/** What a write answered with `status` did (nothing unless 2xx). */
export function writeOutcome(
  contract: SuiteContract,
  op: SuiteOperation,
  pathParams: Record<string, string> | undefined,
  path: string,
  status: number,
  body: unknown,
): Pick<LedgerLine, 'action' | 'id' | 'undo'> {
  if (status < 200 || status >= 300) return {};
  const id = lastPathId(op, pathParams);
  if (op.method === 'DELETE') return { action: 'deleted', ...(id !== undefined ? { id } : {}) };
  if (op.method === 'POST') {
    const uuid = readField(op, status, body, 'uuid');
    const created = uuid.ok && typeof uuid.value === 'string' && !Object.values(pathParams ?? {}).includes(uuid.value) ? uuid.value : undefined;
    if (created !== undefined) {
      const remove = pairedDelete(contract, op);
      const undo = remove ? { operationId: remove.operationId, path: `${path}/${encodeURIComponent(created)}`, pathParams: { ...pathParams, uuid: created } } : undefined;
      return { action: 'created', id: created, ...(undo ? { undo } : {}) };
    }
  }
  return id !== undefined ? { action: 'changed', id } : { action: 'sent' };
}

/** The top-level fields whose values differ between two readings of a resource (an envelope's `data` unwrapped). */
export function differingFields(before: unknown, after: unknown): string[] {
  const a = unwrap(before);
  const b = unwrap(after);
  if (!a || !b) return ['(the resource could not be read)'];
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k])).sort();
}

function unwrap(value: unknown): Record<string, unknown> | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const o = value as Record<string, unknown>;
  const data = o.data;
  return data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : o;
}

/** Every ledger line the run's processes wrote, oldest first (a line cut off by a killed process is skipped). */
export function readLedger(dir: string): LedgerLine[] {
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.startsWith(LEDGER_PREFIX) && n.endsWith('.jsonl'));
  } catch {
    return [];
  }
  const lines: LedgerLine[] = [];
  for (const name of names.sort()) {
    let text: string;
    try {
      text = readFileSync(join(dir, name), 'utf8');
    } catch {
      continue;
    }
    for (const raw of text.split('\n')) {
      if (raw.trim() === '') continue;
      try {
        lines.push(JSON.parse(raw) as LedgerLine);
      } catch {
        // A line cut off by a process that was killed while writing it.
      }
    }
  }
  return lines.sort((x, y) => x.at.localeCompare(y.at));
}

function isGone(lines: readonly LedgerLine[], path: string): boolean {
  return lines.some((l) => l.stage === 'answered' && l.method === 'DELETE' && l.path === path && l.status !== undefined && ((l.status >= 200 && l.status < 300) || l.status === 404 || l.status === 410));
}

/** Creations the ledger shows with a DELETE to undo them and no successful delete yet. */
export function outstandingCreations(lines: readonly LedgerLine[]): LedgerLine[] {
  return lines.filter((l) => l.stage === 'answered' && l.action === 'created' && l.undo !== undefined && !isGone(lines, l.undo.path));
}

function item(line: LedgerLine, note?: string): LedgerItem {
  return {
    operationId: line.operationId,
    method: line.method,
    path: line.path,
    ...(line.id !== undefined ? { id: line.id } : {}),
    ...(line.status !== undefined ? { status: line.status } : {}),
    by: line.by,
    ...(note !== undefined ? { note } : {}),
  };
}

/** The report's ledger: what the run created, changed, deleted and restored, and what is left. */
export function summarizeLedger(lines: readonly LedgerLine[], interrupted?: string): LedgerReport {
  const answered = lines.filter((l) => l.stage === 'answered');
  const answeredKeys = new Set(answered.map((l) => l.key));
  const createdIds = new Set(answered.filter((l) => l.action === 'created' && l.id !== undefined).map((l) => l.id as string));
  const report: LedgerReport = {
    writes: lines.filter((l) => l.stage === 'sending').length,
    created: [],
    changed: [],
    deleted: [],
    restored: [],
    left: [],
    ...(interrupted ? { interrupted } : {}),
  };
  for (const l of lines) if (l.stage === 'sending' && !answeredKeys.has(l.key)) report.left.push(item(l, 'no answer before the run stopped: it may have applied'));
  for (const l of answered) {
    switch (l.action) {
      case 'created': {
        const undone = l.undo !== undefined && isGone(answered, l.undo.path);
        report.created.push(item(l, undone ? `deleted again (${l.undo?.operationId})` : undefined));
        if (!undone) report.left.push(item(l, l.undo ? `still there: ${l.undo.operationId} did not delete it` : 'still there: the contract has no delete for it'));
        break;
      }
      case 'deleted': {
        const own = l.id !== undefined && createdIds.has(l.id);
        report.deleted.push(item(l, own ? 'created by this run' : 'not created by this run'));
        if (!own) report.left.push(item(l, 'deleted a resource the run did not create: it cannot be undone'));
        break;
      }
      case 'changed': {
        const own = l.id !== undefined && createdIds.has(l.id);
        report.changed.push(item(l, own ? 'created by this run' : undefined));
        if (!own && !answered.some((r) => r.action === 'restored' && r.path === l.path && r.at >= l.at)) report.left.push(item(l, 'changed and not restored'));
        break;
      }
      case 'restored': {
        const differs = l.differs ?? [];
        report.restored.push(item(l, differs.length > 0 ? `could not restore ${differs.join(', ')}` : 'every field as before'));
        if (differs.length > 0) report.left.push(item(l, `could not restore ${differs.join(', ')}`));
        break;
      }
      case 'sent':
        report.changed.push(item(l, 'no id names what it changed'));
        report.left.push(item(l, 'sent: nothing the suite can undo it with'));
        break;
      default:
        break;
    }
  }
  return report;
}

const MAX_LISTED = 25;

function itemText(i: LedgerItem): string {
  return `${i.operationId} ${i.method} ${i.path}${i.id !== undefined ? ` id ${i.id}` : ''}${i.status !== undefined ? ` → ${i.status}` : ''}${i.by === 'undo' ? ' [undo]' : ''}${i.note ? ` — ${i.note}` : ''}`;
}

/** One line: how many writes so far, of which kind, and how many are still to undo. */
export function ledgerHeadline(report: LedgerReport): string {
  const rest = report.left.length === 0 ? 'nothing left to undo' : `${report.left.length} not undone`;
  return `${report.writes} writes: ${report.created.length} created, ${report.deleted.length} deleted, ${report.changed.length} changed, ${report.restored.length} restored; ${rest}`;
}

/** The ledger as text (the text report, the CLI's output on an interrupted run). */
export function ledgerText(report: LedgerReport): string[] {
  const lines = ['', `LEDGER${report.interrupted ? ` (the run was interrupted by ${report.interrupted})` : ''}: ${ledgerHeadline(report)}`];
  const section = (title: string, items: LedgerItem[], mark: string) => {
    if (items.length === 0) return;
    lines.push(`  ${title} (${items.length})`);
    for (const i of items.slice(0, MAX_LISTED)) lines.push(`    ${mark} ${itemText(i)}`);
    if (items.length > MAX_LISTED) lines.push(`    … ${items.length - MAX_LISTED} more in the JSON report`);
  };
  section('NOT UNDONE', report.left, '!');
  section('created', report.created, '+');
  section('changed', report.changed, '~');
  section('deleted', report.deleted, '-');
  section('restored', report.restored, '=');
  return lines;
}

/** The live line while the run goes on, from the ledger files (undefined before the first write). */
export function ledgerProgressLine(dir: string): string | undefined {
  const lines = readLedger(dir);
  if (lines.length === 0) return undefined;
  const report = summarizeLedger(lines);
  return `ledger: ${report.writes} writes so far (${report.created.length} created, ${report.deleted.length} deleted, ${report.changed.length} changed, ${report.left.length} not undone yet)`;
}

/** In a suite worker: on SIGTERM or SIGINT, send nothing more, let the writes in flight be answered and written down, then exit. */
let guarded = false;
export function stopWorkerOnSignal(): void {
  if (guarded) return;
  guarded = true;
  const stop = () => {
    const wait = () => {
      if (ledger.inFlight === 0) process.exit(0);
      else setTimeout(wait, 20);
    };
    wait();
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
