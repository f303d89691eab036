// `--shard i/n`: a deterministic split of a run across CI runners. A per-operation test goes with
// the resource group of its operation (the first path segment after the version,
// `/api/v1/data/...` → `data`), so all tests of a group's operations run in one shard in the
// order a single run gives them (an operation may need what another of its group created: an
// import job needs an import). Groups are dealt to the shards largest first (by operations the
// mode allows, ties by name), each to the least loaded shard, so the shards get about as many
// operations each. Any other test (a model, a rule test) goes by a stable hash (FNV-1a) of its
// name. The split depends only on the contract, the mode and the names, never on the order or
// the machine, so `--shard 1/n` … `--shard n/n` with the same options run every test exactly once.

export interface Shard {
  /** 1-based. */
  index: number;
  count: number;
}

/** What the split needs of an operation. */
export interface ShardedOperation {
  operationId: string;
  path: string;
}

/** Parses `i/n` (1 ≤ i ≤ n); throws an Error with the flag's name otherwise. */
export function parseShard(text: string): Shard {
  const match = /^(\d+)\/(\d+)$/.exec(text.trim());
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || count < 1 || index < 1 || index > count) throw new Error(`--shard must be i/n with 1 ≤ i ≤ n (got "${text}")`);
  return { index, count };
}

export function shardText(shard: Shard): string {
  return `${shard.index}/${shard.count}`;
}

/** FNV-1a, 32 bits: the same value for the same text on every machine. */
export function stableHash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** The resource group of an operation's path: the first segment after the version (`/api/v1/data/{uuid}` → `data`). */
export function resourceGroup(path: string): string {
  const segments = path.split('/').filter(Boolean);
  const version = segments.findIndex((s) => /^v\d+$/.test(s));
  return segments[version + 1] ?? segments[0] ?? path;
}

/** The operation a test is about: the operation id its name starts with (`<operationId>: …`). */
export function testOperation(testName: string, operations: { has(id: string): boolean }): string | undefined {
  const colon = testName.indexOf(': ');
  const head = colon === -1 ? '' : testName.slice(0, colon);
  return operations.has(head) ? head : undefined;
}

/** The 1-based shard of each resource group: largest first, each to the least loaded shard. */
export function groupShards(operations: readonly ShardedOperation[], count: number): Map<string, number> {
  const sizes = new Map<string, number>();
  for (const op of operations) sizes.set(resourceGroup(op.path), (sizes.get(resourceGroup(op.path)) ?? 0) + 1);
  const load = new Array<number>(count).fill(0);
  const out = new Map<string, number>();
  for (const [group, size] of [...sizes].sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0))) {
    const least = load.indexOf(Math.min(...load));
    load[least] = (load[least] ?? 0) + size;
    out.set(group, least + 1);
  }
  return out;
}

/** Decides which shard runs a test, for one run's operations (those its mode allows). */
export class ShardSplit {
  private readonly shard: Shard | undefined;
  private readonly groups: Map<string, number>;
  private readonly byId: Map<string, ShardedOperation>;

  constructor(shard: Shard | undefined, operations: readonly ShardedOperation[]) {
    this.shard = shard;
    this.groups = groupShards(operations, shard?.count ?? 1);
    this.byId = new Map(operations.map((op) => [op.operationId, op]));
  }

  /** The 1-based shard a test belongs to. */
  shardOf(testName: string): number {
    const count = this.shard?.count ?? 1;
    const id = testOperation(testName, this.byId);
    const op = id === undefined ? undefined : this.byId.get(id);
    if (op) return this.groups.get(resourceGroup(op.path)) ?? 1;
    return (stableHash(testName) % count) + 1;
  }

  /** Whether this runner runs a test (every test does without --shard). */
  runs(testName: string): boolean {
    return this.shard === undefined || this.shard.count === 1 || this.shardOf(testName) === this.shard.index;
  }
}
