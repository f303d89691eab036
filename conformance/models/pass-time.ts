// Lets time pass on the target while a check waits for something the target does later (a job
// finishing, a delivery being logged): on a mock whose control API the suite knows, its clock moves
// on at once, so the check neither depends on nor spends real time; on a deployment, a real wait.
import { sleep } from '../http/pacer.ts';
import { suite } from '../suite/context.ts';
import { mockClock } from '../target/mock-control.ts';

export async function passTime(ms: number): Promise<void> {
  const control = suite().target.mockControl;
  if (control) {
    await mockClock.set(control, { advance_ms: ms });
    return;
  }
  await sleep(ms);
}
