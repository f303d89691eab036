// Judging a burst (seed "Limits": at most 5 accepted sends per second): only sends that were
// certainly accepted inside one second (sent after the window opened, answered before it closed)
// count, so a slow network never makes a conforming server look guilty.
import { describe, expect, it } from 'vitest';
import type { Answer } from '../../conformance/http/client.ts';
import { provenWithinWindow } from '../../conformance/models/outbound/burst.ts';

function answer(sentAt: number, receivedAt: number): Answer {
  return { request: { operationId: 'sendSms', method: 'POST', url: 'x', headers: {} }, response: { status: 201, headers: {}, text: '{}' }, sentAt, receivedAt, json: {} };
}

describe('sends proven inside one second', () => {
  it('counts six sends answered within the same second', () => {
    const burst = [0, 5, 10, 15, 20, 25].map((t) => answer(t, t + 80));
    expect(provenWithinWindow(burst)).toHaveLength(6);
  });

  it('does not count sends whose answers arrived after the second was over', () => {
    const slow = [0, 5, 10, 15, 20, 25].map((t, i) => answer(t, i < 5 ? t + 80 : 1500));
    expect(provenWithinWindow(slow)).toHaveLength(5);
  });

  it('finds the crowded second inside a longer burst', () => {
    const spread = [...[0, 10].map((t) => answer(t, t + 50)), ...[2000, 2010, 2020, 2030, 2040, 2050].map((t) => answer(t, t + 30))];
    expect(provenWithinWindow(spread).map((a) => a.sentAt)).toEqual([2000, 2010, 2020, 2030, 2040, 2050]);
  });
});
