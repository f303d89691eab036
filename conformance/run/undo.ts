// Undoes what a run left: every resource the ledger shows created, with a DELETE paired with its
// create and not deleted again, is deleted. The CLI runs it when the suite ends and when the run
// is interrupted; each undo call is itself written to the ledger (by "undo"), and the summary it
// returns is the reports' ledger.
import type { SuiteContract } from '../contract/load.ts';
import { SuiteClient } from '../http/client.ts';
import { ledger, type LedgerReport, outstandingCreations, readLedger, summarizeLedger } from '../record/ledger.ts';
import { Recorder } from '../record/recorder.ts';
import type { Target } from '../target/target.ts';

export async function settleLedger(runDir: string, target: Target, contract: SuiteContract, interrupted?: string): Promise<LedgerReport> {
  const pending = outstandingCreations(readLedger(runDir));
  if (pending.length > 0) {
    // Its own recorder: the undo calls are not part of the run's findings.
    const client = new SuiteClient(target, contract, new Recorder());
    ledger.by = 'undo';
    try {
      for (const line of pending) {
        const op = line.undo ? contract.byId.get(line.undo.operationId) : undefined;
        if (!op || !line.undo) continue;
        try {
          await client.send({ op, pathParams: line.undo.pathParams });
        } catch {
          // Not deleted: the summary lists it as left.
        }
      }
    } finally {
      await client.close();
    }
  }
  return summarizeLedger(readLedger(runDir), interrupted);
}
