// Runs the appointments model: the schedules and appointments collections derived from their
// declarations (collection.ts), then the slot-conflict and request-cancel scenarios (checks.ts).
// It creates records: full mode only.
import { suite } from '../../suite/context.ts';
import { runCollectionModel } from '../collections/run.ts';
import { type Real, runScenario } from '../model-kit.ts';
import { checkAppointmentConflict, checkRequestCancelPending } from './checks.ts';
import { APPOINTMENTS_COLLECTION, SCHEDULES_COLLECTION } from './collection.ts';

export async function runAppointmentsModel(): Promise<void> {
  const { client, target } = suite();
  const real: Real = { client, tokens: [target.workspaceToken] };
  await runCollectionModel(SCHEDULES_COLLECTION);
  await runCollectionModel(APPOINTMENTS_COLLECTION);
  await runScenario(() => checkAppointmentConflict(real));
  await runScenario(() => checkRequestCancelPending(real));
}
