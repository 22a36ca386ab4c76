/**
 * Feed scenarios: `GET /api/posts` (first page, 20 posts) through the gateway for 1,000 members
 * with about 20 friends each, over 10,000 posts with likes and comments, on real PostgreSQL:
 *   feed         closed loop, 50 connections (wrk), 100 members' tokens in turn
 *   feed-200rps  open loop at 200 requests/s: the latency a member sees at a steady load
 *   feed-sql     the same pages' SQL straight on PostgreSQL (feed-sql.ts): the ceiling
 *
 * Seeding plays two roles. Members and friendships arrive the way they do in production — as
 * `user.registered` and `friend-request.accepted` events on Kafka, published here in the place of
 * the auth and friends services — so the posts service builds its own projections. Posts, likes
 * and comments go through the public API with members' tokens, like clients.
 */
import { DEFAULT_AVATAR, friendPairKey, topicOf, type EventType, type Post } from '@kora/contracts';
import { buildEnvelope, createLogger, KafkaEventBus, openPostgres, rowsOf, type BusMessage, type NewEvent } from '@kora/platform';
import { signAccessToken } from '@kora/platform/access-token';
// The vitest-free part of @kora/testing: the package's index carries test-file helpers that need vitest.
import { eventually } from '@kora/testing/adapters';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { Pool } from 'undici';
import { captureFeedStatements, runFeedSql, type Statement } from './feed-sql.js';
import { cpuNotes, watchCpu } from './cpu.js';
import { runOpenLoop } from './open-loop.js';
import type { Profilers } from './profiler.js';
import type { Scenario } from './scenario.js';
import { runWrk } from './wrk.js';

/** The feed's path: always reported, even when a process used no CPU. */
const FEED_PATH = ['gateway', 'posts', 'postgres'];

export interface FeedBenchTarget {
  gatewayUrl: string;
  databaseUrl: string;
  /** Where the seed's events go: the product's broker, under its topic prefix. */
  kafka: KafkaTarget;
  accessTokenSecret: string;
  internalSecret: string;
  durationMs: number;
  warmUpMs: number;
  /** pgbench's warm-up before feed-sql's measured window. */
  sqlWarmUpMs: number;
  /** pgbench transactions per client instead of a timed run, when set. */
  sqlTransactions: number | null;
  size: { members: number; posts: number };
  profilers: Profilers;
  /** Process ids of the product's processes (and Kafka's), to tell where the CPU went. */
  pids: Record<string, number | undefined>;
  /** PostgreSQL's postmaster when the bench started the server: only its backends are counted. */
  postmaster?: number;
  /** Resolves when the services have worked off every event sent so far and PostgreSQL's housekeeping is done (run.ts). */
  settle(before: string): Promise<void>;
}

const CONNECTIONS = 50;

export interface KafkaTarget {
  KAFKA_BROKERS: string;
  KAFKA_TOPIC_PREFIX?: string;
}

const SEED_RETRIES = 5;
const FRIENDS_EACH = 10; // pairs started per member: about 20 friends each on average
const FIRST_ID = 500_001;
const WORDS =
  'naija jollof lagos abuja market friends family sunday rain traffic danfo music afrobeats football school church work weekend'.split(' ');

/** Deterministic pseudo-random numbers, so two runs seed the same graph. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1_664_525 + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

function sentence(rand: () => number): string {
  return Array.from({ length: 6 + Math.floor(rand() * 20) }, () => WORDS[Math.floor(rand() * WORDS.length)]).join(' ');
}

/** Makes `userId` a friend of each of `friends`, as the friends service would announce it. */
export async function befriend(kafka: KafkaTarget, userId: number, friends: number[]): Promise<void> {
  await publishEvents(
    kafka,
    friends.map((friend, i) => ({
      type: 'friend-request.accepted',
      aggregateId: friendPairKey(userId, friend),
      actorId: friend,
      payload: { requestId: 9_000_000 + i, fromUserId: userId, toUserId: friend },
    })),
  );
}

async function publishEvents(kafka: KafkaTarget, events: NewEvent<EventType>[]): Promise<void> {
  const bus = new KafkaEventBus({
    brokers: kafka.KAFKA_BROKERS.split(','),
    topicPrefix: kafka.KAFKA_TOPIC_PREFIX ?? '',
    clientId: 'bench-seed',
    log: createLogger('bench', 'warn'),
  });
  try {
    const messages: BusMessage[] = events.map((event) => {
      const envelope = buildEnvelope(event);
      return { topic: topicOf(event.type), key: envelope.aggregateId, value: JSON.stringify(envelope) };
    });
    await bus.ensureTopics([...new Set(messages.map((m) => m.topic))]);
    for (let at = 0; at < messages.length; at += 1_000) await bus.publish(messages.slice(at, at + 1_000));
  } finally {
    await bus.close();
  }
}

/**
 * Runs `count` calls, `concurrency` at a time; fails on the first unexpected status. With `onBody`,
 * each answer's parsed JSON body is handed to it as the answer arrives. A 503 (the gateway gave up
 * on a service slowed by a busy machine) is tried again a few times: this is the seed, not what is
 * measured, and a post or like made twice that way changes no figure.
 */
async function callMany<T = unknown>(
  pool: Pool,
  count: number,
  concurrency: number,
  make: (i: number) => { path: string; token: string; body?: unknown },
  expect: number[],
  onBody?: (body: T) => void,
) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const call = make(next++);
        const send = async () => {
          const res = await pool.request({
            method: 'POST',
            path: call.path,
            headers: { authorization: `Bearer ${call.token}`, 'content-type': 'application/json' },
            body: JSON.stringify(call.body ?? {}),
          });
          return { status: res.statusCode, text: await res.body.text() };
        };
        let { status, text } = await send();
        for (let retry = 1; status === 503 && retry <= SEED_RETRIES; retry++) {
          await new Promise((resolve) => setTimeout(resolve, 1_000 * retry));
          ({ status, text } = await send());
        }
        if (!expect.includes(status)) throw new Error(`POST ${call.path} answered ${status}: ${text}`);
        onBody?.(JSON.parse(text) as T);
      }
    }),
  );
}

export async function benchFeed(target: FeedBenchTarget): Promise<{ results: Scenario[]; plan: string; members: number[] }> {
  const { members: MEMBERS, posts: POSTS } = target.size;
  const LIKES = POSTS * 2;
  const COMMENTS = Math.round(POSTS / 2);
  const rand = random(42);
  const ids = Array.from({ length: MEMBERS }, (_, i) => FIRST_ID + i);
  const tokens = new Map<number, string>();
  for (const id of ids)
    tokens.set(id, await signAccessToken({ userId: id, role: 'user', sessionId: `bench-${id}` }, target.accessTokenSecret, 3_600));

  const t0 = performance.now();
  const users: NewEvent<'user.registered'>[] = ids.map((userId) => ({
    type: 'user.registered',
    aggregateId: userId,
    actorId: userId,
    payload: {
      userId,
      username: `member_${userId}`,
      firstname: 'Bench',
      lastname: `Member ${userId}`,
      profileImage: DEFAULT_AVATAR,
      coverImage: null,
      bio: '',
      role: 'user',
      email: `member_${userId}@bench.example`,
      createdAt: new Date().toISOString(),
    },
  }));
  const pairs = new Set<string>();
  const friendships: NewEvent<'friend-request.accepted'>[] = [];
  for (const from of ids) {
    for (let k = 0; k < FRIENDS_EACH; k++) {
      const to = ids[Math.floor(rand() * ids.length)]!;
      const key = friendPairKey(from, to);
      if (to === from || pairs.has(key)) continue;
      pairs.add(key);
      friendships.push({
        type: 'friend-request.accepted',
        aggregateId: key,
        actorId: to,
        payload: { requestId: friendships.length + 1, fromUserId: from, toUserId: to },
      });
    }
  }
  const pool = new Pool(target.gatewayUrl, { connections: 16 });
  // BENCH_REUSE=1 keeps the servers' data between runs: a database already seeded is used as it is.
  const seeded = await postsSeeded(target.databaseUrl, POSTS);
  if (!seeded) await seed();
  async function seed() {
    await publishEvents(target.kafka, [...users, ...friendships]);
    const postIds: number[] = [];
    await callMany<Post>(
      pool,
      POSTS,
      16,
      (i) => {
        const author = ids[i % ids.length]!;
        const media = i % 3 === 0 ? [{ url: `/uploads/images/${randomBytes(16).toString('hex')}.webp`, type: 'image' }] : [];
        return { path: '/api/posts', token: tokens.get(author)!, body: { userId: author, content: sentence(rand), media } };
      },
      [201],
      (post) => postIds.push(post.id),
    );
    const pick = <T>(list: T[]) => list[Math.floor(rand() * list.length)]!;
    await callMany(
      pool,
      LIKES,
      16,
      () => ({ path: `/api/posts/${pick(postIds)}/react`, token: tokens.get(pick(ids))!, body: { reaction: 'like' } }),
      [200],
    );
    await callMany(
      pool,
      COMMENTS,
      16,
      () => ({ path: `/api/posts/${pick(postIds)}/comment`, token: tokens.get(pick(ids))!, body: { content: sentence(rand) } }),
      [201],
    );
  }
  const seedSeconds = (performance.now() - t0) / 1000;

  // The projections catch up from Kafka: wait until a member's feed holds a friend's post.
  const { fromUserId: a, toUserId: b } = friendships[0]!.payload;
  await eventually(
    async () => {
      const res = await pool.request({ method: 'GET', path: '/api/posts?limit=50', headers: { authorization: `Bearer ${tokens.get(a)}` } });
      const posts = (await res.body.json()) as Post[];
      return Array.isArray(posts) && posts.some((p) => p.author.id === b && p.author.username === `member_${b}`);
    },
    120_000,
    500,
  ).catch((error: unknown) => {
    throw new Error('the posts service did not catch up with the seeded events in 2 minutes', { cause: error });
  });
  await pool.close();
  // The seed leaves tens of thousands of events (notifications for every like and comment, the
  // projections), and their rows for autovacuum: measured before, the feed shared the CPU with them.
  await target.settle('feed');
  process.stdout.write(
    `feed bench: ${seeded ? 'reused' : 'seeded'} ${MEMBERS} members, ${pairs.size} friendships, ${POSTS} posts, ${LIKES} likes, ${COMMENTS} comments in ${seedSeconds.toFixed(1)} s\n`,
  );

  // The same 100 members for every feed scenario: pgbench takes at most 128 scripts (one a member).
  const sample = Array.from({ length: Math.min(100, ids.length) }, (_, i) => ids[(i * 7_919) % ids.length]!);
  const requests = sample.map((id) => ({ path: '/api/posts?limit=20', headers: { authorization: `Bearer ${tokens.get(id)}` } }));
  if (target.warmUpMs > 0)
    await runWrk({ name: 'feed-warm-up', url: target.gatewayUrl, requests, connections: CONNECTIONS, durationMs: target.warmUpMs });
  const cpu = watchCpu(target.pids, target.postmaster);
  const feed = await target.profilers.around('feed', () =>
    runWrk({ name: 'feed', url: target.gatewayUrl, requests, connections: CONNECTIONS, durationMs: target.durationMs }),
  );
  const cpuPerRequest = { ...cpu.perRequest(feed.requests ?? 0), others_cores: cpu.othersCores() };
  const sampleAnswer = await (await fetch(new URL(requests[0]!.path, target.gatewayUrl), { headers: requests[0]!.headers })).text();
  const openCpu = watchCpu(target.pids, target.postmaster);
  const open = await runOpenLoop({
    name: 'feed-200rps',
    url: target.gatewayUrl,
    rate: 200,
    durationMs: target.durationMs,
    next: (n) => requests[n % requests.length]!,
  });
  const openCpuPerRequest = { ...openCpu.perRequest(open.requests ?? 0), others_cores: openCpu.othersCores() };
  // Reads send no events, so this is a check more than a wait.
  await target.settle('feed-sql');
  const pages = await captureFeedStatements(target.databaseUrl, target.internalSecret, sample);
  const sqlCpu = watchCpu(target.pids, target.postmaster);
  const sqlCeiling = await runFeedSql(target.databaseUrl, pages, CONNECTIONS, {
    warmUpMs: target.sqlWarmUpMs,
    durationMs: target.durationMs,
    transactionsPerClient: target.sqlTransactions,
  });
  // Over the whole pgbench run, warm-up included: PostgreSQL's CPU per page, to set beside the feed's.
  const sqlNotes = {
    cpu_ms_per_page_postgres: sqlCpu.perRequest(Number(sqlCeiling.notes?.transactions_total ?? 0)).postgres!,
    others_cores: sqlCpu.othersCores(),
  };
  const notes = {
    members: MEMBERS,
    posts: POSTS,
    friendships: pairs.size,
    answer_bytes: Buffer.byteLength(sampleAnswer),
    ...cpuNotes(cpuPerRequest, FEED_PATH),
  };
  return {
    results: [
      { ...feed, notes },
      { ...open, notes: cpuNotes(openCpuPerRequest, FEED_PATH) },
      { ...sqlCeiling, notes: { ...sqlCeiling.notes, ...sqlNotes } },
    ],
    plan: await feedPlan(target.databaseUrl, pages[0] ?? []),
    members: sample,
  };
}

/** True when the posts schema already holds the bench's posts (a run with BENCH_REUSE=1). */
async function postsSeeded(databaseUrl: string, posts: number): Promise<boolean> {
  const database = openPostgres(databaseUrl, 1);
  try {
    const result = await database.db.execute(sql`select count(*) as n from posts.posts where author_id >= ${FIRST_ID}`);
    return (rowsOf<{ n: number }>(result)[0]?.n ?? 0) >= posts;
  } catch {
    return false;
  } finally {
    await database.close();
  }
}

/**
 * EXPLAIN ANALYZE of one member's feed page: the statements the posts service's own route sent for
 * it (captured by feed-sql.ts), so the plan is the one of the SQL the service really sends (no copy
 * of it here). Only reads are explained: EXPLAIN ANALYZE runs what it explains.
 */
async function feedPlan(databaseUrl: string, page: Statement[]): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const plan: string[] = [];
    for (const statement of page.filter((s) => /^\s*(select|with)\b/i.test(s.sql))) {
      const result = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${statement.sql}`, statement.params);
      plan.push(...result.rows.map((row) => row['QUERY PLAN']));
    }
    return plan.join('\n');
  } finally {
    await client.end();
  }
}
