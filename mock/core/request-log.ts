// The last N requests the mock answered, for the control API (newest last).
import type { MockRequest, MockResponse } from './types.ts';

export interface RecordedRequest {
  at: number;
  method: string;
  host: string | undefined;
  path: string;
  query: string;
  status: number;
  source: string | undefined;
}

export class RequestLog {
  private entries: RecordedRequest[] = [];
  private readonly capacity: number;

  constructor(capacity: number) {
    this.capacity = capacity;
  }

  get size(): number {
    return this.entries.length;
  }

  get limit(): number {
    return this.capacity;
  }

  add(req: MockRequest, res: MockResponse, nowMs: number): void {
    if (this.capacity <= 0) return;
    this.entries.push({
      at: nowMs,
      method: req.method,
      host: req.headers.host,
      path: req.path,
      query: req.query,
      status: res.status,
      source: res.headers['x-mock-source'],
    });
    if (this.entries.length > this.capacity) this.entries.splice(0, this.entries.length - this.capacity);
  }

  /** Oldest first, with `at` as an ISO instant. */
  list(): Array<Omit<RecordedRequest, 'at'> & { at: string }> {
    return this.entries.map((e) => ({ ...e, at: new Date(e.at).toISOString() }));
  }

  clear(): void {
    this.entries = [];
  }
}
