// The few control API requests (mock/control/openapi.yaml) a check makes when the target is a mock:
// the clock (frozen so a check does not depend on how fast the machine is) and the limits (the mock
// the suite starts has a raised general limit so the suite need not pace). Over HTTP only.
import { request } from 'undici';

export interface MockClockState {
  now: string;
  frozen: boolean;
}

export interface MockRateLimits {
  general_per_minute: number;
  send_per_second: number;
}

async function call<T>(control: string, method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<T> {
  const res = await request(`${control}${path}`, {
    method,
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  const text = await res.body.text();
  if (res.statusCode !== 200) throw new Error(`${method} ${path} on the mock's control API answered ${res.statusCode}: ${text.slice(0, 200)}`);
  return JSON.parse(text) as T;
}

export const mockClock = {
  get: (control: string) => call<MockClockState>(control, 'GET', '/clock'),
  set: (control: string, change: { freeze?: boolean; advance_ms?: number }) => call<MockClockState>(control, 'POST', '/clock', change),
};

/** The mock's state back to its fixtures (its clock, limits and faults stay as they are). */
export const mockState = {
  reset: (control: string) => call<{ success: boolean }>(control, 'POST', '/reset', {}),
  /** The exported state (secrets withheld): every workspace with its collections. */
  snapshot: (control: string) => call<{ workspaces: Array<{ state: { slug: string } & Record<string, unknown> }> }>(control, 'GET', '/snapshot'),
};

export const mockRateLimits = {
  get: (control: string) => call<MockRateLimits>(control, 'GET', '/rate-limits'),
  set: (control: string, limits: Partial<MockRateLimits>) => call<MockRateLimits>(control, 'PUT', '/rate-limits', limits),
};
