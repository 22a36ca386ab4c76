/**
 * The grace period of a deleted account (decision 034): past it the account is as good as erased;
 * within it a complete sign-in cancels the deletion.
 */
import { and, eq, gt, isNotNull } from 'drizzle-orm';
import type { Auth } from '../context.js';
import type { UserRow } from '../db/schema.js';
import { deletionCancelledMail } from '../mail/leaving-templates.js';
import { sendMemberMail } from '../mail/mail-language.js';

/** Past its grace period: erased at the next sweep, never signed in to again. */
export function isDue(auth: Auth, user: Pick<UserRow, 'deletionDueAt'>): boolean {
  return user.deletionDueAt !== null && user.deletionDueAt <= auth.now();
}

/**
 * A sign-in with the right password during the grace period: the deletion is off. Answers whether
 * this call cancelled one (the sweep cannot take the row meanwhile: it only takes due rows, and
 * this only clears rows not yet due).
 */
export async function cancelDeletionOnSignIn(auth: Auth, user: UserRow): Promise<boolean> {
  if (user.deletionDueAt === null) return false;
  const { tables } = auth;
  const now = auth.now();
  const cancelled = await auth.ctx.db
    .update(tables.users)
    .set({ deletionRequestedAt: null, deletionDueAt: null, updatedAt: now })
    .where(and(eq(tables.users.id, user.id), isNotNull(tables.users.deletionDueAt), gt(tables.users.deletionDueAt, now)))
    .returning({ id: tables.users.id });
  if (cancelled.length === 0) return false;
  await sendMemberMail(auth, user.id, () =>
    deletionCancelledMail({ to: user.email, firstname: user.firstname, siteName: auth.siteName(), link: `${auth.publicUrl()}/settings` }),
  );
  return true;
}
