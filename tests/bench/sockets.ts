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
 *    through the gateway at `size.likeRate` a second (open loop, socket-likes.ts); the time from
 *    when a like was due to the post owner's socket receiving `notification:new` covers posts'
 *    outbox, Kafka, the notifications writer, its outbox, Kafka again and the live fan-out.
 *    Meanwhile the instance's event-loop delay is read from inside it, and its /healthz round trip
 *    (an upper bound of that delay) is timed every 50 ms (socket-loop.ts); the CPU others used on
 *    the machine meanwhile is reported too (cpu.ts).
 */
import type { SocketMessage } from '@kora/contracts';
import { IDENTITY_HEADER, signIdentity } from '@kora/platform/identity';
import { openSocket, wsUrl, type LiveSocket } from '@kora/testing/websocket';
import { cpuNotes, watchCpu } from './cpu.js';
import { openFleet } from './socket-fleet.js';
import { heapUsedMb } from './socket-heap.js';
import { likeAtRate, makePosts, memberToken, until, type DueAt } from './socket-likes.js';
import { readEventLoop, sampleHealthz, type LoopWindow } from './socket-loop.js';
import { fileLimit, openFiles, raiseFileLimit, rssMb, type FileLimit } from './socket-process.js';
import type { Profilers } from './profiler.js';
import { fromLatencies, type Scenario } from './scenario.js';

export interface SocketBenchTarget {
  gatewayUrl: string;
  notificationsUrl: string;
  notificationsPid: number;
  secrets: { INTERNAL_SECRET: string; ACCESS_TOKEN_SECRET: string };
  /** BENCH_PROFILE's profilers: the likes (not the opening) are profiled as `like-to-socket`. */
  profilers?: Profilers;
  /** Sockets asked for, likes sent and how many a second, sockets opened a wave, and the pause for the instance to settle (GC) before its memory is read. */
  size: { asked: number; likes: number; likeRate: number; wave: number; settleMs: number };
  /** The product's processes (and PostgreSQL's postmaster): whose CPU per like is reported, and what others used. */
  pids?: Record<string, number | undefined>;
  postmaster?: number | undefined;
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
    /** The instance's own event-loop delay while the likes ran (GET /internal/event-loop). */
    eventLoop: LoopWindow;
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

    const likes = () => likeToSocket(target, owner, held);
    const { latency, eventLoop, healthz } = await (target.profilers ? target.profilers.around('like-to-socket', likes) : likes());
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
        eventLoop,
      },
    };
  } finally {
    owner.socket.ws.terminate();
    await fleet.stop();
  }
}

/** The post owner's socket, opened before the others: at the instance's file limit no new one could open. */
interface OwnerSocket {
  userId: number;
  socket: LiveSocket;
  /** When each post's like was due, by post id. */
  dueAt: DueAt;
  latencies: number[];
}

async function openOwnerSocket(target: SocketBenchTarget): Promise<OwnerSocket> {
  const userId = FIRST_ID - 1;
  const dueAt: DueAt = new Map();
  const latencies: number[] = [];
  const socket = await connect(wsUrl(target.notificationsUrl), userId, target.secrets.INTERNAL_SECRET, (message) => {
    if (message.type !== 'notification:new') return;
    const postId = message.notification.meta.postId;
    const due = postId === null ? undefined : dueAt.get(postId);
    if (due !== undefined) latencies.push(performance.now() - due);
  });
  return { userId, socket, dueAt, latencies };
}

/** The processes a like passes through: their CPU per like is always reported. */
const LIKE_PATH = ['gateway', 'posts', 'notifications', 'kafka', 'postgres'];

async function likeToSocket(
  target: SocketBenchTarget,
  owner: OwnerSocket,
  otherSockets: number,
): Promise<{ latency: Scenario; eventLoop: LoopWindow; healthz: { p50: number; p99: number; max: number } }> {
  const liker = FIRST_ID - 2;
  const secret = target.secrets.ACCESS_TOKEN_SECRET;
  const [ownerToken, likerToken] = await Promise.all([memberToken(owner.userId, secret), memberToken(liker, secret)]);
  // The posts to like are setup, not measured; the first one drains the queue (below).
  const [probe, ...postIds] = await makePosts(target.gatewayUrl, owner.userId, ownerToken, target.size.likes + 1);
  const { dueAt, latencies, socket } = owner;
  // Drain first: earlier scenarios leave a backlog of events (the feed seeding's likes) that the
  // writer works through in order. One like whose notification arrives marks the queue empty.
  await likeAtRate({ gatewayUrl: target.gatewayUrl, likerToken, postIds: [probe!], rate: 1, dueAt });
  await until(() => latencies.length > 0, 600_000);
  process.stdout.write(`sockets bench: event backlog drained in ${Math.round(latencies[0] ?? -1)} ms\n`);
  latencies.length = 0;

  const healthz = sampleHealthz(target.notificationsUrl);
  await readEventLoop(target.notificationsUrl, target.secrets.INTERNAL_SECRET); // starts the window
  const cpu = watchCpu(target.pids ?? {}, target.postmaster);
  const { errors, seconds, answerP50Ms, answerP99Ms } = await likeAtRate({
    gatewayUrl: target.gatewayUrl,
    likerToken,
    postIds,
    rate: target.size.likeRate,
    dueAt,
  });
  await until(() => latencies.length >= postIds.length - errors, 30_000);
  const eventLoop = await readEventLoop(target.notificationsUrl, target.secrets.INTERNAL_SECRET);
  const loop = await healthz.stop();
  const cpuPerLike = { ...cpu.perRequest(postIds.length), others_cores: cpu.othersCores() };
  socket.ws.terminate();
  const lost = postIds.length - errors - latencies.length;
  const latency = {
    ...fromLatencies('like-to-socket', latencies, errors + lost, seconds),
    notes: {
      offered_rps: target.size.likeRate,
      other_sockets_open: otherSockets,
      lost,
      like_answer_p50_ms: answerP50Ms,
      like_answer_p99_ms: answerP99Ms,
      event_loop_p99_ms: eventLoop.p99Ms,
      event_loop_max_ms: eventLoop.maxMs,
      ...cpuNotes(cpuPerLike, LIKE_PATH),
    },
  };
  return { latency, eventLoop, healthz: loop };
}
