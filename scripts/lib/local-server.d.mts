// Types for local-server.mjs, for TypeScript code (its tests).
/** What a server records in its state file; each server adds its own fields. */
export interface ServerState {
  port: number;
}
export interface ServerResult {
  name: string;
  status: 'started' | 'running' | 'external';
  url: string;
  pid?: number;
  port?: number;
}
export interface ServerStatus {
  name: string;
  status: 'running' | 'stopped' | 'external';
  url?: string;
  pid?: number;
  port?: number;
  logFile?: string;
}
export interface StartOptions {
  fresh?: boolean;
  timeoutMs?: number;
}
export interface LocalServer {
  name: string;
  env: string;
  status(): ServerStatus;
  start(options?: StartOptions): Promise<ServerResult>;
  stop(options?: { timeoutMs?: number; signal?: NodeJS.Signals }): Promise<boolean>;
  externalUrl(): string | null;
}
export interface LocalServerSpec<S extends ServerState, T> {
  name: string;
  env: string;
  stateFile: string;
  url?: (state: S) => string;
  pid: (state: S | null) => number | null;
  match: string;
  logFile: (state: S | null) => string | undefined;
  answers: (state: S) => Promise<boolean>;
  install: () => Promise<T>;
  launch: (context: {
    tools: T;
    previous: S | null;
    fresh: boolean;
    timeoutMs: number;
  }) => Promise<{ state: S; pid: number; restarted?: boolean }>;
  shutdown: (context: { pid: number; state: S; timeoutMs: number; signal?: NodeJS.Signals }) => Promise<void>;
  startTimeoutMs: number;
  stopTimeoutMs: number;
  freshByDefault?: boolean;
  lock?: <R>(fn: () => Promise<R>) => Promise<R>;
}
export function defineLocalServer<S extends ServerState, T>(spec: LocalServerSpec<S, T>): LocalServer;
export function startTogether(servers: LocalServer[], options?: Record<string, StartOptions>): Promise<ServerResult[]>;
