// Pacing against a real deployment: the send window never lets more requests through than its
// limit within its window, and frees a place once the window has passed.
import { describe, expect, it } from 'vitest';
import { GeneralPacer, SendPacer } from '../../conformance/http/pacer.ts';

describe('pacing', () => {
  it('holds the third accepted send until the window of the first has passed', async () => {
    const pacer = new SendPacer(2, 150, 0);
    const start = Date.now();
    const times: number[] = [];
    for (let i = 0; i < 3; i++) {
      const slot = await pacer.acquire();
      times.push(Date.now() - start);
      slot.release(Date.now());
    }
    expect(times[1]).toBeLessThan(100);
    expect(times[2]).toBeGreaterThanOrEqual(145);
  });

  it('frees the place of a refused send at once', async () => {
    const pacer = new SendPacer(1, 1000, 0);
    (await pacer.acquire()).release(undefined);
    const start = Date.now();
    (await pacer.acquire()).release(Date.now());
    expect(Date.now() - start).toBeLessThan(50);
  });

  it('waits for a window with no accepted send before a burst', async () => {
    const pacer = new SendPacer(5, 120, 0);
    pacer.noteAccepted(Date.now());
    const start = Date.now();
    await pacer.drain();
    expect(Date.now() - start).toBeGreaterThanOrEqual(115);
  });

  it('keeps the general rate to its budget per minute', async () => {
    const pacer = new GeneralPacer(3);
    const start = Date.now();
    for (let i = 0; i < 3; i++) await pacer.acquire();
    expect(Date.now() - start).toBeLessThan(50);
    const fourth = Promise.race([pacer.acquire().then(() => 'sent'), new Promise((r) => setTimeout(() => r('held'), 200))]);
    expect(await fourth).toBe('held');
  });
});
