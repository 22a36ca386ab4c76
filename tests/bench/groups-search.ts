/**
 * Groups discover search (`groups`): 10,000 groups seeded straight into the groups schema (the
 * seed is not what is measured), then `GET /api/groups?tab=discover&q=…` through the gateway in an
 * open loop at a fixed rate (open-loop.ts), for a word many titles have, a rare word, a word
 * written with accents in the titles and without in the query, and no search at all:
 *   groups-<query>      through the gateway (token check, proxy, the service, its JSON)
 *   groups-sql-<query>  the service's own statement for the same page (`tabQuery`, with the same
 *                       parameters) sent bare to the same PostgreSQL on the same schedule
 * The difference is what the product adds to the database's work. The search is served by the
 * trigram index over `kora_search_text(title || ' ' || description)`; the plan of the common word's
 * page is kept in the notes.
 */
import { groupListQuery, type GroupListQuery } from '@kora/contracts';
import { groupsSchema, tabQuery } from '@kora/groups/queries';
import type { Db } from '@kora/platform';
import { signAccessToken } from '@kora/platform/access-token';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { runOpenLoop, runOpenLoopSql } from './open-loop.js';
import type { Scenario } from './scenario.js';

const RATE = Number(process.env.BENCH_GROUPS_RPS ?? 100);
/** Owners of the seeded groups (at most ID_SPAN) and the member who searches: ids far above what the product hands out. */
const OWNER_BASE = 8_000_000_000;
const ID_SPAN = 10_000;
const READER = OWNER_BASE + ID_SPAN + 1;

const PLACES = [
  'Lagos',
  'Abuja',
  'Ibadan',
  'Kano',
  'Enugu',
  'Port Harcourt',
  'Benin City',
  'Àbéòkúta',
  'Jos',
  'Kaduna',
  'Calabar',
  'Uyo',
  'Owerri',
  'Ilorin',
  'Onitsha',
  'Warri',
];
const TOPICS = [
  'Food Lovers',
  'Tech Meetup',
  'Book Club',
  'Runners',
  'Football Fans',
  'Café Owners',
  'Photographers',
  'Small Business Owners',
  'Nollywood Fans',
  'Afrobeats Lovers',
  'Parents',
  'Farmers',
  'Traders',
  'Choir',
  'Students',
  'Developers',
  'Fashion Designers',
  'Real Estate',
  'Catering',
  'Gospel Music',
];

/** What is searched, and how many seeded groups each query finds. */
export const GROUPS_QUERIES: { name: string; q: string }[] = [
  { name: 'common', q: 'lagos' }, // one place in sixteen
  { name: 'rare', q: 'adire' }, // one group in a thousand mentions it
  { name: 'accented', q: 'abeokuta' }, // stored as Àbéòkúta
  { name: 'none', q: '' },
];

/** `count` groups with Nigerian places and topics, sizes from 1 to a few hundred, and their owners' rows. */
async function seedGroups(db: pg.Client, count: number): Promise<void> {
  if (count > ID_SPAN) throw new Error(`groups bench: at most ${ID_SPAN} groups`);
  const { rows } = await db.query<{ n: number }>('select count(*)::int as n from groups.groups where owner_id between $1 and $2', [
    OWNER_BASE,
    OWNER_BASE + ID_SPAN,
  ]);
  if (rows[0]?.n === count) return; // BENCH_REUSE: seeded by an earlier run
  await db.query('begin');
  await db.query('delete from groups.groups where owner_id between $1 and $2', [OWNER_BASE, OWNER_BASE + ID_SPAN]);
  await db.query(
    `insert into groups.groups (owner_id, title, description, privacy, member_count, created_at, updated_at)
     select $1::bigint + i,
            ($2::text[])[1 + i % array_length($2::text[], 1)] || ' ' || ($3::text[])[1 + (i / 16) % array_length($3::text[], 1)],
            'A group for ' || lower(($3::text[])[1 + (i / 16) % array_length($3::text[], 1)]) || ' in ' || ($2::text[])[1 + i % array_length($2::text[], 1)]
              || case when i % 1000 = 7 then '. We also trade adire fabric.' else '.' end,
            case when i % 5 = 0 then 'private' else 'public' end,
            1 + floor(power(random(), 3) * 400)::int,
            now() - make_interval(mins => i), now()
     from generate_series(1, $4::int) as i`,
    [OWNER_BASE, PLACES, TOPICS, count],
  );
  // Each seeded group's owner row (the count's other members are not rows: the bench measures reads).
  await db.query(
    `insert into groups.memberships (group_id, user_id, status, role, requested_at, joined_at)
     select id, owner_id, 'approved', 'owner', created_at, created_at from groups.groups where owner_id between $1 and $2`,
    [OWNER_BASE, OWNER_BASE + ID_SPAN],
  );
  // The reader is in a few groups, so discover's "not joined" test has rows to skip.
  await db.query(
    `insert into groups.memberships (group_id, user_id, status, role, joined_at)
     select id, $3::bigint, 'approved', 'member', now() from groups.groups where owner_id between $1 and $2 order by member_count desc limit 20`,
    [OWNER_BASE, OWNER_BASE + ID_SPAN, READER],
  );
  await db.query('commit');
  await db.query('analyze groups.groups; analyze groups.memberships');
}

export interface GroupsBenchTarget {
  gatewayUrl: string;
  databaseUrl: string;
  accessTokenSecret: string;
  durationMs: number;
  warmUpMs: number;
  groups: number;
  /** Waits for the event backlog and PostgreSQL's upkeep (run.ts) before measuring. */
  settle(before: string): Promise<void>;
}

export async function benchGroupsSearch(target: GroupsBenchTarget): Promise<{ results: Scenario[]; plan: string }> {
  const db = new pg.Client({ connectionString: target.databaseUrl });
  await db.connect();
  const pool = new pg.Pool({ connectionString: target.databaseUrl, max: 16 });
  const tables = groupsSchema('groups');
  const drizzleDb: Db = drizzle({ client: pool });
  const results: Scenario[] = [];
  let plan = '';
  try {
    await seedGroups(db, target.groups);
    await target.settle('groups');
    const token = await signAccessToken({ userId: READER, role: 'user', sessionId: `bench-${READER}` }, target.accessTokenSecret, 3_600);
    const headers = { authorization: `Bearer ${token}` };
    // Warm-up, not measured: the first requests pay for connections, the JIT and cold caches
    // (docs/performance.md, "Groups discover search").
    for (const { q } of target.warmUpMs > 0 ? GROUPS_QUERIES : []) {
      const path = `/api/groups?tab=discover&q=${encodeURIComponent(q)}`;
      await runOpenLoop({
        name: 'groups-warm-up',
        url: target.gatewayUrl,
        rate: RATE,
        durationMs: target.warmUpMs,
        next: () => ({ path, headers }),
      });
    }
    for (const { name, q } of GROUPS_QUERIES) {
      const query: GroupListQuery = groupListQuery.parse({ tab: 'discover', q });
      const statement = tabQuery(drizzleDb, tables, READER, query).toSQL();
      const matches =
        q === ''
          ? target.groups
          : Number(
              (
                await db.query<{ n: number }>(
                  `select count(*)::int as n from groups.groups where public.kora_search_text(title || ' ' || description) like '%' || public.kora_search_text($1) || '%'`,
                  [q],
                )
              ).rows[0]!.n,
            );
      if (matches === 0) throw new Error(`groups bench: '${q}' finds no seeded group`);
      if (name === 'common') {
        const explained = await db.query(`explain (analyze, buffers off) ${statement.sql}`, statement.params);
        plan = explained.rows.map((row: Record<string, string>) => row['QUERY PLAN']).join('\n');
      }
      const path = `/api/groups?tab=discover&q=${encodeURIComponent(q)}`;
      const http = await runOpenLoop({
        name: `groups-${name}`,
        url: target.gatewayUrl,
        rate: RATE,
        durationMs: target.durationMs,
        next: () => ({ path, headers }),
      });
      results.push({ ...http, notes: { ...http.notes, q, matches } });
      const bare = await runOpenLoopSql(pool, `groups-sql-${name}`, statement, RATE, target.durationMs);
      results.push({ ...bare, notes: { ...bare.notes, q, matches } });
    }
  } finally {
    await pool.end();
    await db.end();
  }
  return { results, plan };
}
