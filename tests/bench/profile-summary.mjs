#!/usr/bin/env node
// Reads V8 CPU profiles (`node --cpu-prof`, written by `BENCH_PROFILE=gateway,posts npm run bench`
// into .tmp/bench/profiles/) and prints where the time went: the top functions by self time, and
// self time summed per package (node_modules/<name>), per Kora source folder, and for Node's own
// internals, each with its share of the profile's busy (non-idle) time.
//   node tests/bench/profile-summary.mjs <file.cpuprofile> [--top 25]
import fs from 'node:fs';
import path from 'node:path';

const args = process.argv.slice(2);
const top = Number(args[args.indexOf('--top') + 1]) || 25;
const files = args.filter((a, i) => !a.startsWith('--') && args[i - 1] !== '--top');

/** Where a frame's code lives, as a short name: a package, a Kora folder, node internals, or GC. */
export function ownerOf(url, functionName) {
  if (!url) return functionName === '(garbage collector)' ? '(garbage collector)' : functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
  const modules = url.lastIndexOf('/node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + '/node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  const relative = url.replace(/^file:\/\//, '').replace(`${process.cwd()}/`, '');
  return relative.split('/').slice(0, 3).join('/');
}

export function summarize(profile) {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  const intervals = profile.timeDeltas ?? [];
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i];
    self.set(id, (self.get(id) ?? 0) + (intervals[i] ?? 0));
  }
  let busy = 0;
  const byFunction = new Map();
  const byOwner = new Map();
  for (const [id, micros] of self) {
    const { callFrame } = nodes.get(id);
    if (callFrame.functionName === '(idle)' || callFrame.functionName === '(program)') continue;
    busy += micros;
    const key = `${callFrame.functionName || '(anonymous)'} ${callFrame.url ? `${path.basename(callFrame.url)}:${callFrame.lineNumber + 1}` : ''}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + micros);
    const owner = ownerOf(callFrame.url, callFrame.functionName);
    byOwner.set(owner, (byOwner.get(owner) ?? 0) + micros);
  }
  const rank = (map) => [...map].sort((a, b) => b[1] - a[1]).map(([name, micros]) => ({ name, ms: Math.round(micros / 1000), share: busy ? micros / busy : 0 }));
  return { busyMs: Math.round(busy / 1000), functions: rank(byFunction), owners: rank(byOwner) };
}

if (files.length) {
  for (const file of files) {
    const summary = summarize(JSON.parse(fs.readFileSync(file, 'utf8')));
    const line = (r) => `  ${(r.share * 100).toFixed(1).padStart(5)}%  ${String(r.ms).padStart(6)} ms  ${r.name}`;
    console.log(`\n${file}: ${summary.busyMs} ms busy`);
    console.log(`\n By package or folder (self time):\n${summary.owners.slice(0, top).map(line).join('\n')}`);
    console.log(`\n By function (self time):\n${summary.functions.slice(0, top).map(line).join('\n')}`);
  }
}
