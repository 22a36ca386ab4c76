/**
 * Two notifications instances behind the gateway (decision 049), on the distributed product:
 *
 * 1. `size.sockets` other sockets, half on each instance, opened straight to the instances as the
 *    one-instance scenario does (sockets.ts): through the gateway each would cost the gateway two
 *    open files, and this machine's limit of 20,000 a process would stop it near 10,000.
 * 2. `size.members` post owners, each with two tabs opened through the gateway one after another,
 *    which sends consecutive sockets to the two instances in turn: every owner has a tab on each.
 * 3. One liker likes the owners' posts through the gateway, `size.likeRate` a second (open loop,
 *    socket-likes.ts), round robin over the owners. Halfway through, the second instance is killed
 *    (SIGKILL). Its tabs reconnect through the gateway after about a second, as the web app's
 *    client does, naming the newest notification they saw (`/ws?after=<id>`): the gateway passes the
 *    dead instance over and the survivor sends them what they missed after 'ready'.
 * 4. Every tab must have every like of its owner exactly once. The row `like-to-every-tab` times
 *    each (tab, like) from when the like was due to that tab receiving it (a missed one counts its
 *    reconnect too); the report counts duplicates, misses, the tabs the kill closed and their
 *    reconnect times, and the surviving instance's event-loop delay over the run.
 * The killed instance is started again at the end, for the scenarios after this one.
 */
import type { SocketMessage } from '@kora/contracts';
import { openSocket, wsUrl, type LiveSocket } from '@kora/testing/websocket';
import { openFleet, type Fleet } from './socket-fleet.js';
import { likeAtRate, makePosts, memberToken, until, type DueAt } from './socket-likes.js';
import { readEventLoop, type LoopWindow } from './socket-loop.js';
import { fromLatencies, percentile, type Scenario } from './scenario.js';

export interface InstancesSize {
  /** Other sockets, half on each instance. */
  sockets: number;
  /** Post owners with a tab on each instance. */
  members: number;
  likes: number;
  likeRate: number;
  wave: number;
}

export interface InstancesBenchTarget {
  gatewayUrl: string;
  /** The two instances' own addresses, the one to kill second. */
  instanceUrls: [string, string];
  secrets: { INTERNAL_SECRET: string; ACCESS_TOKEN_SECRET: string };
  size: InstancesSize;
  /** Kills the second instance (SIGKILL), and starts it again. */
  killSecond(): Promise<void>;
  restartSecond(): Promise<void>;
}

export interface InstancesFigures {
  /** Other sockets opened on each instance. */
  otherSockets: [number, number];
  tabs: number;
  likes: number;
  /** (tab, like) pairs delivered more than once, and never. */
  duplicates: number;
  missed: number;
  /** Tabs the kill closed, how many reconnected through the gateway, and their reconnect times (close to 'ready'). */
  tabsClosed: number;
  reconnected: number;
  reconnectP50Ms: number;
  reconnectMaxMs: number;
  /** Likes sent while a closed tab was away that it received once back ('ready' again): caught up. */
  caughtUp: number;
  /** The surviving instance's event-loop delay over the likes. */
  survivorEventLoop: LoopWindow;
}

const LIKER = 899_999;
const FIRST_OWNER = 900_001;
const FIRST_OTHER = 910_001;
/** About the web app's first reconnect delay (web/app/utils/live-notifications.ts: 1 s, ±25 %). */
const RECONNECT_MS = 1_000;
/** Address slot 16 (127.0.0.18) on: the one-instance scenario's 50,000 sockets use three slots at most. */
const INSTANCE_FIRST_SLOT = 16;

const say = (text: string) => process.stdout.write(`instances bench: ${text}\n`);

/** One tab of an owner, through the gateway; reopened with `?after=` when the server side goes away. */
class Tab {
  socket: LiveSocket | null = null;
  /** Post id → arrivals (performance.now()) of its notification. */
  readonly arrivals = new Map<number, number[]>();
  /** The newest notification id this tab knows of (sent, or covered by a 'ready'); null before any 'ready'. */
  newestId: number | null = null;
  closedAt: number | null = null;
  /** When 'ready' came back after the kill closed it. */
  readyAgainAt: number | null = null;
  private stopped = false;

  constructor(
    readonly ownerId: number,
    private readonly gatewayUrl: string,
    private readonly token: string,
  ) {}

  async open(after: number | null): Promise<void> {
    const url = wsUrl(this.gatewayUrl, after === null ? '/ws' : `/ws?after=${after}`);
    const socket = await openSocket(
      url,
      { authorization: `Bearer ${this.token}` },
      { perMessageDeflate: false, onMessage: (m) => this.onMessage(m) },
    );
    this.socket = socket;
    void socket.closed.then(() => this.onClosed(socket));
  }

  private onMessage(message: SocketMessage): void {
    if (message.type === 'ready') {
      if (this.closedAt !== null) this.readyAgainAt = performance.now();
      if (message.newestId !== undefined) this.newestId = Math.max(this.newestId ?? 0, message.newestId);
      return;
    }
    if (message.type !== 'notification:new') return;
    const { id, meta } = message.notification;
    this.newestId = Math.max(this.newestId ?? 0, id);
    if (meta.postId === null) return;
    const list = this.arrivals.get(meta.postId) ?? [];
    list.push(performance.now());
    this.arrivals.set(meta.postId, list);
  }

  private onClosed(socket: LiveSocket): void {
    if (this.stopped || socket !== this.socket) return;
    this.closedAt = performance.now();
    const retry = async (attempt: number): Promise<void> => {
      await new Promise((r) => setTimeout(r, RECONNECT_MS * (0.75 + 0.5 * Math.random())));
      if (this.stopped) return;
      await this.open(this.newestId).catch(() => (attempt < 10 ? retry(attempt + 1) : undefined));
    };
    void retry(1);
  }

  close(): void {
    this.stopped = true;
    this.socket?.ws.terminate();
  }
}

export async function benchInstances(target: InstancesBenchTarget): Promise<{ results: Scenario[]; instances: InstancesFigures }> {
  const { size, secrets } = target;
  const half = Math.floor(size.sockets / 2);
  const fleets: Fleet[] = [];
  const tabs: Tab[] = [];
  let killed = false;
  try {
    for (const [i, url] of target.instanceUrls.entries()) {
      const fleet = await openFleet({
        url: wsUrl(url),
        secret: secrets.INTERNAL_SECRET,
        sockets: i === 0 ? half : size.sockets - half,
        wave: size.wave,
        perProcess: 15_000,
        perAddress: 20_000,
        firstUserId: FIRST_OTHER + i * half,
        // Past the slots the one-instance scenario uses (its ports to instance 1 linger in TIME_WAIT).
        firstSlot: INSTANCE_FIRST_SLOT + i,
      });
      fleets.push(fleet);
      say(`instance ${i + 1}: ${fleet.opened} other sockets open${fleet.stoppedBecause ? ` (stopped: ${fleet.stoppedBecause})` : ''}`);
    }
    const owners = Array.from({ length: size.members }, (_, i) => FIRST_OWNER + i);
    const tokens = await Promise.all(owners.map((owner) => memberToken(owner, secrets.ACCESS_TOKEN_SECRET)));
    // One after another: the gateway sends consecutive sockets to the instances in turn.
    for (const [i, owner] of owners.entries()) {
      for (let k = 0; k < 2; k++) {
        const tab = new Tab(owner, target.gatewayUrl, tokens[i]!);
        await tab.open(null);
        tabs.push(tab);
      }
    }
    // Each owner's posts; like n goes to owner n % members.
    const perOwner = Math.ceil(size.likes / size.members);
    const posts = await Promise.all(owners.map((owner, i) => makePosts(target.gatewayUrl, owner, tokens[i]!, perOwner)));
    const postIds = Array.from({ length: size.likes }, (_, n) => posts[n % size.members]![Math.floor(n / size.members)]!);
    const ownerOf = new Map(postIds.map((postId, n) => [postId, owners[n % size.members]!]));

    const likerToken = await memberToken(LIKER, secrets.ACCESS_TOKEN_SECRET);
    const dueAt: DueAt = new Map();
    await readEventLoop(target.instanceUrls[0], secrets.INTERNAL_SECRET); // starts the window
    let kill: Promise<void> = Promise.resolve();
    const { errors, seconds, answerP99Ms } = await likeAtRate({
      gatewayUrl: target.gatewayUrl,
      likerToken,
      postIds,
      rate: size.likeRate,
      dueAt,
      onDue: (n) => {
        if (n === Math.floor(size.likes / 2)) {
          killed = true;
          say(`killing instance 2 after ${n} likes`);
          kill = target.killSecond();
        }
      },
    });
    await kill;
    const received = (tab: Tab) => postIds.filter((postId) => ownerOf.get(postId) === tab.ownerId && tab.arrivals.has(postId)).length;
    const expected = (tab: Tab) => postIds.filter((postId) => ownerOf.get(postId) === tab.ownerId).length;
    await until(() => tabs.every((tab) => received(tab) >= expected(tab)), 30_000);
    await new Promise((r) => setTimeout(r, 1_000)); // a duplicate would have time to show up
    const survivorEventLoop = await readEventLoop(target.instanceUrls[0], secrets.INTERNAL_SECRET);

    const latencies: number[] = [];
    let duplicates = 0;
    let missed = 0;
    for (const tab of tabs) {
      for (const postId of postIds) {
        if (ownerOf.get(postId) !== tab.ownerId) continue;
        const arrivals = tab.arrivals.get(postId) ?? [];
        if (arrivals.length === 0) missed++;
        if (arrivals.length > 1) duplicates++;
        if (arrivals[0] !== undefined) latencies.push(arrivals[0] - dueAt.get(postId)!);
      }
    }
    const closed = tabs.filter((tab) => tab.closedAt !== null);
    const reconnects = closed.flatMap((tab) => (tab.readyAgainAt === null ? [] : [tab.readyAgainAt - tab.closedAt!])).sort((a, b) => a - b);
    // Sent while a tab was away and received once it was back.
    const caughtUp = closed.reduce((sum, tab) => {
      const back = tab.readyAgainAt ?? Infinity;
      return sum + [...tab.arrivals].filter(([postId, [first]]) => dueAt.get(postId)! < back && first! >= back).length;
    }, 0);
    const row = fromLatencies('like-to-every-tab', latencies, errors + missed + duplicates, seconds);
    return {
      results: [
        {
          ...row,
          notes: {
            offered_rps: size.likeRate,
            like_answer_p99_ms: answerP99Ms,
            tabs: tabs.length,
            duplicates,
            missed,
            tabs_closed: closed.length,
          },
        },
      ],
      instances: {
        otherSockets: [fleets[0]?.opened ?? 0, fleets[1]?.opened ?? 0],
        tabs: tabs.length,
        likes: postIds.length,
        duplicates,
        missed,
        tabsClosed: closed.length,
        reconnected: reconnects.length,
        reconnectP50Ms: Math.round(percentile(reconnects, 50)),
        reconnectMaxMs: Math.round(reconnects.at(-1) ?? 0),
        caughtUp,
        survivorEventLoop,
      },
    };
  } finally {
    for (const tab of tabs) tab.close();
    await Promise.all(fleets.map((fleet) => fleet.stop()));
    if (killed) await target.restartSecond();
  }
}
