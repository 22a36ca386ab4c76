// Types for the parts of apt.mjs that TypeScript code (its tests) uses.
export const APT_LOCK_TIMEOUT_SECONDS: number;
export type Runner = (cmd: string, args: string[], options: { env: Record<string, string>; cwd: string }) => Promise<unknown>;
export function aptGet(args: string[], options?: { runner?: Runner; retryDelayMs?: number }): Promise<unknown>;
export function ensureDebianPackage<T>(options: { pkg: string; what: string; find: () => T | null }): Promise<T>;
