/**
 * The `archives` table (decision 035): one row per member, their latest request. A request replaces
 * the row only when the last one is at least 24 hours old or failed; the row's primary key makes
 * two requests sent at the same moment one insert and one refusal. The job moves the row from
 * `preparing` to `ready` (with its `archive.ready` event, in one transaction) or `failed`, guarded
 * by the archive's id so a late job never touches a newer request.
 */
import { ARCHIVE_LINK_DAYS, ARCHIVE_REQUEST_HOURS } from '@kora/contracts';
import { rowsOf, type Emit, type Tx } from '@kora/platform/service';
import { and, eq, lte, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { Media } from '../context.js';
import type { ArchiveRow } from '../db/schema.js';

export interface RequestedArchive {
  archive: ArchiveRow;
  /** The file of the archive this request replaced, to remove once the request is committed. */
  replacedKey: string | null;
}

/** The new `preparing` row, or null when the member's last request is too recent. */
export async function insertArchiveRequest(media: Media, userId: number): Promise<RequestedArchive | null> {
  const id = randomBytes(16).toString('hex');
  const table = sql.raw(`"${media.ctx.schema}".archives`);
  const rows = rowsOf<{ user_id: number; old_key: string | null }>(
    await media.ctx.db.execute(sql`
      with old as (select key from ${table} where user_id = ${userId})
      insert into ${table} as a (user_id, id) values (${userId}, ${id})
      on conflict (user_id) do update
        set id = excluded.id, status = 'preparing', key = null, bytes = null, error = null,
            requested_at = now(), ready_at = null, expires_at = null
        where a.status = 'failed' or a.requested_at <= now() - make_interval(hours => ${ARCHIVE_REQUEST_HOURS})
      returning a.user_id, (select key from old) as old_key
    `),
  );
  if (rows.length === 0) return null;
  const archive = await findArchive(media, userId);
  return { archive: archive!, replacedKey: rows[0]!.old_key };
}

export async function findArchive(media: Media, userId: number): Promise<ArchiveRow | undefined> {
  const [row] = await media.ctx.db.select().from(media.tables.archives).where(eq(media.tables.archives.userId, userId));
  return row;
}

const stillPreparing = (media: Media, userId: number, archiveId: string) =>
  and(eq(media.tables.archives.userId, userId), eq(media.tables.archives.id, archiveId), eq(media.tables.archives.status, 'preparing'));

/** Marks the archive ready; false when a newer request replaced it meanwhile (the caller removes the file). */
export async function markArchiveReady(
  media: Media,
  tx: Tx,
  emit: Emit,
  ready: { userId: number; archiveId: string; key: string; bytes: number; downloadUrl: (expiresAt: Date) => string },
): Promise<boolean> {
  const readyAt = new Date();
  const expiresAt = new Date(readyAt.getTime() + ARCHIVE_LINK_DAYS * 24 * 3600 * 1000);
  const updated = await tx
    .update(media.tables.archives)
    .set({ status: 'ready', key: ready.key, bytes: ready.bytes, readyAt, expiresAt })
    .where(stillPreparing(media, ready.userId, ready.archiveId))
    .returning({ userId: media.tables.archives.userId });
  if (updated.length === 0) return false;
  emit({
    type: 'archive.ready',
    aggregateId: ready.userId,
    actorId: ready.userId,
    payload: { userId: ready.userId, downloadUrl: ready.downloadUrl(expiresAt), expiresAt: expiresAt.toISOString(), bytes: ready.bytes },
  });
  return true;
}

export async function markArchiveFailed(media: Media, userId: number, archiveId: string, error: string): Promise<void> {
  await media.ctx.db
    .update(media.tables.archives)
    .set({ status: 'failed', error })
    .where(stillPreparing(media, userId, archiveId));
}

/** Ready archives whose link has expired, oldest first (the sweep removes their files). */
export async function expiredArchives(media: Media, now: Date, limit: number): Promise<ArchiveRow[]> {
  const { archives } = media.tables;
  return media.ctx.db
    .select()
    .from(archives)
    .where(and(eq(archives.status, 'ready'), lte(archives.expiresAt, now)))
    .orderBy(archives.expiresAt)
    .limit(limit);
}

/** The expired archive's file is gone: the row stays (it still dates the member's last request). */
export async function forgetArchiveFile(media: Media, userId: number, archiveId: string): Promise<void> {
  const { archives } = media.tables;
  await media.ctx.db
    .update(archives)
    .set({ status: 'expired', key: null })
    .where(and(eq(archives.userId, userId), eq(archives.id, archiveId), eq(archives.status, 'ready')));
}
