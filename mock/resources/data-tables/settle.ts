// Brings tables up to the clock: a `replace` import clears its table when it starts processing,
// and a completed import writes its records at its finish instant. Every handler of the group
// settles first, so advancing the mock clock fills tables without timers.
import type { WorkspaceState } from '../../state/workspace.ts';
import { newUuid } from '../shared/lookup.ts';
import { fullValues } from './cells.ts';
import { finishedAt, processingAt } from './machine.ts';

export function settleDataTables(ws: WorkspaceState, now: Date): void {
  for (const job of ws.data_import_jobs) {
    if (job.applied || job.failure !== null) continue;
    const table = ws.data_tables.find((t) => t.uuid === job.table_uuid);
    if (!table) continue;
    const start = processingAt(job.created_at);
    if (job.mode === 'replace' && !job.cleared && now >= start) {
      table.rows = [];
      table.updated_at = start;
      job.cleared = true;
    }
    const end = finishedAt(job.created_at);
    if (now < end) continue;
    for (const values of job.pending) table.rows.push({ uuid: newUuid(), values: fullValues(table.columns, values), created_at: end, updated_at: end });
    table.updated_at = end;
    job.applied = true;
  }
}
