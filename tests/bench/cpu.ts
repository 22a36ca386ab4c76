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
  /** Milliseconds of CPU per request for each watched process, rounded to 0.01. */
  perRequest(requests: number): Record<string, number>;
}

export function watchCpu(pids: Record<string, number | undefined>): CpuWatch {
  const named = Object.entries(pids).filter((entry): entry is [string, number] => entry[1] !== undefined);
  const before = new Map(named.map(([name, pid]) => [name, ticksOf(pid)]));
  const pgBefore = new Map(postgresPids().map((pid) => [pid, ticksOf(pid)]));
  return {
    perRequest(requests) {
      const out: Record<string, number> = {};
      const ms = (ticks: number) => Math.round(((ticks * 1000) / TICKS_PER_SECOND / Math.max(1, requests)) * 100) / 100;
      for (const [name, pid] of named) out[name] = ms(ticksOf(pid) - before.get(name)!);
      let pg = 0;
      for (const pid of postgresPids()) pg += ticksOf(pid) - (pgBefore.get(pid) ?? 0);
      out.postgres = ms(pg);
      return out;
    },
  };
}
