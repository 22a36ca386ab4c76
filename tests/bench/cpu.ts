/**
 * Where a scenario's CPU went: user+system time of the product's processes (and PostgreSQL's, all
 * its backends together: the bench's own server when it started one, every PostgreSQL process on
 * the machine otherwise) read from /proc before and after, divided by the requests served. Unlike
 * throughput, which moves with whatever else shares the machine, CPU per request is a property of
 * the code: it is what the bench's tables use to explain a ratio.
 */
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100; // Linux USER_HZ

/** The fields of /proc/<pid>/stat after the command name (field 3, the state, first); null when gone. */
function statOf(pid: number): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

function ticksOf(pid: number): number {
  const fields = statOf(pid);
  return fields ? Number(fields[11]) + Number(fields[12]) : 0; // utime + stime
}

/**
 * PostgreSQL's processes: `postmaster` and its children (the backends) when its pid is known, so
 * another checkout's server on the same machine is not counted; else every one on the machine.
 */
function postgresPids(postmaster?: number): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    try {
      if (postmaster !== undefined) {
        if (pid === postmaster || Number(statOf(pid)?.[1]) === postmaster) pids.push(pid);
        continue;
      }
      const cmd = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (cmd.startsWith('postgres') || cmd.includes('/bin/postgres')) pids.push(pid);
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

export function watchCpu(pids: Record<string, number | undefined>, postmaster?: number): CpuWatch {
  const named = Object.entries(pids).filter((entry): entry is [string, number] => entry[1] !== undefined);
  const before = new Map(named.map(([name, pid]) => [name, ticksOf(pid)]));
  const pgBefore = new Map(postgresPids(postmaster).map((pid) => [pid, ticksOf(pid)]));
  return {
    perRequest(requests) {
      const out: Record<string, number> = {};
      const ms = (ticks: number) => Math.round(((ticks * 1000) / TICKS_PER_SECOND / Math.max(1, requests)) * 100) / 100;
      for (const [name, pid] of named) out[name] = ms(ticksOf(pid) - before.get(name)!);
      let pg = 0;
      for (const pid of postgresPids(postmaster)) pg += ticksOf(pid) - (pgBefore.get(pid) ?? 0);
      out.postgres = ms(pg);
      return out;
    },
  };
}
