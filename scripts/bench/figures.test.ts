// The bench's arithmetic and argument parsing (no timing involved).
import { describe, expect, it } from 'vitest';
import { DEFAULT_JSON_PATH, median, parseBenchArgs, ratio, summarise } from './figures.ts';

describe('parseBenchArgs', () => {
  it('defaults to both parts, 5 s, 3 rounds, 50 connections, Prism included, no profile', () => {
    expect(parseBenchArgs([])).toEqual({
      part: 'all',
      seconds: 5,
      rounds: 3,
      connections: 50,
      json: DEFAULT_JSON_PATH,
      prism: true,
      profileSeconds: 0,
      profileScenario: 'list',
    });
  });

  it('reads every option', () => {
    const options = parseBenchArgs(['--part', 'http', '--seconds', '0.5', '--rounds', '1', '--connections', '10', '--json', 'out.json', '--no-prism', '--profile', '2', '--profile-scenario', 'send']);
    expect(options).toEqual({ part: 'http', seconds: 0.5, rounds: 1, connections: 10, json: 'out.json', prism: false, profileSeconds: 2, profileScenario: 'send' });
  });

  it.each([
    [['--part', 'everything'], /--part/],
    [['--seconds', '0'], /--seconds/],
    [['--seconds', 'abc'], /--seconds/],
    [['--rounds', '1.5'], /--rounds/],
    [['--connections', '-1'], /--connections/],
    [['--profile', '-1'], /--profile/],
    [['--profile-scenario', 'all'], /--profile-scenario/],
    [['--duration', '3'], /duration/],
  ])('refuses %j', (args, message) => {
    expect(() => parseBenchArgs(args)).toThrow(message);
  });
});

describe('median', () => {
  it('takes the middle value of an odd count and the mean of the two middle ones of an even count, whatever the order', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([10, 1, 4, 3])).toBe(3.5);
    expect(median([7])).toBe(7);
    expect(median([])).toBeNaN();
  });

  it('does not reorder its input', () => {
    const values = [3, 1, 2];
    median(values);
    expect(values).toEqual([3, 1, 2]);
  });
});

describe('ratio', () => {
  it('divides, and gives null when a side is missing or the divisor is not positive', () => {
    expect(ratio(750, 3000)).toBe(0.25);
    expect(ratio(undefined, 3000)).toBeNull();
    expect(ratio(750, undefined)).toBeNull();
    expect(ratio(750, 0)).toBeNull();
    expect(ratio(Number.NaN, 10)).toBeNull();
  });
});

describe('summarise', () => {
  it('takes the median of each figure over the rounds and sums the unexpected answers', () => {
    const samples = [
      { rps: 1000, p50: 5, p99: 30, unexpected: 0 },
      { rps: 3000, p50: 2, p99: 9, unexpected: 2 },
      { rps: 2000, p50: 3, p99: 12, unexpected: 1 },
    ];
    expect(summarise(samples)).toEqual({ rounds: 3, rps: 2000, p50: 3, p99: 12, unexpected: 3, samples });
  });
});
