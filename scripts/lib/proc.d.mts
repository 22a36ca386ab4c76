// Types for the parts of proc.mjs that TypeScript code (tests, benches) uses.
export const ROOT: string;
export function pickPort(owner: string, preferred?: number[]): Promise<number>;
export function which(bin: string): string | null;
export function isRoot(): boolean;
export function waitForPort(
  port: number,
  options?: { host?: string; timeoutMs?: number; check?: () => void | Promise<void> },
): Promise<void>;
export function readPidFile(file: string): number | null;
export function pidAlive(pid: number | null, match?: string): boolean;
export function isPortOpen(port: number, host?: string, timeoutMs?: number): Promise<boolean>;
export function terminate(
  pid: number,
  options?: { signal?: NodeJS.Signals; timeoutMs?: number; match?: string; name?: string },
): Promise<boolean>;
export function setQuiet(value: boolean): void;
