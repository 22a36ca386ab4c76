/**
 * A member's account was erased (`user.deleted`, decision 034): the notifications to them and
 * from them, their switches, time zone, address, digests, the mails the dev outbox kept for them,
 * their snapshot and privacy rows and their devices' push subscriptions go. Replaying finds nothing left to do.
 */
import type { EventPayload } from '@kora/contracts';
import { deleteMemberRows, forgetPublishedEvents, memberNames, type Tx } from '@kora/platform/service';
import { eq, sql } from 'drizzle-orm';
import type { Notifications } from '../context.js';

export async function eraseNotificationsMember(n: Notifications, tx: Tx, event: { payload: EventPayload<'user.deleted'> }): Promise<void> {
  const { userId } = event.payload;
  const t = n.tables;
  const [address] = await tx.select({ email: t.emails.email }).from(t.emails).where(eq(t.emails.userId, userId));
  const names = [...(await memberNames(tx, t.members, userId)), ...(address ? [address.email] : [])];
  if (address) await tx.delete(t.devMail).where(eq(sql`lower(${t.devMail.to})`, address.email.toLowerCase()));
  await deleteMemberRows(tx, userId, [
    t.notifications.recipientId,
    t.notifications.actorId,
    t.notificationSettings.userId,
    t.timezones.userId,
    t.emails.userId,
    t.digests.userId,
    t.privacy.userId,
    t.members.userId,
    t.blocks.blockerId,
    t.blocks.blockedId,
    t.pushSubscriptions.userId,
  ]);
  await forgetPublishedEvents(tx, n.ctx.schema, userId, names);
}
