/**
 * An admin's row actions on a post (PUT /api/admin/posts/{id}/visibility; decision 024):
 * remove (deleted by a moderator, announced as `post.deleted` as any deletion is), restore,
 * shadow, unshadow. The post's row is locked for the change, and the change and its audit record
 * (`admin.action-recorded` with the flags before and after) are one transaction. An action that
 * changes nothing (restore a visible post) records nothing.
 */
import type { AdminAction, PostVisibilityAction } from '@kora/contracts';
import type { Emit, Tx } from '@kora/platform/service';
import { rowsOf } from '@kora/platform/service';
import { sql } from 'drizzle-orm';
import type { Posts } from '../context.js';
import { deletedByAuthor } from '../errors.js';
import { recordAdminAction } from '../moderation/audit.js';
import { restorePost, setShadowHiddenIn, softDeletePost } from '../moderation/post-state.js';

const auditAction: Record<PostVisibilityAction, AdminAction> = {
  remove: 'post.removed',
  restore: 'post.restored',
  shadow: 'post.shadowed',
  unshadow: 'post.unshadowed',
};

interface Flags {
  isDeleted: boolean;
  isShadowHidden: boolean;
}
interface LockedPost extends Flags {
  deletedByModerator: boolean;
}

/** The post's flags, its row locked until the transaction ends; undefined when there is no such post. */
export async function lockPostFlags(posts: Posts, tx: Tx, postId: number): Promise<LockedPost | undefined> {
  const rows = rowsOf<{ deleted: boolean; deleted_by_moderator: boolean; shadow_hidden: boolean }>(
    await tx.execute(
      sql`select p.deleted_at is not null as deleted, p.deleted_by_moderator, p.shadow_hidden from ${posts.tables.posts} as p where p.id = ${postId} for update`,
    ),
  );
  const row = rows[0];
  return row && { isDeleted: row.deleted, deletedByModerator: row.deleted_by_moderator, isShadowHidden: row.shadow_hidden };
}

/**
 * Applies `action` to the post inside the caller's transaction and records it when it changed
 * something. Answers whether the post exists.
 */
export async function applyPostAction(
  posts: Posts,
  tx: Tx,
  emit: Emit,
  adminId: number,
  postId: number,
  action: PostVisibilityAction,
): Promise<boolean> {
  const locked = await lockPostFlags(posts, tx, postId);
  if (!locked) return false;
  // Deleting was the author's choice: the back office brings back only what a moderator removed.
  if (action === 'restore' && locked.isDeleted && !locked.deletedByModerator) throw deletedByAuthor();
  const before: Flags = { isDeleted: locked.isDeleted, isShadowHidden: locked.isShadowHidden };
  let changed: boolean;
  switch (action) {
    case 'remove':
      changed = await softDeletePost(posts, tx, emit, postId, { actorId: adminId, byModerator: true });
      break;
    case 'restore':
      changed = await restorePost(posts, tx, postId);
      break;
    case 'shadow':
    case 'unshadow':
      changed = await setShadowHiddenIn(posts, tx, postId, action === 'shadow');
      break;
  }
  if (changed) {
    const after = {
      isDeleted: action === 'remove' ? true : action === 'restore' ? false : before.isDeleted,
      isShadowHidden: action === 'shadow' ? true : action === 'unshadow' ? false : before.isShadowHidden,
    };
    recordAdminAction(
      emit,
      { actorId: adminId, action: auditAction[action], targetType: 'post', targetId: postId, before, after },
      posts.now(),
    );
  }
  return true;
}

/** The route's change: its own transaction. */
export async function changePostVisibility(posts: Posts, adminId: number, postId: number, action: PostVisibilityAction): Promise<boolean> {
  return posts.ctx.transact((tx, emit) => applyPostAction(posts, tx, emit, adminId, postId, action));
}
