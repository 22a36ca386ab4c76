/**
 * How much data each scenario seeds and how long it loads the product. `npm run bench` measures at
 * `benchSize()` (BENCH_* variables over the defaults README names); `npm test`'s smoke run
 * (smoke.test.ts) runs every scenario once at `SMOKE_SIZE`, only to see each one still produces
 * its figures.
 */
import type { MessagesSize } from './messages.js';
import type { InstancesSize } from './socket-instances.js';

export interface BenchSize {
  /** Each measured run's length. */
  durationMs: number;
  /** Unmeasured load before a measured run: connections, the JIT, cold caches; none when 0. */
  warmUpMs: number;
  /** pgbench's warm-up before feed-sql's measured window (feed-sql.ts says why it is long). */
  feedSqlWarmUpMs: number;
  /** pgbench transactions per client in place of feed-sql's timed run (warm-up and window), when set. */
  feedSqlTransactions: number | null;
  /** Interleaved rounds of the gateway comparison; the median is kept. */
  gatewayRounds: number;
  feed: { members: number; posts: number };
  /** Privacy changes saved and taken back in the settings scenario. */
  settingsRounds: number;
  groups: number;
  search: { posts: number; authors: number; members: number };
  reels: number;
  reelVideo: { rounds: number; clip: { seconds: number; width: number; height: number; fps: number } };
  sockets: { asked: number; likes: number; likeRate: number; wave: number; settleMs: number };
  /** Two notifications instances behind the gateway (socket-instances.ts): their sockets, the members watched, likes and rate. */
  instances: InstancesSize;
  messages: MessagesSize;
  /** Paid references seeded for webhooks-distinct: a run that answers more ends early. */
  webhookReferences: number;
  /** Photo posts in the media-bytes member's feed, and how many of them it scrolls through. */
  mediaBytes: { posts: number; scrolledPosts: number };
}

const numberFrom = (env: NodeJS.ProcessEnv, name: string, fallback: number) => Number(env[name] ?? fallback);

/** The bench's own size: what docs/performance.md's figures are measured at. */
export function benchSize(env: NodeJS.ProcessEnv = process.env): BenchSize {
  return {
    durationMs: numberFrom(env, 'BENCH_DURATION_MS', 10_000),
    warmUpMs: 3_000,
    feedSqlWarmUpMs: 30_000,
    feedSqlTransactions: null,
    // Five interleaved rounds: single rounds of the gateway comparison differ by up to a tenth on these machines.
    gatewayRounds: numberFrom(env, 'BENCH_ROUNDS', 5),
    feed: { members: numberFrom(env, 'BENCH_FEED_MEMBERS', 1_000), posts: numberFrom(env, 'BENCH_FEED_POSTS', 10_000) },
    settingsRounds: numberFrom(env, 'BENCH_SETTINGS_ROUNDS', 20),
    groups: 10_000,
    search: {
      posts: numberFrom(env, 'BENCH_SEARCH_POSTS', 1_000_000),
      authors: 1_000,
      members: numberFrom(env, 'BENCH_SEARCH_MEMBERS', 1_000_000),
    },
    reels: 5_000,
    reelVideo: { rounds: numberFrom(env, 'BENCH_REEL_ROUNDS', 2), clip: { seconds: 60, width: 1080, height: 1920, fps: 30 } },
    sockets: {
      asked: numberFrom(env, 'BENCH_SOCKETS', 50_000),
      likes: numberFrom(env, 'BENCH_LIKES', 1_000),
      likeRate: numberFrom(env, 'BENCH_LIKE_RATE', 100),
      wave: 500,
      settleMs: 3_000,
    },
    instances: {
      sockets: numberFrom(env, 'BENCH_INSTANCE_SOCKETS', 20_000),
      members: 50,
      likes: numberFrom(env, 'BENCH_LIKES', 1_000),
      likeRate: numberFrom(env, 'BENCH_LIKE_RATE', 100),
      wave: 500,
    },
    webhookReferences: 40_000,
    mediaBytes: { posts: numberFrom(env, 'BENCH_MEDIA_POSTS', 22), scrolledPosts: 20 },
    messages: {
      sockets: numberFrom(env, 'BENCH_MESSAGE_SOCKETS', 10_000),
      rate: numberFrom(env, 'BENCH_MESSAGE_RATE', 200),
      sendMs: numberFrom(env, 'BENCH_DURATION_MS', 10_000),
      messages: numberFrom(env, 'BENCH_MESSAGES', 1_000_000),
      conversations: 10_000,
    },
  };
}

/**
 * Small enough for seconds a scenario, large enough that every query of every scenario finds
 * what it looks for (search's accented name is the 259th author; groups' rare word the 7th group).
 */
export const SMOKE_SIZE: BenchSize = {
  durationMs: 1_000,
  // No warm-up: the figures only have to be there, not settled. A 500 ms warm-up was a whole second
  // of wrk (it counts in seconds) at 50 connections before each of five runs, on both cores.
  warmUpMs: 0,
  // Counted, not timed: on a starved machine even a 6-second run (5 s of warm-up) ended before any
  // of pgbench's first transactions (each client prepares every page's statements) did, and
  // feed-sql measured nothing.
  feedSqlWarmUpMs: 0,
  feedSqlTransactions: 3,
  gatewayRounds: 1,
  feed: { members: 20, posts: 40 },
  settingsRounds: 1,
  groups: 300,
  search: { posts: 2_000, authors: 300, members: 300 },
  reels: 60,
  reelVideo: { rounds: 1, clip: { seconds: 2, width: 360, height: 640, fps: 15 } },
  sockets: { asked: 50, likes: 3, likeRate: 10, wave: 25, settleMs: 200 },
  instances: { sockets: 40, members: 2, likes: 6, likeRate: 10, wave: 20 },
  webhookReferences: 300,
  mediaBytes: { posts: 3, scrolledPosts: 3 },
  // 250 conversations: the reader's list (200 of them) fills its first page.
  messages: { sockets: 50, rate: 20, sendMs: 1_000, messages: 2_000, conversations: 250 },
};
