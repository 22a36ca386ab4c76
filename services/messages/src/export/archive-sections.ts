/**
 * Messages' share of a member's data archive (decision 035): the conversations they are in (with
 * their state and marks) and the messages they sent. Others' messages are theirs, not the member's.
 */
import { tableSection, type ExportSection, type ServiceContext } from '@kora/platform/service';

export function archiveSections(ctx: ServiceContext): ExportSection[] {
  const base = { db: ctx.db, schema: ctx.schema };
  return [
    tableSection({
      ...base,
      name: 'conversations',
      table: 'conversation_members',
      owner: 'user_id',
      key: 'conversation_id',
      columns: `conversation_id as "conversationId", state, last_read_id as "lastReadId", joined_at as "joinedAt", left_at as "leftAt",
        (select kind from "${ctx.schema}".conversations c where c.id = conversation_id) as kind,
        (select title from "${ctx.schema}".conversations c where c.id = conversation_id) as title`,
    }),
    tableSection({
      ...base,
      name: 'messages-sent',
      table: 'messages',
      owner: 'sender_id',
      key: 'id',
      columns:
        'id, conversation_id as "conversationId", body, media, reply_to_id as "replyToId", created_at as "createdAt", deleted_at as "deletedAt"',
    }),
  ];
}
