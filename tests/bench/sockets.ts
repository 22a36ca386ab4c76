/**
 * Live-notification scenarios on the distributed product:
 *
 * 1. Sockets one notifications instance holds: `size.asked` connections (BENCH_SOCKETS, default 50,000, one
 *    member each) opened straight to the instance with gateway-signed identities (the gateway only
 *    pipes bytes once a socket is open), by client processes under their own open-files limits and
 *    from several loopback source addresses (socket-spread.ts, socket-fleet.ts), in waves. The
 *    instance's soft open-files limit is raised to its hard one first; opening stops at the target
 *    or at the first wave with failures, and the bench says which limit it met. Reports the sockets
 *    asked and opened, the instance's resident memory and JavaScript heap per socket.
 * 2. Like-to-socket latency while those sockets stay open: a member likes another member's posts
 *    through the gateway; the time from sending the like to the post owner's socket receiving
 *    `notification:new` covers posts' outbox, Kafka, the notifications writer, its outbox, Kafka
 *    again and the live fan-out. Meanwhile the instance's /healthz is timed every 50 ms: its round
 *    trip bounds the instance's event-loop delay from above.
 */
import type { SocketMessage } from '@kora/contracts';
import { signAccessToken } from '@kora/platform/access-token';
import { IDENTITY_HEADER, signIdentity } from '@kora/platform/identity';
import { openSocket, wsUrl, type LiveSocket } from '@kora/testing/websocket';
import { openFleet } from './socket-fleet.js';
import { heapUsedMb } from './socket-heap.js';
import { fileLimit, openFiles, raiseFileLimit, rssMb, type FileLimit } from './socket-process.js';
import type { Profilers } from './profiler.js';
import { fromLatencies, percentile, type Scenario } from './scenario.js';

export interface SocketBenchTarget {
  gatewayUrl: string;
  notificationsUrl: string;
  notificationsPid: number;
  secrets: { INTERNAL_SECRET: string; ACCESS_TOKEN_SECRET: string };
  /** BENCH_PROFILE's profilers: the likes (not the opening) are profiled as `like-to-socket`. */
  profilers?: Profilers;
  /** Sockets asked for, likes sent, sockets opened a wave, and the pause for the instance to settle (GC) before its memory is read. */
  size: { asked: number; likes: number; wave: number; settleMs: number };
}

/** Under a client process's 20,000 open files, with room for its own. */
const PER_PROCESS = Number(process.env.BENCH_SOCKETS_PER_PROCESS ?? 15_000);
/** Under the ~28,000 ephemeral ports of one source address, with room for other connections. */
const PER_ADDRESS = Number(process.env.BENCH_SOCKETS_PER_ADDRESS ?? 20_000);
/** Sockets closed again when the instance met its file limit, so it can still open its own connections. */
const HEADROOM = 200;
const FIRST_ID = 700_001;

function connect(url: string, userId: number, secret: string, onMessage?: (message: SocketMessage) => void): Promise<LiveSocket> {
  const identity = { userId, role: 'user' as const, sessionId: `bench-${userId}` };
  // Resolves on 'ready': registered and counted.
  return openSocket(url, { [IDENTITY_HEADER]: signIdentity(identity, secret) }, { perMessageDeflate: false, onMessage });
}

export interface SocketBenchResult {
  results: Scenario[];
  sockets: {
    asked: number;
    opened: number;
    failed: number;
    /** Why opening stopped short of `asked`; null when every socket opened. */
    stoppedBecause: string | null;
    /** The instance's open-files limit (after raising the soft one) and its open files before and after. */
    fileLimit: FileLimit;
    openFilesBefore: number;
    openFilesAfter: number;
    clientProcesses: number;
    sourceAddresses: string[];
    openSeconds: number;
    rssBeforeMb: number;
    rssAfterMb: number;
    kbPerSocket: number;
    heapBeforeMb: number | null;
    heapAfterMb: number | null;
    heapKbPerSocket: number | null;
    /** Open while the likes ran (opened less the headroom closed at the limit). */
    held: number;
    /** Still open after the likes (the heartbeat drops a socket that misses a pong). */
    heldAfterLikes: number;
    /** The instance's /healthz round trip while the likes ran (an upper bound of its event-loop delay). */
    healthzP50Ms: number;
    healthzP99Ms: number;
    healthzMaxMs: number;
  };
}

const round1 = (n: number) => Math.round(n * 10) / 10;

export async function benchSockets(target: SocketBenchTarget): Promise<SocketBenchResult> {
  const pid = target.notificationsPid;
  const asked = target.size.asked;
  const limit = raiseFileLimit(pid);
  const say = (text: string) => process.stdout.write(`sockets bench: ${text}\n`);
  const openFilesBefore = openFiles(pid);
  say(
    `notifications (pid ${pid}) open-files limit ${limit.soft} (hard ${limit.hard}), ${openFilesBefore} open; asking for ${asked} sockets`,
  );
  const owner = await openOwnerSocket(target);
  const heapBefore = await heapUsedMb(pid);
  const before = rssMb(pid);
  const t0 = performance.now();
  let reported = 0;
  const fleet = await openFleet({
    url: wsUrl(target.notificationsUrl),
    secret: target.secrets.INTERNAL_SECRET,
    sockets: asked,
    wave: target.size.wave,
    perProcess: PER_PROCESS,
    perAddress: PER_ADDRESS,
    firstUserId: FIRST_ID,
    onWave: ({ opened, failed }) => {
      if (opened < reported + 5_000 && !failed) return;
      reported = opened;
      say(`${opened} open (${failed} failed), the instance holds ${openFiles(pid)} files, ${Math.round(rssMb(pid))} MB`);
    },
  });
  const openSeconds = (performance.now() - t0) / 1000;
  try {
    let released = 0;
    if (fleet.stoppedBecause) {
      say(
        `stopped at ${fleet.opened} of ${asked}: ${fleet.stoppedBecause}; the instance holds ${openFiles(pid)} files of its limit ${fileLimit(pid).soft}`,
      );
      // At its limit the instance could not open a database or broker connection, nor answer /healthz: give it room.
      await fleet.release(HEADROOM);
      released = HEADROOM;
      say(`closed ${HEADROOM} sockets for headroom; the instance holds ${openFiles(pid)} files`);
    }
    await new Promise((r) => setTimeout(r, target.size.settleMs)); // let the instance settle (GC) before measuring
    const after = rssMb(pid);
    const heapAfter = await heapUsedMb(pid);
    const openFilesAfter = openFiles(pid);
    const held = fleet.opened - released;
    const perSocket = (mb: number) => (held ? round1((mb * 1024) / held) : 0);

    const loop = sampleHealthz(target.notificationsUrl);
    const likes = () => likeToSocket(target, owner, held);
    const latency = await (target.profilers ? target.profilers.around('like-to-socket', likes) : likes());
    const healthz = await loop.stop();
    const after_likes = await fleet.held();
    return {
      results: [latency],
      sockets: {
        asked: asked,
        opened: fleet.opened,
        failed: fleet.failed,
        stoppedBecause: fleet.stoppedBecause,
        fileLimit: limit,
        openFilesBefore,
        openFilesAfter,
        clientProcesses: fleet.processes,
        sourceAddresses: fleet.addresses,
        openSeconds: round1(openSeconds),
        rssBeforeMb: Math.round(before),
        rssAfterMb: Math.round(after),
        kbPerSocket: perSocket(after - before),
        heapBeforeMb: heapBefore === null ? null : round1(heapBefore),
        heapAfterMb: heapAfter === null ? null : round1(heapAfter),
        heapKbPerSocket: heapBefore === null || heapAfter === null ? null : perSocket(heapAfter - heapBefore),
        held,
        heldAfterLikes: after_likes.held,
        healthzP50Ms: healthz.p50,
        healthzP99Ms: healthz.p99,
        healthzMaxMs: healthz.max,
      },
    };
  } finally {
    owner.socket.ws.terminate();
    await fleet.stop();
  }
}

/** Times the instance's /healthz every 50 ms until stopped (one at a time, so a stall shows as one long sample). */
function sampleHealthz(url: string): { stop(): Promise<{ p50: number; p99: number; max: number }> } {
  const samples: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const t = performance.now();
      await fetch(new URL('/healthz', url)).then(
        (res) => res.arrayBuffer(),
        () => undefined,
      );
      samples.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      const sorted = samples.sort((a, b) => a - b);
      // The maximum too: a stall once per heartbeat is one sample in hundreds, below any percentile.
      return { p50: round1(percentile(sorted, 50)), p99: round1(percentile(sorted, 99)), max: round1(sorted.at(-1) ?? 0) };
    },
  };
}

/** The post owner's socket, opened before the others: at the instance's file limit no new one could open. */
interface OwnerSocket {
  userId: number;
  socket: LiveSocket;
  /** When each post's like was sent, by post id. */
  sentAt: Map<number, number>;
  latencies: number[];
}

async function openOwnerSocket(target: SocketBenchTarget): Promise<OwnerSocket> {
  const userId = FIRST_ID - 1;
  const sentAt = new Map<number, number>();
  const latencies: number[] = [];
  const socket = await connect(wsUrl(target.notificationsUrl), userId, target.secrets.INTERNAL_SECRET, (message) => {
    if (message.type !== 'notification:new') return;
    const postId = message.notification.meta.postId;
    const start = postId === null ? undefined : sentAt.get(postId);
    if (start !== undefined) latencies.push(performance.now() - start);
  });
  return { userId, socket, sentAt, latencies };
}

async function likeToSocket(target: SocketBenchTarget, owner: OwnerSocket, otherSockets: number): Promise<Scenario> {
  const liker = FIRST_ID - 2;
  const token = (userId: number) =>
    signAccessToken({ userId, role: 'user', sessionId: `bench-${userId}` }, target.secrets.ACCESS_TOKEN_SECRET, 3_600);
  const [ownerToken, likerToken] = await Promise.all([token(owner.userId), token(liker)]);
  const call = async (path: string, tokenValue: string, body: unknown) => {
    const res = await fetch(new URL(path, target.gatewayUrl), {
      method: 'POST',
      headers: { authorization: `Bearer ${tokenValue}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`POST ${path} answered ${res.status}: ${await res.text()}`);
    return res.json() as Promise<{ id: number }>;
  };
  // The posts to like are setup, not measured: a connection dropped by a busy machine is tried again.
  const post = async (i: number) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await call('/api/posts', ownerToken, { userId: owner.userId, content: `latency ${i}` });
      } catch (error) {
        if (attempt >= 5 || !(error instanceof TypeError)) throw error;
        await new Promise((resolve) => setTimeout(resolve, 1_000 * attempt));
      }
    }
  };
  const postIds: number[] = [];
  for (let i = 0; i <= target.size.likes; i++) postIds.push((await post(i)).id);

  const { sentAt, latencies, socket } = owner;
  let errors = 0;
  // Drain first: earlier scenarios leave a backlog of events (the feed seeding's likes) that the
  // writer works through in order. One like whose notification arrives marks the queue empty.
  const probe = postIds.shift()!;
  sentAt.set(probe, performance.now());
  await call(`/api/posts/${probe}/react`, likerToken, { reaction: 'like' });
  const drainUntil = Date.now() + 600_000;
  while (latencies.length === 0 && Date.now() < drainUntil) await new Promise((r) => setTimeout(r, 200));
  process.stdout.write(`sockets bench: event backlog drained in ${Math.round(latencies[0] ?? -1)} ms\n`);
  latencies.length = 0;

  const started = performance.now();
  // Five likes a second: a steady trickle, each measured on its own.
  for (const postId of postIds) {
    sentAt.set(postId, performance.now());
    await call(`/api/posts/${postId}/react`, likerToken, { reaction: 'like' }).catch(() => errors++);
    await new Promise((r) => setTimeout(r, 200));
  }
  const deadline = Date.now() + 30_000;
  while (latencies.length < postIds.length - errors && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  socket.ws.terminate();
  const elapsed = (performance.now() - started) / 1000;
  const lost = postIds.length - errors - latencies.length;
  return { ...fromLatencies('like-to-socket', latencies, errors + lost, elapsed), notes: { other_sockets_open: otherSockets } };
}
