/**
 * The socket bench's clients: child processes (socket-client.ts), each holding its share of the
 * sockets from its loopback source addresses (socket-spread.ts), filled one after another in waves
 * so the handshakes do not all queue at once on two cores. Opening stops at the target, or at the
 * first wave with failures: that is the limit met (the server's open files, most likely), and the
 * fleet says why.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ClientCommand, WaveReport } from './socket-client.js';
import { loopbackAddress, planClients, type SpreadOptions } from './socket-spread.js';

const CLIENT = fileURLToPath(new URL('./socket-client.ts', import.meta.url));

export interface FleetOptions extends SpreadOptions {
  url: string;
  secret: string;
  sockets: number;
  wave: number;
  /** Told after every wave (progress, and the server's open files at that moment). */
  onWave?: (total: { opened: number; failed: number }) => void;
}

export interface Fleet {
  opened: number;
  failed: number;
  /** Why opening stopped before the target; null when it reached it. */
  stoppedBecause: string | null;
  processes: number;
  addresses: string[];
  /** Sockets still open now, across the processes (asks each one). */
  held(): Promise<{ held: number; dropped: number }>;
  /** Closes the newest `count` sockets (of the last client process). */
  release(count: number): Promise<void>;
  stop(): Promise<void>;
}

interface Client {
  child: ChildProcess;
  last: WaveReport | null;
}

function ask(client: Client, command: ClientCommand): Promise<WaveReport> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`socket client exited (code ${code}) during a wave`));
    client.child.once('exit', onExit);
    client.child.once('message', (report: WaveReport) => {
      client.child.off('exit', onExit);
      client.last = report;
      resolve(report);
    });
    client.child.send(command);
  });
}

export async function openFleet(options: FleetOptions): Promise<Fleet> {
  const plan = planClients(options.sockets, options);
  const clients: Client[] = [];
  let opened = 0;
  let failed = 0;
  let stoppedBecause: string | null = null;
  try {
    for (const share of plan) {
      const env = {
        ...process.env,
        SOCKET_CLIENT_SHARE: JSON.stringify(share),
        SOCKET_CLIENT_URL: options.url,
        SOCKET_CLIENT_SECRET: options.secret,
      };
      const client: Client = {
        child: fork(CLIENT, [], { execArgv: ['--import', 'tsx'], env, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }),
        last: null,
      };
      clients.push(client);
      for (let left = share.count; left > 0 && !stoppedBecause;) {
        const count = Math.min(options.wave, left);
        left -= count;
        const report = await ask(client, { type: 'open', count });
        opened += report.opened;
        failed += report.failed;
        options.onWave?.({ opened, failed });
        if (report.failed > 0) stoppedBecause = `${report.failed} of a wave of ${count} failed (first: ${report.firstError})`;
      }
      if (stoppedBecause) break;
    }
  } catch (err) {
    stoppedBecause = `a client process failed: ${(err as Error).message}`;
  }
  return {
    opened,
    failed,
    stoppedBecause,
    processes: clients.length,
    // Sockets are numbered across the fleet, so the addresses used are the first slots.
    addresses: Array.from({ length: Math.ceil((opened + failed) / options.perAddress) }, (_, slot) =>
      loopbackAddress((options.firstSlot ?? 0) + slot),
    ),
    async held() {
      // An empty wave reports the process's state without opening anything.
      const reports = await Promise.all(clients.filter((c) => c.child.connected).map((c) => ask(c, { type: 'open', count: 0 })));
      return { held: reports.reduce((s, r) => s + r.held, 0), dropped: reports.reduce((s, r) => s + r.dropped, 0) };
    },
    async release(count) {
      const last = clients.at(-1);
      if (last?.child.connected) await ask(last, { type: 'close', count });
    },
    async stop() {
      await Promise.all(
        clients.map(
          (c) =>
            new Promise<void>((resolve) => {
              if (c.child.exitCode !== null || !c.child.connected) return resolve();
              c.child.once('exit', () => resolve());
              c.child.send({ type: 'stop' } satisfies ClientCommand);
            }),
        ),
      );
    },
  };
}
