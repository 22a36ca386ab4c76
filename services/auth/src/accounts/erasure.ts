/**
 * Erasing accounts whose grace period is over (decision 034). One transaction per account: the row
 * is locked and checked again (a sign-in may have cancelled it), auth's own traces of the member
 * are deleted (the user row, with its sessions, tokens and codes; projections; mails in the dev
 * outbox; published events naming them), a tombstone keeps the id, and `user.deleted` tells every
 * other service to erase theirs.
 */
import { deleteMemberRows, forgetPublishedEvents } from '@kora/platform/service';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import { accountKey } from './sign-in-throttle.js';
import type { Auth } from '../context.js';

const BATCH = 20;

/** Erases every account due by now; answers how many. */
export async function eraseDueAccounts(auth: Auth): Promise<number> {
  const { users } = auth.tables;
  let erased = 0;
  for (;;) {
    const due = await auth.ctx.db
      .select({ id: users.id })
      .from(users)
      .where(lte(users.deletionDueAt, auth.now()))
      .orderBy(users.deletionDueAt)
      .limit(BATCH);
    for (const { id } of due) if (await eraseAccount(auth, id)) erased += 1;
    if (due.length < BATCH) return erased;
  }
}

/** Erases one account if it is (still) due; false when a sign-in got there first or it is gone. */
export async function eraseAccount(auth: Auth, userId: number): Promise<boolean> {
  const { ctx, tables } = auth;
  const t = tables;
  return ctx.transact(async (tx, emit) => {
    const [user] = await tx
      .select()
      .from(t.users)
      .where(and(eq(t.users.id, userId), lte(t.users.deletionDueAt, auth.now())))
      .for('update');
    if (!user) return false;
    const changes = await tx.select({ email: t.emailChanges.newEmail }).from(t.emailChanges).where(eq(t.emailChanges.userId, userId));
    const addresses = [...new Set([user.email, ...changes.map((c) => c.email)])];
    await tx.delete(t.devMail).where(inArray(sql`lower(${t.devMail.to})`, addresses));
    await deleteMemberRows(tx, userId, [
      t.memberDetails.userId,
      t.mailSettings.userId,
      t.privacy.userId,
      t.friendships.userId,
      t.friendships.friendId,
      t.firstAdmin.userId,
      t.blocks.blockerId,
      t.blocks.blockedId,
      t.twoStep.userId,
      t.recoveryCodes.userId,
      t.twoStepChallenges.userId,
    ]);
    await tx.delete(t.signInThrottle).where(eq(t.signInThrottle.key, accountKey(userId)));
    await forgetPublishedEvents(tx, ctx.schema, userId, [user.email, user.username, ...addresses]);
    // Sessions, activation tokens, recovery codes and e-mail changes go with the row (on delete cascade).
    await tx.delete(t.users).where(eq(t.users.id, userId));
    await tx
      .insert(t.erasedAccounts)
      .values({ userId, requestedAt: user.deletionRequestedAt ?? user.deletionDueAt!, erasedAt: auth.now() })
      .onConflictDoNothing();
    const profileFiles = [user.profileImage, user.coverImage].filter((url): url is string => url !== null);
    emit({ type: 'user.deleted', aggregateId: userId, actorId: userId, payload: { userId, profileFiles } });
    ctx.log.info({ userId }, 'account erased');
    return true;
  });
}
