/**
 * Where a scenario's CPU went: user+system time of the product's processes (and PostgreSQL's, all
 * its backends together: the bench's own server when it started one, every PostgreSQL process on
 * the machine otherwise) read from /proc before and after, divided by the requests served. Unlike
 * throughput, which moves with whatever else shares the machine, CPU per request is a property of
 * the code: it is what the bench's tables use to explain a ratio.
 *
 * It also says how much of the machine something else used meanwhile (`othersCores`): the whole
 * machine's busy time less the bench's own processes (this one and everything under it, its
 * PostgreSQL and Kafka). The machines are shared; a latency tail measured while another checkout's
 * tests ran is told apart that way (docs/performance.md).
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

/** utime + stime + what its exited (and waited for) children used: cutime + cstime. */
function ticksWithChildren(fields: string[]): number {
  return Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
}

/** Every process's parent, read once. */
function parents(): Map<number, number> {
  const byPid = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statOf(Number(entry));
    if (fields) byPid.set(Number(entry), Number(fields[1]));
  }
  return byPid;
}

/** The processes under `roots` (roots included), from a parent table. */
function treesOf(roots: number[], parentOf: Map<number, number>): Set<number> {
  const inTree = new Set(roots.filter((pid) => parentOf.has(pid)));
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, parent] of parentOf) {
      if (!inTree.has(pid) && inTree.has(parent)) {
        inTree.add(pid);
        grew = true;
      }
    }
  }
  return inTree;
}

/** A process and every process below it (nginx's workers under its master), as they are now. */
export function processTree(root: number): number[] {
  return [...treesOf([root], parents())];
}

/**
 * CPU ticks of the trees under `roots`, counted so that a process ending in between does not take
 * its time with it: its parent (inside the tree) has it as cutime then.
 */
function treeTicks(roots: number[], parentOf: Map<number, number>): number {
  let ticks = 0;
  for (const pid of treesOf(roots, parentOf)) {
    const fields = statOf(pid);
    if (fields) ticks += ticksWithChildren(fields);
  }
  return ticks;
}

/** Busy ticks of the whole machine, every CPU together (/proc/stat: user, nice, system, irq, softirq). */
function machineTicks(): number {
  const [user, nice, system, , , irq, softirq] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.split(/\s+/).slice(1).map(Number);
  return user! + nice! + system! + irq! + softirq!;
}

/**
 * PostgreSQL's processes: `postmaster` and its children (the backends) when its pid is known, so
 * another checkout's server on the same machine is not counted; else every one on the machine.
 */
function postgresPids(postmaster: number | undefined, parentOf: Map<number, number>): number[] {
  if (postmaster !== undefined) return [...treesOf([postmaster], parentOf)];
  const pids: number[] = [];
  for (const pid of parentOf.keys()) {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (cmd.startsWith('postgres') || cmd.includes('/bin/postgres')) pids.push(pid);
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

export interface CpuWatch {
  /** Milliseconds of CPU per request for each watched process (or group), rounded to 0.001. */
  perRequest(requests: number): Record<string, number>;
  /** Cores' worth of CPU that processes outside the bench used on average since the watch began. */
  othersCores(): number;
}

/**
 * `pids`: the processes to report by name (the product's, the broker's), or groups of processes
 * counted together (fixed when the watch starts); `postmaster`: PostgreSQL's when the bench runs it.
 * The bench's own CPU, told from others', is this process's tree and theirs.
 */
export function watchCpu(pids: Record<string, number | number[] | undefined>, postmaster?: number): CpuWatch {
  const named = Object.entries(pids)
    .filter((entry): entry is [string, number | number[]] => entry[1] !== undefined)
    .map(([name, pid]): [string, number[]] => [name, Array.isArray(pid) ? pid : [pid]]);
  const ticksOfGroup = (group: number[]) => group.reduce((sum, pid) => sum + ticksOf(pid), 0);
  const ownRoots = [process.pid, ...(postmaster === undefined ? [] : [postmaster]), ...named.flatMap(([, group]) => group)];
  const startedAt = performance.now();
  const parentsBefore = parents();
  const before = new Map(named.map(([name, group]) => [name, ticksOfGroup(group)]));
  const pgBefore = postmaster === undefined ? new Map(postgresPids(undefined, parentsBefore).map((pid) => [pid, ticksOf(pid)])) : null;
  const pgTreeBefore = postmaster === undefined ? 0 : treeTicks([postmaster], parentsBefore);
  const machineBefore = machineTicks();
  const ownBefore = treeTicks(ownRoots, parentsBefore);
  return {
    perRequest(requests) {
      const out: Record<string, number> = {};
      const ms = (ticks: number) => Math.round(((ticks * 1000) / TICKS_PER_SECOND / Math.max(1, requests)) * 1000) / 1000;
      for (const [name, group] of named) out[name] = ms(ticksOfGroup(group) - before.get(name)!);
      const parentOf = parents();
      let pg = 0;
      if (postmaster !== undefined) pg = treeTicks([postmaster], parentOf) - pgTreeBefore;
      else for (const pid of postgresPids(undefined, parentOf)) pg += ticksOf(pid) - (pgBefore!.get(pid) ?? 0);
      out.postgres = ms(pg);
      return out;
    },
    othersCores() {
      const others = machineTicks() - machineBefore - (treeTicks(ownRoots, parents()) - ownBefore);
      const seconds = (performance.now() - startedAt) / 1000;
      return Math.max(0, Math.round((others / TICKS_PER_SECOND / Math.max(0.001, seconds)) * 100) / 100);
    },
  };
}

/**
 * CPU ms per request of the processes on a scenario's `path` and of any other that used some: with
 * the event backlog worked off first (run.ts), the others only keep their idle polling going. And
 * `others_cores`: what processes outside the bench used meanwhile, to tell a noisy run.
 */
export function cpuNotes({ others_cores, ...perRequest }: Record<string, number>, path: string[]): Record<string, number> {
  const busy = Object.entries(perRequest).filter(([name, ms]) => ms > 0 || path.includes(name));
  return { ...Object.fromEntries(busy.map(([name, ms]) => [`cpu_ms_per_request_${name}`, ms])), others_cores: others_cores! };
}
