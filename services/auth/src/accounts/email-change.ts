/**
 * Changing your own e-mail address (decision 034). Asking checks the password and that the address
 * is free, then mails a confirm link to the new address and a notice with a cancel link to the old
 * one; one pending change per member (a new ask replaces it). The address changes only when the
 * confirm link is opened: once, within 24 hours, and only if the address is still free (the unique
 * index decides between two members racing for it). Only digests of the link tokens are stored.
 */
import { authTexts } from '@kora/contracts';
import { unauthenticated, type Identity, type Tx } from '@kora/platform/service';
import { and, eq, isNull } from 'drizzle-orm';
import type { Auth } from '../context.js';
import { currentPasswordWrong, emailChangeExpired, emailChangeInvalid, emailChangeUsed, emailInUse, emailUnchanged } from '../errors.js';
import { emailChangeConfirmMail, emailChangeNoticeMail } from '../mail/leaving-templates.js';
import { sendMemberMail } from '../mail/mail-language.js';
import { changeAccount } from './account-changes.js';
import { verifyPassword } from './passwords.js';
import { randomToken, sha256 } from './tokens.js';
import { findUserByEmail, findUserById } from './users.js';

export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000;

export async function requestEmailChange(auth: Auth, identity: Identity, newEmail: string, password: string): Promise<void> {
  const { ctx, tables } = auth;
  const t = tables.emailChanges;
  const user = await findUserById(ctx.db, tables, identity.userId);
  if (!user) throw unauthenticated();
  if (!(await verifyPassword(user.passwordHash, password))) throw currentPasswordWrong();
  const email = newEmail.trim().toLowerCase();
  if (email === user.email) throw emailUnchanged();
  if (await findUserByEmail(ctx.db, tables, email)) throw emailInUse();

  const confirm = randomToken();
  const cancel = randomToken();
  const now = auth.now();
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(t)
      .set({ cancelledAt: now })
      .where(and(eq(t.userId, user.id), isNull(t.confirmedAt), isNull(t.cancelledAt)));
    await tx.insert(t).values({
      userId: user.id,
      newEmail: email,
      confirmHash: sha256(confirm),
      cancelHash: sha256(cancel),
      createdAt: now,
      expiresAt: new Date(now.getTime() + EMAIL_CHANGE_TTL_MS),
    });
  });
  const base = auth.publicUrl();
  const siteName = auth.siteName();
  await sendMemberMail(auth, user.id, () =>
    emailChangeConfirmMail({ to: email, firstname: user.firstname, siteName, link: `${base}/email-change/${confirm}` }),
  );
  await sendMemberMail(auth, user.id, () =>
    emailChangeNoticeMail({
      to: user.email,
      firstname: user.firstname,
      siteName,
      newEmail: email,
      link: `${base}/email-change/${cancel}?cancel=1`,
    }),
  );
}

async function pendingChange(auth: Auth, tx: Tx, column: 'confirmHash' | 'cancelHash', token: string) {
  const t = auth.tables.emailChanges;
  const [row] = await tx
    .select()
    .from(t)
    .where(eq(t[column], sha256(token.trim())))
    .for('update');
  return row;
}

/** Opens the confirm link: the account takes the new address. Answers it. */
export async function confirmEmailChange(auth: Auth, token: string): Promise<string> {
  const { ctx, tables } = auth;
  const now = auth.now();
  return ctx.transact(async (tx, emit) => {
    const change = await pendingChange(auth, tx, 'confirmHash', token);
    if (!change || change.cancelledAt) throw emailChangeInvalid();
    if (change.confirmedAt) throw emailChangeUsed();
    if (change.expiresAt <= now) throw emailChangeExpired();
    const [user] = await tx.select().from(tables.users).where(eq(tables.users.id, change.userId)).for('update');
    if (!user) throw emailChangeInvalid();
    // The address may have been taken since the ask: refused in the product's words (the unique
    // index settles two confirmations racing for it).
    const outcome = await changeAccount(tx, emit, tables, user, { email: change.newEmail }, user.id, now);
    await tx.update(tables.emailChanges).set({ confirmedAt: now }).where(eq(tables.emailChanges.id, change.id));
    return outcome.user.email;
  });
}

/** Opens the "this wasn't me" link from the old address: a pending change is off. */
export async function cancelEmailChange(auth: Auth, token: string): Promise<string> {
  const now = auth.now();
  return auth.ctx.db.transaction(async (tx) => {
    const change = await pendingChange(auth, tx, 'cancelHash', token);
    if (!change) throw emailChangeInvalid();
    if (change.confirmedAt) throw emailChangeUsed();
    if (!change.cancelledAt)
      await tx.update(auth.tables.emailChanges).set({ cancelledAt: now }).where(eq(auth.tables.emailChanges.id, change.id));
    return authTexts.emailChangeCancelled;
  });
}
