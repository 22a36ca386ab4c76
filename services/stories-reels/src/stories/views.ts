/**
 * Seen marks and the viewers list (decision 022).
 * - A member who may see a story marks it seen once: the view is one row per (story, viewer),
 *   inserted with `on conflict do nothing`, so repeated or simultaneous marks leave one row. The
 *   owner's own views are not recorded (their stories are always seen by them).
 * - Only the owner lists who viewed a story: most recent first, a keyset page at a time. A member
 *   who may see the story is told it is the owner's (403); anyone else that it does not exist (404).
 *   A viewer blocked either way with the owner is left out of the list (decision 036).
 */
import type { StoryViewer } from '@kora/contracts';
import { decodeCursor, encodeCursor, notBlockedWith, rowsOf, timeKeySql, unknownMemberView } from '@kora/platform/service';
import { sql } from 'drizzle-orm';
import type { StoriesReels } from '../context.js';
import { storyAccess } from './access.js';
import { onlyOwnerViewers, storyCursorInvalid, storyNotFound } from '../errors.js';
import { isoSql } from './story-rows.js';

export async function markStorySeen(sr: StoriesReels, viewerId: number, storyId: number): Promise<void> {
  const story = await storyAccess(sr, sr.ctx.db, viewerId, storyId);
  if (!story?.visible) throw storyNotFound();
  if (story.relation === 'self') return;
  await sr.ctx.db.insert(sr.tables.storyViews).values({ storyId, viewerId, viewedAt: sr.now() }).onConflictDoNothing();
}

export interface ViewersPage {
  items: StoryViewer[];
  nextCursor: string | null;
}

export async function storyViewers(
  sr: StoriesReels,
  callerId: number,
  storyId: number,
  cursor: string | undefined,
  limit: number,
): Promise<ViewersPage> {
  // The last row's view time and viewer id (decision 015).
  const after = decodeCursor(cursor, ['time', 'id'], storyCursorInvalid);
  const story = await storyAccess(sr, sr.ctx.db, callerId, storyId);
  if (!story?.visible) throw storyNotFound();
  if (story.relation !== 'self') throw onlyOwnerViewers();

  const { storyViews: sv, members: m } = sr.tables;
  const rows = rowsOf<{
    viewer_id: number;
    viewed_at: string;
    time_key: string;
    username: string | null;
    display_name: string | null;
    profile_image: string | null;
  }>(
    await sr.ctx.db.execute(sql`
      select sv.viewer_id, ${isoSql(sql`sv.viewed_at`)} as viewed_at, ${timeKeySql(sql`sv.viewed_at`)} as time_key,
        m.username, m.display_name, m.profile_image
      from ${sv} as sv
      left join ${m} as m on m.user_id = sv.viewer_id
      where sv.story_id = ${storyId} and ${notBlockedWith(sr.tables.blocks, callerId, sql`sv.viewer_id`)}
        ${after ? sql`and (sv.viewed_at, sv.viewer_id) < (${after[0]}::timestamptz, ${after[1]})` : sql``}
      order by sv.viewed_at desc, sv.viewer_id desc
      limit ${limit + 1}`),
  );
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map((row) => {
      const fallback = unknownMemberView(row.viewer_id);
      return {
        userId: row.viewer_id,
        username: row.username ?? fallback.username,
        name: row.display_name ?? fallback.displayName,
        avatar: row.profile_image ?? fallback.profileImage,
        viewedAt: row.viewed_at,
      };
    }),
    nextCursor: rows.length > limit && last ? encodeCursor([last.time_key, last.viewer_id]) : null,
  };
}
