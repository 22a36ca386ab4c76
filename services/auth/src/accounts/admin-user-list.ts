/**
 * The back office's users table and its export (docs/product/admin.md): one filter and one order for both.
 *
 * - Search: anywhere in the username or the e-mail, any letter case, `%` and `_` literal; the
 *   trigram indexes of migration 0004 answer `ilike '%…%'`.
 * - Order: created date, e-mail or username (letter case ignored), then the id in the same
 *   direction, so rows that tie keep one order across pages and the export's batches.
 * - The export reads keyset batches (`(sort value, id)` past the last row sent), so 100,000
 *   members never sit in memory at once and no batch costs an OFFSET scan. Each batch is its own
 *   statement: an account edited while the file streams may show its old or new values (no
 *   long transaction, which in the embedded product would hold PGlite's one connection).
 */
import { numberedPage, type AdminUser, type AdminUserSort, type SortDirection } from '@kora/contracts';
import { escapeLike, type DbOrTx } from '@kora/platform/service';
import { and, asc, count, desc, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { AuthTables, UserRow } from '../db/schema.js';

export interface UserFilter {
  search: string;
  sort: AdminUserSort;
  dir: SortDirection;
}

export function toAdminUser(user: UserRow): AdminUser {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    firstname: user.firstname,
    lastname: user.lastname,
    createdAt: user.createdAt.toISOString(),
    role: user.role,
    status: user.status,
  };
}

function sortColumn(tables: AuthTables, sort: AdminUserSort): SQL {
  const { users } = tables;
  if (sort === 'email') return sql`${users.email}`;
  if (sort === 'username') return sql`lower(${users.username})`;
  return sql`${users.createdAt}`;
}

function matching(tables: AuthTables, search: string): SQL | undefined {
  const text = search.trim();
  if (!text) return undefined;
  const pattern = `%${escapeLike(text)}%`;
  return or(ilike(tables.users.username, pattern), ilike(tables.users.email, pattern));
}

function ordering(tables: AuthTables, filter: UserFilter): SQL[] {
  const by = filter.dir === 'asc' ? asc : desc;
  return [by(sortColumn(tables, filter.sort)), by(tables.users.id)];
}

export async function listUsers(db: DbOrTx, tables: AuthTables, filter: UserFilter, page: number, limit: number) {
  const where = matching(tables, filter.search);
  const [{ total }] = (await db.select({ total: count() }).from(tables.users).where(where)) as [{ total: number }];
  const rows = await db
    .select()
    .from(tables.users)
    .where(where)
    .orderBy(...ordering(tables, filter))
    .limit(limit)
    .offset((page - 1) * limit);
  return numberedPage(rows.map(toAdminUser), total, page, limit);
}

export const EXPORT_BATCH = 1_000;

/** Every matching member in the table's order, read `batch` rows per query. */
export async function* exportUsers(db: DbOrTx, tables: AuthTables, filter: UserFilter, batch = EXPORT_BATCH): AsyncGenerator<AdminUser> {
  const { users } = tables;
  const key = sortColumn(tables, filter.sort);
  const where = matching(tables, filter.search);
  // The last row's key travels as text and is cast back, so a timestamp keeps its microseconds.
  const cast = filter.sort === 'createdAt' ? sql.raw('timestamptz') : sql.raw('text');
  let after: { value: string; id: number } | null = null;
  for (;;) {
    // Row comparison: both keys run in the same direction, so "past the last row" is one test.
    const past: SQL | undefined = after
      ? filter.dir === 'asc'
        ? sql`(${key}, ${users.id}) > (cast(${after.value} as ${cast}), ${after.id})`
        : sql`(${key}, ${users.id}) < (cast(${after.value} as ${cast}), ${after.id})`
      : undefined;
    const rows: { row: UserRow; key: string }[] = await db
      .select({ row: users, key: sql<string>`(${key})::text` })
      .from(users)
      .where(and(where, past))
      .orderBy(...ordering(tables, filter))
      .limit(batch);
    for (const { row } of rows) yield toAdminUser(row);
    if (rows.length < batch) return;
    const last = rows[rows.length - 1]!;
    after = { value: last.key, id: last.row.id };
  }
}
