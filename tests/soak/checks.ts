/**
 * The checks after each fault, read straight from the databases (each service's own schema): every
 * accepted write stored once, outboxes published, no event applied twice or lost, projections equal
 * to their sources, one notification per like/comment/request, the ledger balanced, no video stuck.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type pg from 'pg';
import { expectedNotifications, type AcceptedWrites } from './accepted.js';
import { SERVICE_NAMES, schemaOf } from './services.js';

const run = promisify(execFile);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface CheckResult {
  name: string;
  ok: boolean;
  detail: string;
}

/** Rows of a statement, typed by the caller (what its select list names). */
type Query = <T extends pg.QueryResultRow>(sql: string, params?: unknown[]) => Promise<T[]>;

/** Problems as text: the first few, and how many in all. */
function verdict(name: string, problems: string[], okDetail: string): CheckResult {
  if (problems.length === 0) return { name, ok: true, detail: okDetail };
  return { name, ok: false, detail: `${problems.length} problem(s): ${problems.slice(0, 5).join('; ')}` };
}

/** Tags (unique per request) that are stored other than once. */
export function tagProblems(accepted: { id: number; tag: string }[], stored: { id: number; tag: string }[]): string[] {
  const byTag = new Map<string, number[]>();
  for (const row of stored) byTag.set(row.tag, [...(byTag.get(row.tag) ?? []), row.id]);
  return accepted.flatMap((write) => {
    const ids = byTag.get(write.tag) ?? [];
    if (ids.length === 1 && ids[0] === write.id) return [];
    return [`${write.tag} (id ${write.id}) stored ${ids.length} time(s)${ids.length ? ` as ${ids.join(',')}` : ''}`];
  });
}

/** Differences between expected and stored notification counts, per key. */
export function notificationProblems(expected: Map<string, number>, stored: Map<string, number>): string[] {
  const problems: string[] = [];
  for (const [key, count] of expected) {
    const got = stored.get(key) ?? 0;
    if (got !== count) problems.push(`${key}: ${got} notification(s), expected ${count}`);
  }
  return problems;
}

async function postsStoredOnce(q: Query, writes: AcceptedWrites): Promise<CheckResult> {
  const rows = await q<{ id: number; tag: string }>(
    `select id::int as id, substring(content from 'soak-[0-9a-f]+') as tag from posts.posts where content like 'Soak post %'`,
  );
  return verdict('posts stored once', tagProblems(writes.posts, rows), `${writes.posts.length} accepted`);
}

async function commentsStoredOnce(q: Query, writes: AcceptedWrites): Promise<CheckResult> {
  const rows = await q<{ id: number; tag: string }>(
    `select id::int as id, substring(content from 'soak-[0-9a-f]+') as tag from posts.comments where content like 'Soak comment %'`,
  );
  return verdict('comments stored once', tagProblems(writes.comments, rows), `${writes.comments.length} accepted`);
}

async function likesStored(q: Query, writes: AcceptedWrites): Promise<CheckResult> {
  const rows = await q<{ p: number; u: number }>(`select post_id::int as p, user_id::int as u from posts.likes`);
  const stored = new Set(rows.map((r) => `${r.p}:${r.u}`));
  const missing = writes.likes.filter((l) => !stored.has(`${l.postId}:${l.userId}`)).map((l) => `like ${l.postId}:${l.userId} missing`);
  return verdict('likes stored once', missing, `${writes.likes.length} accepted`);
}

async function countersMatchRows(q: Query): Promise<CheckResult> {
  const rows = await q<{ id: number; like_count: number; comment_count: number; likes: number; comments: number }>(`
    select p.id::int as id, p.like_count, p.comment_count,
           (select count(*) from posts.likes l where l.post_id = p.id)::int as likes,
           (select count(*) from posts.comments c where c.post_id = p.id and c.removed_at is null)::int as comments
      from posts.posts p
     where p.like_count <> (select count(*) from posts.likes l where l.post_id = p.id)
        or p.comment_count <> (select count(*) from posts.comments c where c.post_id = p.id and c.removed_at is null)`);
  const problems = rows.map(
    (r) => `post ${r.id}: like_count ${r.like_count} vs ${r.likes} rows, comment_count ${r.comment_count} vs ${r.comments} rows`,
  );
  return verdict('post counters = rows', problems, 'every post');
}

async function requestsStored(q: Query, writes: AcceptedWrites): Promise<CheckResult> {
  const rows = await q<{ id: number; f: number; t: number }>(
    `select id::int as id, from_user_id::int as f, to_user_id::int as t from friends.friend_requests`,
  );
  const stored = new Map(rows.map((r) => [r.id, r]));
  const problems = writes.requests.filter((r) => stored.get(r.id)?.f !== r.fromUserId).map((r) => `request ${r.id} missing`);
  return verdict('friend requests stored', problems, `${writes.requests.length} accepted`);
}

async function creditsOnce(q: Query, writes: AcceptedWrites): Promise<CheckResult> {
  const rows = await q<{ reference: string; status: string; amount: number; transaction_id: number | null; transactions: number }>(
    `select p.reference, p.status, p.amount_kobo::int as amount, p.transaction_id,
            (select count(*) from wallet.ledger_transactions t where t.reference = p.reference or t.id = p.transaction_id)::int as transactions
       from wallet.payments p where p.reference = any($1)`,
    [writes.credits.map((c) => c.reference)],
  );
  const byRef = new Map(rows.map((r) => [r.reference, r]));
  const problems = writes.credits.flatMap((c) => {
    const row = byRef.get(c.reference);
    if (!row) return [`${c.reference} missing`];
    if (row.status !== 'success' || row.transactions !== 1 || row.amount !== c.amountKobo)
      return [`${c.reference}: ${row.status}, ${row.transactions} ledger transaction(s), ${row.amount} kobo`];
    return [];
  });
  return verdict('credits stored once', problems, `${writes.credits.length} accepted`);
}

async function ledgerBalanced(databaseUrl: string): Promise<CheckResult> {
  try {
    const { stdout } = await run(process.execPath, ['scripts/wallet-check.mjs'], {
      env: { ...process.env, DATABASE_URL: databaseUrl, DB_DRIVER: 'postgres' },
    });
    return { name: 'ledger balanced', ok: true, detail: stdout.trim().split('\n').at(-1)! };
  } catch (err) {
    const out = (err as { stdout?: string }).stdout ?? String(err);
    return { name: 'ledger balanced', ok: false, detail: out.trim().split('\n').slice(0, 5).join('; ') };
  }
}

async function outboxesPublished(q: Query): Promise<CheckResult> {
  const problems: string[] = [];
  for (const service of SERVICE_NAMES) {
    const [row] = await q<{ n: number }>(`select count(*)::int as n from ${schemaOf(service)}.outbox where published_at is null`);
    if (row!.n > 0) problems.push(`${service}: ${row!.n} unpublished`);
  }
  return verdict('outboxes published', problems, 'every service');
}

async function notificationsOnce(q: Query, writes: AcceptedWrites): Promise<CheckResult> {
  const rows = await q<{ type: string; target: number; actor: number; n: number }>(`
    select type, coalesce(case when type = 'friend_request' then entity_id end, post_id)::int as target, actor_id::int as actor, count(*)::int as n
      from notifications.notifications where type in ('post_like', 'post_comment', 'friend_request')
     group by 1, 2, 3`);
  const stored = new Map(rows.map((r) => [`${r.type}:${r.target}:${r.actor}`, r.n]));
  return verdict(
    'one notification per like/comment/request',
    notificationProblems(expectedNotifications(writes), stored),
    `${expectedNotifications(writes).size} expected`,
  );
}

async function noEventAppliedTwice(q: Query): Promise<CheckResult> {
  const rows = await q<{ source_event_id: string; recipient_id: number; n: number }>(
    `select source_event_id, recipient_id, count(*)::int as n from notifications.notifications group by 1, 2 having count(*) > 1`,
  );
  return verdict(
    'no event applied twice',
    rows.map((r) => `event ${r.source_event_id} made ${r.n} notifications for ${r.recipient_id}`),
    'notifications by source event',
  );
}

/** Every schema's `members` projection holds each auth user once; every `friendships` copy equals friends'. */
async function projectionsMatch(q: Query): Promise<CheckResult> {
  const problems: string[] = [];
  const tables = await q<{ table_schema: string; table_name: string }>(
    `select table_schema, table_name from information_schema.tables where table_name in ('members', 'friendships') and table_schema <> 'friends'`,
  );
  const users = new Set((await q<{ id: number }>(`select id::int as id from auth.users where status = 'active'`)).map((r) => r.id));
  const friendships = new Set((await q<{ k: string }>(`select user_id || ':' || friend_id as k from friends.friendships`)).map((r) => r.k));
  for (const { table_schema: schema, table_name: table } of tables) {
    if (table === 'members') {
      const projected = new Set((await q<{ id: number }>(`select user_id::int as id from "${schema}".members`)).map((r) => r.id));
      const missing = [...users].filter((id) => !projected.has(id));
      if (missing.length) problems.push(`${schema}.members lacks ${missing.length} user(s) (e.g. ${missing[0]})`);
    } else {
      const copy = new Set(
        (await q<{ k: string }>(`select user_id || ':' || friend_id as k from "${schema}".friendships`)).map((r) => r.k),
      );
      const missing = [...friendships].filter((k) => !copy.has(k));
      const extra = [...copy].filter((k) => !friendships.has(k));
      if (missing.length || extra.length) problems.push(`${schema}.friendships: ${missing.length} missing, ${extra.length} extra`);
    }
  }
  return verdict('projections = sources', problems, `${tables.length} projections`);
}

async function noVideoStuck(q: Query): Promise<CheckResult> {
  const rows = await q<{ id: number; progress: number }>(`select id::int as id, progress from media.videos where status = 'processing'`);
  return verdict(
    'no video stuck in processing',
    rows.map((r) => `video ${r.id} processing at ${r.progress}%`),
    'every video done',
  );
}

/**
 * Waits (up to settleMs) for what is eventual to settle: outboxes published, notifications made,
 * videos done. Then runs every check once.
 */
// 90 s: a video whose worker was killed mid-transcode is queued again once its job's lock lapses and
// a stalled check runs (up to ~25 s, platform bullmq-runner.ts), then transcoded from the start.
export async function runChecks(pool: pg.Pool, databaseUrl: string, writes: AcceptedWrites, settleMs = 90_000): Promise<CheckResult[]> {
  const q: Query = async <T extends pg.QueryResultRow>(sql: string, params?: unknown[]) => (await pool.query<T>(sql, params)).rows;
  const all = () =>
    Promise.all([
      postsStoredOnce(q, writes),
      likesStored(q, writes),
      commentsStoredOnce(q, writes),
      countersMatchRows(q),
      requestsStored(q, writes),
      creditsOnce(q, writes),
      outboxesPublished(q),
      noEventAppliedTwice(q),
      notificationsOnce(q, writes),
      projectionsMatch(q),
      noVideoStuck(q),
    ]);
  const deadline = Date.now() + settleMs;
  let results: CheckResult[] = [];
  for (;;) {
    try {
      results = await all();
    } catch (err) {
      results = [{ name: 'database readable', ok: false, detail: (err as Error).message }];
    }
    if (results.every((r) => r.ok) || Date.now() > deadline) break;
    await sleep(2_000);
  }
  return [...results, await ledgerBalanced(databaseUrl)];
}
