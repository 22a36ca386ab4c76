/**
 * A member's account was erased (`user.deleted`, decision 034). The audit log keeps that an admin
 * acted on the account, not what the account held: the before/after of entries about them are
 * cleared. Their representative applications (by their id or their username) go, with the mails
 * the dev outbox kept for those addresses; their snapshot row goes last.
 */
import type { EventPayload } from '@kora/contracts';
import { forgetPublishedEvents, memberNames, type Tx } from '@kora/platform/service';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Admin } from '../context.js';

export async function eraseAdminMember(admin: Admin, tx: Tx, event: { payload: EventPayload<'user.deleted'> }): Promise<void> {
  const { userId } = event.payload;
  const { auditLog, representatives: r, members, devMail } = admin.tables;
  const names = await memberNames(tx, members, userId);
  await tx
    .update(auditLog)
    .set({ before: null, after: null })
    .where(and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, String(userId))));
  const byName = names[0] ? [eq(sql`lower(${r.username})`, names[0].toLowerCase())] : [];
  const applications = await tx
    .delete(r)
    .where(or(eq(r.userId, userId), ...byName))
    .returning({ email: r.email });
  const addresses = [...new Set(applications.map((a) => a.email.toLowerCase()))];
  if (addresses.length > 0) await tx.delete(devMail).where(inArray(sql`lower(${devMail.to})`, addresses));
  await tx.delete(members).where(eq(members.userId, userId));
  await forgetPublishedEvents(tx, admin.ctx.schema, userId, [...names, ...addresses]);
}
