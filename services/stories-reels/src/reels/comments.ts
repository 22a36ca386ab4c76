/**
 * A reel's comments as `viewer` sees them, oldest first (a new one is appended), a keyset page on id
 * (`reel_comments_reel_idx`); comments of members blocked either way with the viewer are left out (decision 036).
 */
import type { ReelComment } from '@kora/contracts';
import { memberViews, notBlockedWith } from '@kora/platform/service';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { StoriesReels } from '../context.js';

export interface CommentPage {
  items: ReelComment[];
  /** The last id shown, when there may be more. */
  nextCursor: number | null;
}

export async function reelComments(
  sr: StoriesReels,
  viewer: number,
  reelId: number,
  cursor: number | undefined,
  limit: number,
): Promise<CommentPage> {
  const c = sr.tables.reelComments;
  const rows = await sr.ctx.db
    .select()
    .from(c)
    .where(and(eq(c.reelId, reelId), cursor ? gt(c.id, cursor) : undefined, notBlockedWith(sr.tables.blocks, viewer, c.userId)))
    .orderBy(asc(c.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const view = await memberViews(
    sr.ctx.db,
    sr.tables.members,
    page.map((r) => r.userId),
    sr.now(),
  );
  const items = page.map((r) => {
    const who = view(r.userId);
    return {
      id: r.id,
      username: who.username,
      content: r.content,
      userId: r.userId,
      name: who.displayName,
      avatar: who.profileImage,
      createdAt: r.createdAt.toISOString(),
    };
  });
  return { items, nextCursor: rows.length > limit ? (items.at(-1)?.id ?? null) : null };
}
