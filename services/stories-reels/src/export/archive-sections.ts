/** Stories and reels' share of a member's data archive (decision 035): their stories, reels and reel comments. */
import { tableSection, type ExportSection, type ServiceContext } from '@kora/platform/service';

export function archiveSections(ctx: ServiceContext): ExportSection[] {
  const base = { db: ctx.db, schema: ctx.schema };
  return [
    tableSection({
      ...base,
      name: 'stories',
      table: 'stories',
      owner: 'user_id',
      key: 'id',
      columns: 'id, url, type, created_at as "createdAt", expires_at as "expiresAt", deleted_at as "deletedAt"',
    }),
    tableSection({
      ...base,
      name: 'reels',
      table: 'reels',
      owner: 'author_id',
      key: 'id',
      columns:
        'id, video_url as "videoUrl", caption, like_count as "likeCount", comment_count as "commentCount", ' +
        'share_count as "shareCount", created_at as "createdAt", deleted_at as "deletedAt"',
    }),
    tableSection({
      ...base,
      name: 'reel-comments',
      table: 'reel_comments',
      owner: 'user_id',
      key: 'id',
      columns: 'id, reel_id as "reelId", content, created_at as "createdAt"',
    }),
  ];
}
