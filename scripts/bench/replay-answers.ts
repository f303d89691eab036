// The answers the replay server gives (replay-server.ts): the mock's own answer to each bench
// scenario, keyed by method, path and whether an Authorization header is present.
export interface RecordedAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export function answerKey(method: string, path: string, auth: boolean): string {
  return `${method} ${path} ${auth ? 'auth' : 'anonymous'}`;
}
