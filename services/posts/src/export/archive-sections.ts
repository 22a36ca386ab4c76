/** Posts' share of a member's data archive (decision 035): their posts, comments, saves and reactions. */
import { tableSection, type ExportSection, type ServiceContext } from '@kora/platform/service';

export function archiveSections(ctx: ServiceContext): ExportSection[] {
  const base = { db: ctx.db, schema: ctx.schema };
  return [
    tableSection({
      ...base,
      name: 'posts',
      table: 'posts',
      owner: 'author_id',
      key: 'id',
      columns:
        'id, content, media, group_id as "groupId", like_count as "likeCount", comment_count as "commentCount", ' +
        'share_count as "shareCount", created_at as "createdAt", deleted_at as "deletedAt"',
    }),
    tableSection({
      ...base,
      name: 'comments',
      table: 'comments',
      owner: 'user_id',
      key: 'id',
      columns: 'id, post_id as "postId", content, created_at as "createdAt", removed_at as "removedAt"',
    }),
    tableSection({
      ...base,
      name: 'saves',
      table: 'saves',
      owner: 'user_id',
      key: 'post_id',
      columns: 'post_id as "postId", created_at as "savedAt"',
    }),
    tableSection({
      ...base,
      name: 'likes',
      table: 'likes',
      owner: 'user_id',
      key: 'post_id',
      columns: 'post_id as "postId", created_at as "likedAt"',
    }),
    tableSection({
      ...base,
      name: 'shares',
      table: 'shares',
      owner: 'user_id',
      key: 'post_id',
      columns: 'post_id as "postId", created_at as "sharedAt"',
    }),
  ];
}
