/**
 * One client process of the socket bench (forked by socket-fleet.ts): it holds its share of the
 * sockets (socket-spread.ts) under its own open-files limit, opening them from the share's loopback
 * source addresses in the waves the bench asks for, and tells the bench what it holds.
 *
 * Parent → child: `{ type: 'open', count }` opens the next `count` sockets at once; `{ type: 'close', count }`
 * closes its newest `count` (headroom for the server); `{ type: 'stop' }`.
 * Child → parent: `{ type: 'wave', opened, failed, firstError, held, dropped }` after each wave.
 */
import { IDENTITY_HEADER, signIdentity } from '@kora/platform/identity';
import { openSocket, type LiveSocket } from '@kora/testing/websocket';
import { addressOf, type ClientShare } from './socket-spread.js';

export type ClientCommand = { type: 'open'; count: number } | { type: 'close'; count: number } | { type: 'stop' };
export interface WaveReport {
  type: 'wave';
  opened: number;
  failed: number;
  firstError: string | null;
  /** Sockets open now in this process. */
  held: number;
  /** Sockets that opened and were closed since (by the server, or a reset). */
  dropped: number;
}

/** A handshake that has not reached 'ready' by then is counted failed (a server out of files may never answer). */
const READY_TIMEOUT_MS = 20_000;

const share = JSON.parse(process.env.SOCKET_CLIENT_SHARE!) as ClientShare;
const url = process.env.SOCKET_CLIENT_URL!;
const secret = process.env.SOCKET_CLIENT_SECRET!;
const sockets: LiveSocket[] = [];
let next = 0;
let dropped = 0;

function openOne(k: number): Promise<LiveSocket> {
  const userId = share.firstUserId + k;
  const headers = { [IDENTITY_HEADER]: signIdentity({ userId, role: 'user', sessionId: `bench-${userId}` }, secret) };
  const opening = openSocket(url, headers, {
    perMessageDeflate: false,
    localAddress: addressOf(share, k),
    handshakeTimeout: READY_TIMEOUT_MS,
  });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>(
    (_, reject) => (timer = setTimeout(() => reject(new Error(`no 'ready' within ${READY_TIMEOUT_MS} ms`)), READY_TIMEOUT_MS)),
  );
  return Promise.race([opening, timeout]).finally(() => clearTimeout(timer));
}

async function openWave(count: number): Promise<WaveReport> {
  const wanted = Array.from({ length: Math.min(count, share.count - next) }, () => next++);
  let failed = 0;
  let firstError: string | null = null;
  for (const result of await Promise.allSettled(wanted.map(openOne))) {
    if (result.status === 'fulfilled') {
      sockets.push(result.value);
      void result.value.closed.then(() => dropped++);
    } else {
      failed++;
      firstError ??= String((result.reason as Error)?.message ?? result.reason);
    }
  }
  const held = sockets.length - dropped;
  return { type: 'wave', opened: wanted.length - failed, failed, firstError, held, dropped };
}

async function closeNewest(count: number): Promise<WaveReport> {
  const closing = sockets.splice(Math.max(0, sockets.length - count), count);
  for (const socket of closing) socket.ws.close();
  // Their 'closed' would count them as dropped: they were closed on purpose.
  await Promise.all(closing.map((s) => s.closed));
  dropped -= closing.length;
  return { type: 'wave', opened: 0, failed: 0, firstError: null, held: sockets.length - dropped, dropped };
}

process.on('message', (command: ClientCommand) => {
  if (command.type === 'open') {
    void openWave(command.count).then((report) => process.send!(report));
  } else if (command.type === 'close') {
    void closeNewest(command.count).then((report) => process.send!(report));
  } else {
    for (const socket of sockets) socket.ws.terminate();
    process.disconnect();
    process.exit(0);
  }
});
