/**
 * Where a scenario's CPU went: user+system time of the product's processes (and PostgreSQL's, all
 * its backends together) read from /proc before and after, divided by the requests served. Unlike
 * throughput, which moves with whatever else shares the machine, CPU per request is a property of
 * the code: it is what the bench's tables use to explain a ratio.
 */
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100; // Linux USER_HZ

function ticksOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]); // utime + stime
  } catch {
    return 0;
  }
}

/** A process and every process below it (nginx's workers under its master), found through /proc. */
export function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) tree.push(...(children.get(tree[i]!) ?? []));
  return tree;
}

/** Every PostgreSQL server process (postmaster and backends) on the machine. */
function postgresPids(): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmd = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (cmd.startsWith('postgres') || cmd.includes('/bin/postgres')) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

export interface CpuWatch {
  /** Milliseconds of CPU per request for each watched process, rounded to 0.001. */
  perRequest(requests: number): Record<string, number>;
}

/**
 * Watches each named process (or group of processes, counted together) and PostgreSQL from now on.
 * A group's members are fixed when the watch starts: processes started later are not counted.
 */
export function watchCpu(pids: Record<string, number | number[] | undefined>): CpuWatch {
  const named = Object.entries(pids)
    .filter((entry): entry is [string, number | number[]] => entry[1] !== undefined)
    .map(([name, pid]): [string, number[]] => [name, Array.isArray(pid) ? pid : [pid]]);
  const ticksOfAll = (group: number[]) => group.reduce((sum, pid) => sum + ticksOf(pid), 0);
  const before = new Map(named.map(([name, group]) => [name, ticksOfAll(group)]));
  const pgBefore = new Map(postgresPids().map((pid) => [pid, ticksOf(pid)]));
  return {
    perRequest(requests) {
      const out: Record<string, number> = {};
      const ms = (ticks: number) => Math.round(((ticks * 1000) / TICKS_PER_SECOND / Math.max(1, requests)) * 1000) / 1000;
      for (const [name, group] of named) out[name] = ms(ticksOfAll(group) - before.get(name)!);
      let pg = 0;
      for (const pid of postgresPids()) pg += ticksOf(pid) - (pgBefore.get(pid) ?? 0);
      out.postgres = ms(pg);
      return out;
    },
  };
}
