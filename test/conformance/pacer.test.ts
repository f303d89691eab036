// Pacing against a real deployment: the send window never lets more requests through than its
// limit within its window, and frees a place once the window has passed. The pacers read Date.now()
// and wait with setTimeout, so the tests run them on vitest's fake timers: time moves only when a
// test advances it, and "held" / "let through" are read at exact instants, whatever the machine's speed.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GeneralPacer, SendPacer } from '../../conformance/http/pacer.ts';

/** A promise's state, read after the microtasks and the timers due now have run. */
function track<T>(promise: Promise<T>): { readonly settled: boolean; readonly value: T | undefined } {
  const state: { settled: boolean; value: T | undefined } = { settled: false, value: undefined };
  void promise.then((value) => {
    state.settled = true;
    state.value = value;
  });
  return state;
}

beforeEach(() => {
  vi.useFakeTimers({ now: Date.parse('2026-12-01T09:30:00Z') });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('pacing', () => {
  it('holds the third accepted send until the window of the first has passed', async () => {
    const pacer = new SendPacer(2, 150, 0);
    for (let i = 0; i < 2; i++) {
      const slot = track(pacer.acquire());
      await vi.advanceTimersByTimeAsync(0);
      expect(slot.settled, `send ${i + 1}`).toBe(true);
      slot.value?.release(Date.now());
    }
    const third = track(pacer.acquire());
    await vi.advanceTimersByTimeAsync(149);
    expect(third.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(2);
    expect(third.settled).toBe(true);
  });

  it('frees the place of a refused send at once', async () => {
    const pacer = new SendPacer(1, 1000, 0);
    (await pacer.acquire()).release(undefined);
    const next = track(pacer.acquire());
    await vi.advanceTimersByTimeAsync(0);
    expect(next.settled).toBe(true);
  });

  it('waits for a window with no accepted send before a burst', async () => {
    const pacer = new SendPacer(5, 120, 0);
    pacer.noteAccepted(Date.now());
    const drained = track(pacer.drain());
    await vi.advanceTimersByTimeAsync(119);
    expect(drained.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(2);
    expect(drained.settled).toBe(true);
  });

  it('keeps the general rate to its budget per minute', async () => {
    const pacer = new GeneralPacer(3);
    const first = [track(pacer.acquire()), track(pacer.acquire()), track(pacer.acquire())];
    await vi.advanceTimersByTimeAsync(0);
    expect(first.map((p) => p.settled)).toEqual([true, true, true]);
    const fourth = track(pacer.acquire());
    await vi.advanceTimersByTimeAsync(59_999);
    expect(fourth.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(10);
    expect(fourth.settled).toBe(true);
  });
});
