/**
 * Deleting your own account (decision 034). Asking for it checks the password, refuses a wallet
 * with money in it unless the member confirms giving it up, schedules the erasure after the grace
 * period and ends every session. Signing in before the due time cancels it; once it is due the
 * account is as good as gone (sign-in refuses it) and the sweep erases it.
 */
import { formatNaira, koboToNaira } from '@kora/contracts';
import { unauthenticated, type Identity } from '@kora/platform/service';
import { and, eq, isNull } from 'drizzle-orm';
import type { Auth } from '../context.js';
import type { FastifyReply } from 'fastify';
import { balanceNotEmpty, currentPasswordWrong, twoStepCodeWrong } from '../errors.js';
import { deletionScheduledMail } from '../mail/leaving-templates.js';
import { mailTime, sendMemberMail } from '../mail/mail-language.js';
import { verifyPassword } from './passwords.js';
import { isDue } from './deletion-grace.js';
import { revokeSessions } from './sessions.js';
import { forgiveAttempt, recordFailure, startAttempt } from './sign-in-flow.js';
import { accountKey } from './sign-in-throttle.js';
import { hasTwoStep, spendCode } from './two-step.js';
import { findUserById } from './users.js';

export interface DeletionRequest {
  password: string;
  confirmBalance?: boolean;
  /** A TOTP or recovery code: needed when two-step sign-in is on (decision 033). */
  code?: string;
}

export const graceMs = (auth: Auth) => auth.config.KORA_DELETION_GRACE_SECONDS * 1000;

/** Schedules the caller's account for erasure; answers when. Asking again keeps the first date. */
export async function requestDeletion(auth: Auth, reply: FastifyReply, identity: Identity, request: DeletionRequest): Promise<Date> {
  const { ctx, tables } = auth;
  const user = await findUserById(ctx.db, tables, identity.userId);
  if (!user || isDue(auth, user)) throw unauthenticated();
  // The password and code count toward the sign-in backoff, so a stolen session cannot guess them.
  const key = accountKey(user.id);
  const attempt = await startAttempt(auth, reply, key);
  if (!(await verifyPassword(user.passwordHash, request.password))) {
    await recordFailure(auth, key, attempt, user);
    throw currentPasswordWrong();
  }
  if (await hasTwoStep(ctx.db, tables, user.id)) {
    const spent = await ctx.transact((tx) => spendCode(tx, tables, auth.twoStepKeys, user.id, request.code ?? '', auth.now()));
    if (!spent) {
      await recordFailure(auth, key, attempt, user);
      throw twoStepCodeWrong();
    }
  }
  await forgiveAttempt(auth, key);
  // The balance the sign-in record carries (wallet events keep it); a top-up still in flight shows
  // on the next try.
  if (user.walletBalanceKobo > 0 && request.confirmBalance !== true) {
    throw balanceNotEmpty(formatNaira(koboToNaira(user.walletBalanceKobo)));
  }
  const now = auth.now();
  const dueAt = new Date(now.getTime() + graceMs(auth));
  const scheduled = await ctx.transact(async (tx, emit) => {
    const [row] = await tx
      .update(tables.users)
      .set({ deletionRequestedAt: now, deletionDueAt: dueAt, updatedAt: now })
      .where(and(eq(tables.users.id, user.id), isNull(tables.users.deletionDueAt)))
      .returning({ dueAt: tables.users.deletionDueAt });
    await revokeSessions(tx, emit, ctx.store, tables, { userId: user.id }, user.id, now);
    return row?.dueAt ?? null;
  });
  if (!scheduled) {
    // A second request raced the first: its date stands.
    const current = await findUserById(ctx.db, tables, user.id);
    return current?.deletionDueAt ?? dueAt;
  }
  await sendMemberMail(auth, user.id, () =>
    deletionScheduledMail({
      to: user.email,
      firstname: user.firstname,
      siteName: auth.siteName(),
      deleteAt: mailTime(scheduled),
      link: `${auth.publicUrl()}/login`,
    }),
  );
  return scheduled;
}
