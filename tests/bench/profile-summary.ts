// Reads V8 CPU profiles (`node --cpu-prof`, written by `BENCH_PROFILE=gateway,posts npm run bench`
// into .tmp/bench/profiles/) and prints where the time went: the top functions by self time, and
// self time summed per package (node_modules/<name>), per Kora source folder, and for Node's own
// internals, each with its share of the profile's busy (non-idle) time.
//   node --import tsx tests/bench/profile-summary.ts <file.cpuprofile> [--top 25]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The parts of a V8 CPU profile (DevTools protocol `Profiler.Profile`) read here. */
export interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
  timeDeltas?: number[];
}

export interface Ranked {
  name: string;
  ms: number;
  /** Of the profile's busy time, 0 to 1. */
  share: number;
}

/** Where a frame's code lives, as a short name: a package, a Kora folder, node internals, or GC. */
export function ownerOf(url: string, functionName: string): string {
  if (!url)
    return functionName === '(garbage collector)' ? '(garbage collector)' : functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
  const modules = url.lastIndexOf('/node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + '/node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  const relative = url.replace(/^file:\/\//, '').replace(`${process.cwd()}/`, '');
  return relative.split('/').slice(0, 3).join('/');
}

export function summarize(profile: CpuProfile): { busyMs: number; functions: Ranked[]; owners: Ranked[] } {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  const intervals = profile.timeDeltas ?? [];
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (intervals[i] ?? 0)));
  let busy = 0;
  const byFunction = new Map<string, number>();
  const byOwner = new Map<string, number>();
  for (const [id, micros] of self) {
    const node = nodes.get(id);
    if (!node) continue;
    const { callFrame } = node;
    if (callFrame.functionName === '(idle)' || callFrame.functionName === '(program)') continue;
    busy += micros;
    const key = `${callFrame.functionName || '(anonymous)'} ${callFrame.url ? `${path.basename(callFrame.url)}:${callFrame.lineNumber + 1}` : ''}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + micros);
    const owner = ownerOf(callFrame.url, callFrame.functionName);
    byOwner.set(owner, (byOwner.get(owner) ?? 0) + micros);
  }
  const rank = (map: Map<string, number>): Ranked[] =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .map(([name, micros]) => ({ name, ms: Math.round(micros / 1000), share: busy ? micros / busy : 0 }));
  return { busyMs: Math.round(busy / 1000), functions: rank(byFunction), owners: rank(byOwner) };
}

function main(args: string[]): void {
  const top = Number(args[args.indexOf('--top') + 1]) || 25;
  const files = args.filter((a, i) => !a.startsWith('--') && args[i - 1] !== '--top');
  const line = (r: Ranked) => `  ${(r.share * 100).toFixed(1).padStart(5)}%  ${String(r.ms).padStart(6)} ms  ${r.name}`;
  for (const file of files) {
    const summary = summarize(JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile);
    console.log(`\n${file}: ${summary.busyMs} ms busy`);
    console.log(`\n By package or folder (self time):\n${summary.owners.slice(0, top).map(line).join('\n')}`);
    console.log(`\n By function (self time):\n${summary.functions.slice(0, top).map(line).join('\n')}`);
  }
}

// Run as a command (not when a test imports it).
if (process.argv[1] === fileURLToPath(import.meta.url)) main(process.argv.slice(2));
