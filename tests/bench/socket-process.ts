/**
 * What the socket bench reads about the notifications process from /proc (Linux): its resident
 * memory, its open files and its open-files limit, and the raise of that limit's soft value to the
 * hard one (an unprivileged process may do that for a process of its own user; above the hard
 * limit only CAP_SYS_RESOURCE may go, which our machines do not grant).
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

export function openFiles(pid: number): number {
  return readdirSync(`/proc/${pid}/fd`).length;
}

export interface FileLimit {
  soft: number;
  hard: number;
}

export function fileLimit(pid: number | 'self'): FileLimit {
  const line = readFileSync(`/proc/${pid}/limits`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('Max open files'));
  const [soft, hard] = (line?.match(/(\d+|unlimited)/g) ?? []).map((v) => (v === 'unlimited' ? Infinity : Number(v)));
  return { soft: soft ?? 0, hard: hard ?? 0 };
}

/**
 * Raises the process's soft open-files limit to its hard limit (prlimit from util-linux); answers the
 * limit it has afterwards. Node raises its own soft limit at start-up, so this is usually a no-op.
 */
export function raiseFileLimit(pid: number): FileLimit {
  const { soft, hard } = fileLimit(pid);
  const value = hard === Infinity ? 'unlimited' : String(hard);
  if (soft < hard) execFileSync('prlimit', [`--pid=${pid}`, `--nofile=${value}:${value}`]);
  return fileLimit(pid);
}
