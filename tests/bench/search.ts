/**
 * Search (`search`, decisions 025 and 047): 1,000,000 posts by 1,000 authors among 1,000,000
 * members, seeded straight into the posts schema (`insert … select generate_series`: the seed is
 * not what is measured), words drawn from a vocabulary with a skew (some words in most posts, some in
 * few), some #tags, likes and comments with a skew too (the rank has answers to weigh), a tenth of the
 * authors friends-only so the visibility rules have rows to refuse. Then, in an open loop at a fixed
 * rate (open-loop.ts, BENCH_SEARCH_RPS, default 50/s):
 *   search-posts-<query>      GET /api/search?type=posts through the gateway (token, proxy, the
 *                             service, its JSON), for a common word, a rare word, two words, a prefix
 *   search-sql-posts-<query>  the service's own statement for the same page (`searchPostsSql`) sent
 *                             bare to the same PostgreSQL on the same schedule: the yardstick
 *   search-people-<query>     GET /api/search?type=people, and search-sql-people-<query> bare
 * The plan of the common word's page is kept in the output.
 */
import { signAccessToken } from '@kora/platform/access-token';
import { postsSchema, rankedWindow, searchPeopleSql, searchPostsSql } from '@kora/posts/search-queries';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import pg from 'pg';
import { runOpenLoop, runOpenLoopSql } from './open-loop.js';
import type { Scenario } from './scenario.js';

/** Members (at most ID_SPAN, the authors first), then the reader: ids far above what the product hands out. */
const BASE = 9_000_000_000;
const ID_SPAN = 2_000_000;
const LAST_ID = BASE + ID_SPAN + 1;
export const RATE = Number(process.env.BENCH_SEARCH_RPS ?? 50);

const FIRST = [
  'Adaeze',
  'Bola',
  'Chidi',
  'Dayo',
  'Emeka',
  'Funmi',
  'Gbenga',
  'Halima',
  'Ifeoma',
  'Jide',
  'Kemi',
  'Lanre',
  'Musa',
  'Ngozi',
  'Olu',
  'Tunde',
  'Uche',
  'Yemi',
  'Zainab',
  'Àdìgún',
];
const LAST = [
  'Okafor',
  'Adeyemi',
  'Bello',
  'Eze',
  'Ibrahim',
  'Nwosu',
  'Ogunleye',
  'Okonkwo',
  'Suleiman',
  'Balogun',
  'Chukwu',
  'Danjuma',
  'Ézè',
  'Lawal',
  'Obi',
];
/** Earlier words are drawn far more often (power(random(), 3)): "the", "lagos" are everywhere, the tail is rare. */
const WORDS = (
  'the and of to in is it for on with this that at we my our so what just today good time day people ' +
  'lagos abuja food market music church family friends weekend morning evening night traffic rain sun ' +
  'jollof rice suya pepper soup plantain yam beans chicken fish bread tea coffee café beer wine party wedding ' +
  'football match goal team win lose coach player stadium ticket bus danfo keke okada road bridge island ' +
  'mainland ikeja lekki yaba surulere ajah ikoyi victoria school exam teacher student class book library ' +
  'phone laptop internet network data power light generator fuel price naira dollar business shop customer ' +
  'work office boss meeting project deadline salary bank transfer loan rent house landlord agent ' +
  'beach river lagoon mountain village city town street bukka restaurant kitchen recipe cooking ' +
  'fashion ankara aso ebi lace gele tailor style shoe bag photo video camera movie nollywood afrobeats concert'
).split(' ');
const TAGS = ['lagos', 'naija', 'jollof', 'afrobeats', 'nollywood', 'football', 'owambe', 'tbt', 'mondaymotivation', 'foodie'];

export const POSTS_QUERIES: { name: string; q: string }[] = [
  { name: 'common', q: 'lagos' },
  { name: 'rare', q: 'adire' }, // one post in a thousand
  { name: 'two-words', q: 'jollof rice' },
  { name: 'prefix', q: 'restau' }, // still typing "restaurant"
];
export const PEOPLE_QUERIES: { name: string; q: string }[] = [
  { name: 'name', q: 'adaeze' },
  { name: 'accented', q: 'adigun eze' }, // stored as Àdìgún Ézè
];

export interface SearchSize {
  posts: number;
  /** Members who write the posts: the first of `members`. */
  authors: number;
  /** Members people search looks through. */
  members: number;
}

/** The member who searches: the one after the members. */
export const readerOf = (size: SearchSize) => BASE + size.members + 1;

export async function seed(db: pg.Client, { posts: POSTS, authors: AUTHORS, members: MEMBERS }: SearchSize): Promise<void> {
  if (MEMBERS > ID_SPAN || AUTHORS > MEMBERS) throw new Error(`search bench: at most ${ID_SPAN} members, the authors among them`);
  const { rows } = await db.query<{ posts: number; members: number }>(
    `select (select count(*)::int from posts.posts where author_id between $1 and $2) as posts,
            (select count(*)::int from posts.members where user_id between $1 and $2) as members`,
    [BASE, LAST_ID],
  );
  if (rows[0]?.posts === POSTS && rows[0]?.members === MEMBERS + 1) return; // BENCH_REUSE: seeded by an earlier run
  await db.query('begin');
  await db.query('delete from posts.hashtags where post_id in (select id from posts.posts where author_id between $1 and $2)', [
    BASE,
    LAST_ID,
  ]);
  await db.query('delete from posts.posts where author_id between $1 and $2', [BASE, LAST_ID]);
  await db.query('delete from posts.members where user_id between $1 and $2', [BASE, LAST_ID]);
  await db.query('delete from posts.member_privacy where user_id between $1 and $2', [BASE, LAST_ID]);
  await db.query(
    `insert into posts.members (user_id, username, display_name, profile_image, activated, joined_at, updated_at)
     select $1::bigint + i, lower(($2::text[])[1 + i % 20]) || '.' || lower(($3::text[])[1 + (i / 20) % 15]) || i,
            ($2::text[])[1 + i % 20] || ' ' || ($3::text[])[1 + (i / 20) % 15], '/uploads/profile/defaultavatar.png', true, now(), now()
     from generate_series(1, $4::int) as i`,
    [BASE, FIRST, LAST, MEMBERS + 1],
  );
  // A tenth of the authors show their posts to friends only (the reader is nobody's friend).
  await db.query(
    `insert into posts.member_privacy (user_id, profile_visibility, friend_request_policy, lookup_email, lookup_phone, show_online, tag_review, updated_at)
     select $1::bigint + i, 'friends', 'everyone', 'everyone', 'everyone', true, false, now() from generate_series(1, $2::int) as i where i % 10 = 3`,
    [BASE, AUTHORS],
  );
  // The word list is drawn per post (the inner series refers to i, so it is not evaluated once).
  // Most posts get a few likes, a few get hundreds: what the rank weighs.
  await db.query(
    `insert into posts.posts (author_id, content, created_at, like_count, comment_count)
     select $1::bigint + 1 + i % $2::int,
            initcap(array_to_string(array(
              select ($3::text[])[1 + floor(power(random(), 3) * array_length($3::text[], 1))::int]
              from generate_series(1, 8 + i % 17) as w), ' '))
              || case when i % 1000 = 7 then ' adire' else '' end
              || case when i % 4 = 0 then ' #' || ($4::text[])[1 + floor(power(random(), 2) * array_length($4::text[], 1))::int] else '' end,
            now() - make_interval(mins => i),
            floor(power(random(), 6) * 500)::int, floor(power(random(), 8) * 60)::int
     from generate_series(1, $5::int) as i`,
    [BASE, AUTHORS, WORDS, TAGS, POSTS],
  );
  // The seed's tags are plain ASCII words: a regular expression finds them as hashtagsIn would.
  await db.query(
    `insert into posts.hashtags (post_id, comment_id, tag, created_at)
     select distinct p.id, null::bigint, lower(m[1]), p.created_at
     from posts.posts as p, regexp_matches(p.content, '#([a-z]+)', 'gi') as m
     where p.author_id between $1 and $2`,
    [BASE, LAST_ID],
  );
  await db.query('commit');
  await db.query('analyze posts.posts; analyze posts.hashtags; analyze posts.members; analyze posts.member_privacy');
}

/** The bench's plain ASCII query as the service asks it: every word, the last as a prefix. */
const prefixQuery = (q: string) =>
  q
    .split(' ')
    .map((w, i, all) => (i === all.length - 1 ? `${w}:*` : w))
    .join(' & ');

export interface SearchBenchTarget {
  gatewayUrl: string;
  databaseUrl: string;
  accessTokenSecret: string;
  durationMs: number;
  warmUpMs: number;
  size: SearchSize;
  settle(before: string): Promise<void>;
}

export async function benchSearch(target: SearchBenchTarget): Promise<{ results: Scenario[]; plan: string }> {
  const db = new pg.Client({ connectionString: target.databaseUrl });
  await db.connect();
  const pool = new pg.Pool({ connectionString: target.databaseUrl, max: 16 });
  const tables = postsSchema('posts');
  const dialect = new PgDialect();
  const bare = (statement: SQL) => dialect.sqlToQuery(statement);
  const results: Scenario[] = [];
  let plan = '';
  try {
    const seedStarted = performance.now();
    await seed(db, target.size);
    const reader = readerOf(target.size);
    console.log(`search bench: seed ready in ${Math.round(performance.now() - seedStarted)} ms`);
    await target.settle('search');
    const token = await signAccessToken({ userId: reader, role: 'user', sessionId: `bench-${reader}` }, target.accessTokenSecret, 3_600);
    const headers = { authorization: `Bearer ${token}` };
    const window = rankedWindow(undefined, 20);
    const now = new Date().toISOString();
    const cases = [
      ...POSTS_QUERIES.map(({ name, q }) => ({ kind: 'posts', name, q, statement: searchPostsSql(tables, reader, q, window, now)! })),
      ...PEOPLE_QUERIES.map(({ name, q }) => ({ kind: 'people', name, q, statement: searchPeopleSql(tables, q, window, now) })),
    ];
    for (const { kind, q } of target.warmUpMs > 0 ? cases : []) {
      const path = `/api/search?type=${kind}&q=${encodeURIComponent(q)}`;
      await runOpenLoop({
        name: 'search-warm-up',
        url: target.gatewayUrl,
        rate: RATE,
        durationMs: target.warmUpMs,
        next: () => ({ path, headers }),
      });
    }
    for (const { kind, name, q, statement } of cases) {
      const query = bare(statement);
      const shown = (await pool.query(query.sql, query.params)).rowCount ?? 0;
      if (shown === 0) throw new Error(`search bench: ${kind} '${q}' finds nothing`);
      const matches =
        kind === 'posts'
          ? Number(
              (
                await db.query<{ n: number }>(
                  `select count(*)::int as n from posts.posts where search_vector @@ to_tsquery('simple', $1)`,
                  [prefixQuery(q)],
                )
              ).rows[0]!.n,
            )
          : shown;
      if (kind === 'posts' && name === 'common') {
        const explained = await db.query(`explain (analyze, buffers off) ${query.sql}`, query.params);
        plan = explained.rows.map((row: Record<string, string>) => row['QUERY PLAN']).join('\n');
      }
      const path = `/api/search?type=${kind}&q=${encodeURIComponent(q)}`;
      const http = await runOpenLoop({
        name: `search-${kind}-${name}`,
        url: target.gatewayUrl,
        rate: RATE,
        durationMs: target.durationMs,
        next: () => ({ path, headers }),
      });
      results.push({ ...http, notes: { ...http.notes, q, matches } });
      const sqlAlone = await runOpenLoopSql(pool, `search-sql-${kind}-${name}`, query, RATE, target.durationMs);
      results.push({ ...sqlAlone, notes: { ...sqlAlone.notes, q, matches } });
    }
  } finally {
    await pool.end();
    await db.end();
  }
  return { results, plan };
}
