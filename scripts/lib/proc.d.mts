// Types for the parts of proc.mjs that TypeScript code (tests, benches) uses.
export const ROOT: string;
export function pickPort(owner: string, preferred?: number[]): Promise<number>;
export function which(bin: string): string | null;
export function isRoot(): boolean;
export function waitForPort(port: number, options?: { host?: string; timeoutMs?: number; check?: () => void | Promise<void> }): Promise<void>;
