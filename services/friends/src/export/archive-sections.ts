/** Friends' share of a member's data archive (decision 035): their friends, friend requests and the members they blocked. */
import { tableSection, type ExportSection, type ServiceContext } from '@kora/platform/service';

export function archiveSections(ctx: ServiceContext): ExportSection[] {
  const base = { db: ctx.db, schema: ctx.schema };
  const request =
    'id, from_user_id as "fromUserId", to_user_id as "toUserId", status, created_at as "createdAt", answered_at as "answeredAt"';
  return [
    tableSection({
      ...base,
      name: 'friends',
      table: 'friendships',
      owner: 'user_id',
      key: 'friend_id',
      columns: 'friend_id as "friendId", created_at as "since"',
    }),
    tableSection({ ...base, name: 'requests-sent', table: 'friend_requests', owner: 'from_user_id', key: 'id', columns: request }),
    tableSection({ ...base, name: 'requests-received', table: 'friend_requests', owner: 'to_user_id', key: 'id', columns: request }),
    tableSection({
      ...base,
      name: 'blocked',
      table: 'member_blocks',
      owner: 'blocker_id',
      key: 'blocked_id',
      columns: 'blocked_id as "userId", created_at as "blockedAt"',
    }),
  ];
}
