/**
 * A member's notifications and their read state: the page (newest first, keyset on id), the unread
 * count, and marking read or seen. Every query is bounded by the caller's own recipient id, so
 * another member's ids are ignored, never touched. Notifications a member blocked (or blocked by)
 * made earlier are left out when read (decision 036), and come back if the block is lifted.
 */
import type { Notification } from '@kora/contracts';
import { notBlockedWith } from '@kora/platform/service';
import { and, count, desc, eq, gt, inArray, isNull, lt, lte, max, sql, type SQL } from 'drizzle-orm';
import type { Notifications } from '../context.js';
import { actorView } from '../projections/members.js';
import { toNotification } from './view.js';

/** The caller's notifications whose actor is not kept apart from them by a block. */
export function shown(n: Notifications, userId: number): SQL {
  return notBlockedWith(n.tables.blocks, userId, n.tables.notifications.actorId);
}

/** The caller's notifications that `where` also selects, newest first, each with its actor as they are now. */
async function shownRows(n: Notifications, userId: number, where: SQL | undefined, limit: number) {
  const { notifications: t, members: m } = n.tables;
  // Actor names are read now, not stored: a renamed member shows their current name everywhere.
  return n.ctx.db
    .select({ row: t, member: m })
    .from(t)
    .leftJoin(m, eq(m.userId, t.actorId))
    .where(and(eq(t.recipientId, userId), shown(n, userId), where))
    .orderBy(desc(t.id))
    .limit(limit);
}

export async function notificationPageOf(
  n: Notifications,
  userId: number,
  { cursor, limit }: { cursor?: number | undefined; limit: number },
): Promise<{ notifications: Notification[]; nextCursor: number | null }> {
  const rows = await shownRows(n, userId, cursor === undefined ? undefined : lt(n.tables.notifications.id, cursor), limit + 1);
  const page = rows.slice(0, limit);
  return {
    notifications: page.map(({ row, member }) => toNotification(row, actorView(row.actorId, member))),
    nextCursor: rows.length > limit ? page[page.length - 1]!.row.id : null,
  };
}

export async function unreadCount(n: Notifications, userId: number): Promise<number> {
  const t = n.tables.notifications;
  const [row] = await n.ctx.db
    .select({ n: count() })
    .from(t)
    .where(and(eq(t.recipientId, userId), shown(n, userId), isNull(t.readAt)));
  return row?.n ?? 0;
}

/**
 * What a socket's 'ready' message needs: the unread count, and the newest id that count could
 * include (live notifications at or below it are already counted, so they are not pushed again).
 * One statement, so both come from one snapshot: read apart, a notification committed between the
 * two reads was in neither the count nor the pushes (its id was at or below the newest id).
 */
export async function socketStart(n: Notifications, userId: number): Promise<{ unread: number; newestId: number }> {
  const t = n.tables.notifications;
  const [row] = await n.ctx.db
    .select({ unread: sql<number>`count(*) filter (where ${t.readAt} is null)`, newestId: max(t.id) })
    .from(t)
    .where(and(eq(t.recipientId, userId), shown(n, userId)));
  return { unread: row?.unread ?? 0, newestId: row?.newestId ?? 0 };
}

/** Notifications a reconnecting socket is sent after 'ready' at most; past that it gets the whole count instead. */
export const CATCH_UP_LIMIT = 100;

/**
 * A socket that names the newest notification it saw (`/ws?after=<id>`, decision 049): the ones
 * after it are sent again after 'ready' (`missed`, oldest first), and 'ready' counts only the
 * unread ones up to `after`, so the client's count ends where it would have without the gap. More
 * than CATCH_UP_LIMIT missed: none are sent and 'ready' counts them all, as without `after`.
 */
export async function socketCatchUp(
  n: Notifications,
  userId: number,
  after: number,
): Promise<{ unread: number; newestId: number; missed: Notification[] }> {
  const t = n.tables.notifications;
  const [row] = await n.ctx.db
    .select({
      unread: sql<number>`count(*) filter (where ${t.readAt} is null)`,
      unreadUpToAfter: sql<number>`count(*) filter (where ${t.readAt} is null and ${t.id} <= ${after})`,
      missed: sql<number>`count(*) filter (where ${t.id} > ${after})`,
      newestId: max(t.id),
    })
    .from(t)
    .where(and(eq(t.recipientId, userId), shown(n, userId)));
  const newestId = row?.newestId ?? 0;
  const missedCount = Number(row?.missed ?? 0);
  if (missedCount === 0 || missedCount > CATCH_UP_LIMIT) return { unread: Number(row?.unread ?? 0), newestId, missed: [] };
  // Up to the newest id the count saw: anything later is pushed live (the hub holds it until 'ready').
  const rows = await shownRows(n, userId, and(gt(t.id, after), lte(t.id, newestId)), CATCH_UP_LIMIT);
  const missed = rows.map(({ row: r, member }) => toNotification(r, actorView(r.actorId, member))).reverse();
  return { unread: Number(row?.unreadUpToAfter ?? 0), newestId, missed };
}

export interface MarkAnswer {
  updated: number;
  unread: number;
}

/**
 * Sets `set` on the caller's own notifications that `unset` is still null on (and `only`, when
 * given, also selects); answers how many changed and the unread count after.
 */
async function mark(
  n: Notifications,
  userId: number,
  set: Partial<Record<'readAt' | 'seenAt', SQL>>,
  unset: 'readAt' | 'seenAt',
  only?: SQL,
): Promise<MarkAnswer> {
  const t = n.tables.notifications;
  const updated = await n.ctx.db
    .update(t)
    .set(set)
    .where(and(eq(t.recipientId, userId), only, isNull(t[unset])))
    .returning({ id: t.id });
  return { updated: updated.length, unread: await unreadCount(n, userId) };
}

/** Read implies seen: a notification read without being seen is seen now too. */
const readNow = (n: Notifications) => ({ readAt: sql`now()`, seenAt: sql`coalesce(${n.tables.notifications.seenAt}, now())` });

/** Marks the caller's own notifications among `ids` read (and seen: reading one means seeing it). */
export function markRead(n: Notifications, userId: number, ids: number[]): Promise<MarkAnswer> {
  return mark(n, userId, readNow(n), 'readAt', inArray(n.tables.notifications.id, [...new Set(ids)]));
}

export function markAllRead(n: Notifications, userId: number): Promise<MarkAnswer> {
  return mark(n, userId, readNow(n), 'readAt');
}

/** The dropdown was opened: everything unseen is now seen (read state unchanged). */
export function markAllSeen(n: Notifications, userId: number): Promise<MarkAnswer> {
  return mark(n, userId, { seenAt: sql`now()` }, 'seenAt');
}
