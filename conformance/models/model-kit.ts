// What every stateful model shares: the real system is the target seen through the suite's
// client, with the tokens a model may use; a model registers itself with the mode it needs.
// Each resource group adds conformance/models/<group>/ (model.ts, one command per operation,
// commands.ts) and an entry in models/index.ts.
import type { SuiteClient } from '../http/client.ts';
import type { Mode } from '../target/target.ts';

export interface Real {
  client: SuiteClient;
  /** Tokens of the workspace the commands may use (the first is the main workspace token). */
  tokens: string[];
}

export interface ModelEntry {
  /** The resource group (folder name under models/). */
  group: string;
  title: string;
  /** The least mode that may run it. */
  mode: Mode;
  run(): Promise<void>;
}

/** fast-check prints a command sequence with its replayPath; this reads it back out. */
export function replayPathOf(commands: unknown): string | undefined {
  const match = /replayPath="([^"]*)"/.exec(String(commands));
  return match?.[1];
}
