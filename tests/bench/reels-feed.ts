/**
 * The reels feed (`reels`): 5,000 published reels seeded straight into the stories_reels schema
 * (reels, their ready videos, their authors' snapshot rows; the seed is not what is measured), a
 * few of the reader's own processing reels and some deleted ones among them, then the first page
 * of `GET /api/reels` through the gateway in an open loop at a fixed rate (open-loop.ts), and the
 * second page (after the first page's cursor). The feed is one statement read in the order of
 * `reels_feed_idx`; services/stories-reels/src/reels/plans.test.ts checks that plan, so no plan is
 * printed here.
 */
import { signAccessToken } from '@kora/platform/access-token';
import pg from 'pg';
import { runOpenLoop } from './open-loop.js';
import type { Scenario } from './scenario.js';

const RATE = Number(process.env.BENCH_REELS_RPS ?? 100);
/** Authors of the seeded reels and the member who watches: ids far above what the product hands out. */
const AUTHOR_BASE = 8_100_000_000;
const AUTHORS = 500;
const READER = AUTHOR_BASE + AUTHORS + 1;
const VIDEO_BASE = 8_100_000_000;
/** Video ids of the seeded reels (at most ID_SPAN) and the reader's own. */
const ID_SPAN = 5_000;

async function seedReels(db: pg.Client, count: number): Promise<void> {
  if (count > ID_SPAN) throw new Error(`reels bench: at most ${ID_SPAN} reels`);
  const { rows } = await db.query<{ n: number }>('select count(*)::int as n from stories_reels.reels where video_id between $1 and $2', [
    VIDEO_BASE,
    VIDEO_BASE + ID_SPAN + 100,
  ]);
  if (rows[0]?.n === count + 10) return; // BENCH_REUSE: seeded by an earlier run
  await db.query('begin');
  await db.query('delete from stories_reels.reels where video_id between $1 and $2', [VIDEO_BASE, VIDEO_BASE + ID_SPAN + 100]);
  await db.query('delete from stories_reels.videos where video_id between $1 and $2', [VIDEO_BASE, VIDEO_BASE + ID_SPAN + 100]);
  // Ready vertical clips; every 50th the worker refused (a failed reel only its author sees).
  await db.query(
    `insert into stories_reels.videos (video_id, url, uploader_id, purpose, status, poster_url, duration_seconds, width, height, error, updated_at)
     select $1::bigint + i, '/uploads/videos/bench-' || i || '.mp4', $2::bigint + i % $3::int, 'reel',
            case when i % 50 = 0 then 'failed' else 'ready' end,
            case when i % 50 = 0 then null else '/uploads/videos/bench-' || i || '-poster.jpg' end,
            case when i % 50 = 0 then null else 5 + i % 80 end, 1080, 1920,
            case when i % 50 = 0 then 'Reels can be up to 90 seconds' end, now()
     from generate_series(1, $4::int) as i`,
    [VIDEO_BASE, AUTHOR_BASE, AUTHORS, count],
  );
  // Every 25th deleted: the feed skips it.
  await db.query(
    `insert into stories_reels.reels (author_id, video_url, video_id, caption, like_count, comment_count, share_count, created_at, deleted_at)
     select $2::bigint + i % $3::int, '/uploads/videos/bench-' || i || '.mp4', $1::bigint + i, 'Reel ' || i || ' from Lagos 🌅',
            i % 97, i % 13, i % 7, now() - make_interval(mins => $4::int - i), case when i % 25 = 0 then now() end
     from generate_series(1, $4::int) as i`,
    [VIDEO_BASE, AUTHOR_BASE, AUTHORS, count],
  );
  // The reader's own ten newest, still processing (no video row yet): they see them, nobody else does.
  await db.query(
    `insert into stories_reels.reels (author_id, video_url, video_id, caption)
     select $2::bigint, '/uploads/videos/bench-mine-' || i || '.mp4', $1::bigint + $3::int + i, 'Mine ' || i from generate_series(1, 10) as i`,
    [VIDEO_BASE, READER, ID_SPAN],
  );
  await db.query(
    `insert into stories_reels.members (user_id, username, display_name, profile_image, activated, joined_at, updated_at)
     select $1::bigint + i, 'reeler' || i, 'Reeler ' || i, '/uploads/profile/defaultavatar.png', true, now(), now() from generate_series(0, $2::int) as i
     on conflict (user_id) do nothing`,
    [AUTHOR_BASE, AUTHORS],
  );
  // A tenth of the authors show their profile to friends only: the reader is no friend of theirs.
  await db.query(
    `insert into stories_reels.member_privacy (user_id, profile_visibility, friend_request_policy, lookup_email, lookup_phone, show_online, tag_review, updated_at)
     select $1::bigint + i, 'friends', 'everyone', 'everyone', 'everyone', true, false, now() from generate_series(0, $2::int, 10) as i
     on conflict (user_id) do nothing`,
    [AUTHOR_BASE, AUTHORS],
  );
  await db.query('commit');
  await db.query(
    'analyze stories_reels.reels; analyze stories_reels.videos; analyze stories_reels.members; analyze stories_reels.member_privacy',
  );
}

export interface ReelsBenchTarget {
  gatewayUrl: string;
  databaseUrl: string;
  accessTokenSecret: string;
  durationMs: number;
  warmUpMs: number;
  reels: number;
  /** Waits for the event backlog and PostgreSQL's upkeep (run.ts) before measuring. */
  settle(before: string): Promise<void>;
}

export async function benchReelsFeed(target: ReelsBenchTarget): Promise<Scenario[]> {
  const db = new pg.Client({ connectionString: target.databaseUrl });
  await db.connect();
  try {
    await seedReels(db, target.reels);
  } finally {
    await db.end();
  }
  await target.settle('reels-feed');
  const token = await signAccessToken({ userId: READER, role: 'user', sessionId: `bench-${READER}` }, target.accessTokenSecret, 3_600);
  const headers = { authorization: `Bearer ${token}` };
  const first = await fetch(new URL('/api/reels', target.gatewayUrl), { headers });
  const cursor = first.headers.get('x-next-cursor');
  if (first.status !== 200 || !cursor) throw new Error(`reels bench: the first page answered ${first.status} without a next cursor`);
  // Warm-up, not measured: connections, the JIT and cold caches.
  if (target.warmUpMs > 0)
    await runOpenLoop({
      name: 'reels-warm-up',
      url: target.gatewayUrl,
      rate: RATE,
      durationMs: target.warmUpMs,
      next: () => ({ path: '/api/reels', headers }),
    });
  const results: Scenario[] = [];
  for (const [name, path] of [
    ['reels-feed-first', '/api/reels'],
    ['reels-feed-next', `/api/reels?cursor=${cursor}`],
  ] as const) {
    const measured = await runOpenLoop({
      name,
      url: target.gatewayUrl,
      rate: RATE,
      durationMs: target.durationMs,
      next: () => ({ path, headers }),
    });
    results.push({ ...measured, notes: { ...measured.notes, reels: target.reels } });
  }
  return results;
}
