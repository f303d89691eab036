// The last N requests the mock answered, for the control API (newest last).
import type { MockRequest, MockResponse } from './types.ts';

export interface RecordedRequest {
  at: string;
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

  add(req: MockRequest, res: MockResponse, nowMs: number): void {
    if (this.capacity <= 0) return;
    this.entries.push({
      at: new Date(nowMs).toISOString(),
      method: req.method,
      host: req.headers.host,
      path: req.path,
      query: req.query,
      status: res.status,
      source: res.headers['x-mock-source'],
    });
    if (this.entries.length > this.capacity) this.entries.splice(0, this.entries.length - this.capacity);
  }

  list(): RecordedRequest[] {
    return [...this.entries];
  }

  clear(): void {
    this.entries = [];
  }
}
