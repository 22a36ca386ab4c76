/**
 * The faults the soak injects, each a crash (SIGKILL, no goodbye) followed by a restart on the same
 * port with the same data: a service process or the gateway, the Kafka broker, Redis, PostgreSQL,
 * and media while it transcodes a reel.
 */
import type { Cluster } from '../../scripts/run/cluster.d.mts';
import { serversStatus, startKafka, startPostgres, startRedis, stopKafka } from '../../scripts/servers.mjs';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface Fault {
  name: string;
  /** Kills it; resolves once it is gone. */
  kill(): Promise<void>;
  /** Starts it again; resolves once its process answers (readiness is measured by the caller). */
  restart(): Promise<void>;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function sigkill(pid: number, what: string): Promise<void> {
  process.kill(pid, 'SIGKILL');
  for (let i = 0; i < 200 && alive(pid); i++) await sleep(50);
  if (alive(pid)) throw new Error(`${what} (pid ${pid}) still alive 10 s after SIGKILL`);
}

function serverPid(name: 'postgres' | 'redis'): number {
  const status = serversStatus({ only: name })[0];
  if (!status?.pid) throw new Error(`${name} is not a server the soak started (status ${status?.status})`);
  return status.pid;
}

/** Retries a restart a few times: a killed server's sockets and shared memory take a moment to go. */
async function retrying(what: string, start: () => Promise<unknown>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await start();
      return;
    } catch (err) {
      if (attempt >= 5) throw new Error(`${what} did not start again: ${(err as Error).message}`);
      await sleep(1_000 * attempt);
    }
  }
}

export function processFault(cluster: Cluster, name: string): Fault {
  return {
    name,
    kill: () => cluster.stopProcess(name, 'SIGKILL'),
    restart: () => cluster.startProcess(name),
  };
}

export const kafkaFault: Fault = {
  name: 'kafka',
  kill: async () => void (await stopKafka({ signal: 'SIGKILL' })),
  restart: () => retrying('kafka', () => startKafka({ fresh: false })),
};

export const redisFault: Fault = {
  name: 'redis',
  kill: () => sigkill(serverPid('redis'), 'redis'),
  // Persistence is off in the private Redis, as in a cache-only deployment: it comes back empty.
  restart: () => retrying('redis', () => startRedis({ fresh: false })),
};

export const postgresFault: Fault = {
  name: 'postgres',
  kill: async () => {
    // The postmaster's children notice its death and exit on their own; wait for them too, or the
    // restart finds the old shared memory still attached.
    const pid = serverPid('postgres');
    await sigkill(pid, 'postgres');
  },
  restart: () => retrying('postgres', () => startPostgres({ fresh: false })),
};
