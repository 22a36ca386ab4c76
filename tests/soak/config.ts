/**
 * What one `npm run soak` does, from the environment: which faults in which order, how long the
 * workload runs around each, how many members. Pure, so the parsing is unit-tested.
 */
import { SERVICE_NAMES } from './services.js';

export const SERVER_FAULTS = ['kafka', 'redis', 'postgres'] as const;
/** SIGKILL of media while a reel upload is being transcoded. */
export const TRANSCODE_FAULT = 'video-worker';
export const ALL_FAULTS: readonly string[] = [...SERVICE_NAMES, 'gateway', ...SERVER_FAULTS, TRANSCODE_FAULT];

export interface SoakConfig {
  faults: string[];
  /** Workload seconds before each fault and after it recovered. */
  faultSeconds: number;
  /** How long a killed process or server stays down before it is started again. */
  downSeconds: number;
  members: number;
  /** Members holding a live socket, checked after every fault. */
  socketMembers: number;
}

function positive(env: Record<string, string | undefined>, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number (got "${raw}")`);
  return value;
}

export function soakConfig(env: Record<string, string | undefined>): SoakConfig {
  const faults = env.SOAK_FAULTS
    ? env.SOAK_FAULTS.split(',')
        .map((f) => f.trim())
        .filter(Boolean)
    : [...ALL_FAULTS];
  const unknown = faults.filter((f) => !ALL_FAULTS.includes(f));
  if (unknown.length) throw new Error(`SOAK_FAULTS: unknown fault(s) ${unknown.join(', ')} (known: ${ALL_FAULTS.join(', ')})`);
  const members = Math.round(positive(env, 'SOAK_MEMBERS', 24));
  return {
    faults,
    faultSeconds: positive(env, 'SOAK_FAULT_SECONDS', 4),
    downSeconds: positive(env, 'SOAK_DOWN_SECONDS', 3),
    members,
    socketMembers: Math.min(members, Math.round(positive(env, 'SOAK_SOCKETS', 6))),
  };
}
