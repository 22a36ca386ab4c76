/**
 * A member's account was erased (`user.deleted`, decision 034): the text and media of every message
 * they sent are cleared (the rows keep their ids and times, so the others' conversations keep
 * their order and read "Message deleted"), their memberships and reports go, and a conversation
 * left with no member at all goes with its messages. Replaying finds nothing left to do.
 */
import type { EventPayload } from '@kora/contracts';
import { deleteMemberRows, forgetPublishedEvents, memberNames, type Tx } from '@kora/platform/service';
import { and, eq, isNull, notExists, sql } from 'drizzle-orm';
import type { Messages } from '../context.js';

export async function eraseMessagesMember(
  m: Messages,
  tx: Tx,
  event: { payload: EventPayload<'user.deleted'>; occurredAt: string },
): Promise<void> {
  const { userId } = event.payload;
  const { messages, conversations, conversationMembers: cm, reports, policies, members, blocks, friendships } = m.tables;
  const names = await memberNames(tx, members, userId);
  await tx
    .update(messages)
    .set({ body: '', media: [], deletedAt: new Date(event.occurredAt) })
    .where(and(eq(messages.senderId, userId), isNull(messages.deletedAt)));
  await deleteMemberRows(tx, userId, [
    cm.userId,
    reports.reporterId,
    policies.userId,
    members.userId,
    blocks.blockerId,
    blocks.blockedId,
    friendships.userId,
    friendships.friendId,
  ]);
  await tx.delete(conversations).where(
    notExists(
      tx
        .select({ one: sql`1` })
        .from(cm)
        .where(eq(cm.conversationId, conversations.id)),
    ),
  );
  await forgetPublishedEvents(tx, m.ctx.schema, userId, names);
}
