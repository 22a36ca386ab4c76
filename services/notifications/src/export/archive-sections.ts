/**
 * Notifications' share of a member's data archive (decision 035): the notifications they received,
 * and the devices subscribed to their push notifications (decision 042; not the devices' keys).
 */
import { tableSection, type ExportSection, type ServiceContext } from '@kora/platform/service';

export function archiveSections(ctx: ServiceContext): ExportSection[] {
  return [
    tableSection({
      db: ctx.db,
      schema: ctx.schema,
      name: 'notifications',
      table: 'notifications',
      owner: 'recipient_id',
      key: 'id',
      columns:
        'id, type, actor_id as "actorId", entity_type as "entityType", entity_id as "entityId", message, ' +
        'post_id as "postId", group_id as "groupId", created_at as "createdAt", read_at as "readAt"',
    }),
    tableSection({
      db: ctx.db,
      schema: ctx.schema,
      name: 'push-devices',
      table: 'push_subscriptions',
      owner: 'user_id',
      key: 'id',
      columns: 'endpoint, user_agent as "userAgent", created_at as "createdAt", last_used_at as "lastUsedAt"',
    }),
  ];
}
