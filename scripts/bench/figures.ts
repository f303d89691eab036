// The arithmetic and the command line of `npm run bench`, kept free of timing so they can be
// tested: argument parsing with its defaults and checks, the median of the rounds, and the ratios
// between the servers.
import { parseArgs } from 'node:util';

export type Part = 'all' | 'analytics' | 'logs' | 'http';

export interface BenchOptions {
  part: Part;
  /** Seconds per measurement (one scenario against one server in one round). */
  seconds: number;
  rounds: number;
  connections: number;
  /** Where the figures are written as JSON. */
  json: string;
  /** Skip Prism (only bare node:http and the mock). */
  prism: boolean;
  /** Seconds of one scenario against the mock under `node --cpu-prof`; 0 skips the profile. */
  profileSeconds: number;
  profileScenario: (typeof PROFILE_SCENARIOS)[number];
}

/** The scenarios, in the order they run, by their short names. */
export const PROFILE_SCENARIOS = ['list', 'send', '401', '404'] as const;

export const DEFAULT_JSON_PATH = 'bench-results/bench.json';

function positive(name: string, raw: string, { integer, allowZero }: { integer: boolean; allowZero?: boolean }): number {
  const value = Number(raw);
  const ok = raw.trim() !== '' && Number.isFinite(value) && (integer ? Number.isInteger(value) : true) && (allowZero ? value >= 0 : value > 0);
  if (!ok) throw new Error(`--${name} must be a ${allowZero ? 'non-negative' : 'positive'} ${integer ? 'integer' : 'number'} (got ${raw})`);
  return value;
}

/** Parses the bench's arguments; throws an Error with a one-line message on a bad one. */
export function parseBenchArgs(args: string[]): BenchOptions {
  const { values } = parseArgs({
    args,
    strict: true,
    options: {
      part: { type: 'string', default: 'all' },
      seconds: { type: 'string', default: '5' },
      rounds: { type: 'string', default: '3' },
      connections: { type: 'string', default: '50' },
      json: { type: 'string', default: DEFAULT_JSON_PATH },
      'no-prism': { type: 'boolean', default: false },
      profile: { type: 'string', default: '0' },
      'profile-scenario': { type: 'string', default: 'list' },
    },
  });
  const part = values.part;
  if (part !== 'all' && part !== 'analytics' && part !== 'logs' && part !== 'http') throw new Error(`--part must be all, analytics, logs or http (got ${part})`);
  const profileScenario = PROFILE_SCENARIOS.find((s) => s === values['profile-scenario']);
  if (!profileScenario) throw new Error(`--profile-scenario must be one of ${PROFILE_SCENARIOS.join(', ')} (got ${values['profile-scenario']})`);
  return {
    part,
    seconds: positive('seconds', values.seconds, { integer: false }),
    rounds: positive('rounds', values.rounds, { integer: true }),
    connections: positive('connections', values.connections, { integer: true }),
    json: values.json,
    prism: !values['no-prism'],
    profileSeconds: positive('profile', values.profile, { integer: false, allowZero: true }),
    profileScenario,
  };
}

/** The median (the mean of the two middle values for an even count); NaN for no values. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** a / b, or null when either is missing or b is not positive (a ratio that means nothing). */
export function ratio(a: number | undefined, b: number | undefined): number | null {
  if (a === undefined || b === undefined || !Number.isFinite(a) || !Number.isFinite(b) || b <= 0) return null;
  return a / b;
}

export interface Sample {
  rps: number;
  p50: number;
  p99: number;
  /** Answers whose status was not the scenario's expected one, plus errors and timeouts. */
  unexpected: number;
}

export interface Summary {
  rounds: number;
  rps: number;
  p50: number;
  p99: number;
  unexpected: number;
  samples: Sample[];
}

/** The median of each figure over the rounds (unexpected answers are summed). */
export function summarise(samples: readonly Sample[]): Summary {
  return {
    rounds: samples.length,
    rps: median(samples.map((s) => s.rps)),
    p50: median(samples.map((s) => s.p50)),
    p99: median(samples.map((s) => s.p99)),
    unexpected: samples.reduce((sum, s) => sum + s.unexpected, 0),
    samples: [...samples],
  };
}
