// Summarises a V8 .cpuprofile (written by `node --cpu-prof`): self time per function, from the
// sample counts, as a share of all samples. Functions are keyed by name, file and line; files are
// shown relative to the project (node_modules and node: internals keep their own prefix). Samples
// taken before `skipMs` from the profile's start (the server's startup) are left out.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

export interface SelfTime {
  function: string;
  location: string;
  samples: number;
  share: number;
}

export function topSelfTime(file: string, root: string, { limit = 15, skipMs = 0 }: { limit?: number; skipMs?: number } = {}): { totalMs: number; top: SelfTime[] } {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const counts = new Map<string, SelfTime>();
  let at = 0;
  let total = 0;
  for (const [i, id] of profile.samples.entries()) {
    at += (profile.timeDeltas[i] ?? 0) / 1000;
    if (at < skipMs) continue;
    total += 1;
    const frame = byId.get(id)?.callFrame;
    if (!frame) continue;
    const url = frame.url.startsWith('file://') ? relative(root, new URL(frame.url).pathname) : frame.url;
    const location = url === '' ? '' : `${url}:${frame.lineNumber + 1}`;
    const name = frame.functionName === '' ? '(anonymous)' : frame.functionName;
    const key = `${name} ${location}`;
    const entry = counts.get(key) ?? { function: name, location, samples: 0, share: 0 };
    entry.samples += 1;
    counts.set(key, entry);
  }
  const top = [...counts.values()].sort((a, b) => b.samples - a.samples).slice(0, limit);
  for (const entry of top) entry.share = entry.samples / total;
  return { totalMs: (profile.endTime - profile.startTime) / 1000 - skipMs, top };
}
