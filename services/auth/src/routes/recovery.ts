/**
 * Password recovery with a one-time code (docs/product/accounts.md: the code, then the new password).
 * - POST /api/sendForgotOtp { email } and POST /api/resend-otp { email }: mail a 4-digit code.
 *   One code per 30 s per address (both routes), at most 5 sends per address and 20 per IP an hour.
 * - POST /api/forgot-password { email, otp }: checks the code (does not use it up).
 * - POST /api/reset-password { email, otp, password }: checks it again, sets the password, uses the
 *   code up and ends every session of the account.
 * Every answer is the same whether or not the address has an account.
 */
import { checkOtpBody, emailOnlyBody, errorBodySchema, resetPasswordBody, statusAnswer } from '@kora/contracts';
import type { ServiceApp } from '@kora/platform/service';
import type { FastifyReply } from 'fastify';
import { eq } from 'drizzle-orm';
import { accountKey, clearAttempts } from '../accounts/sign-in-throttle.js';
import { checkCode, consumeCode, generateCode, OTP_RESEND_COOLDOWN_MS, resetMisses, storeCode, type CodeCheck } from '../accounts/otp.js';
import { hashPassword } from '../accounts/passwords.js';
import { mailPasswordChanged } from '../accounts/security-mail.js';
import { revokeSessions } from '../accounts/sessions.js';
import { findUserByEmail } from '../accounts/users.js';
import type { Auth } from '../context.js';
import type { UserRow } from '../db/schema.js';
import { otpCooldown, otpInvalid, otpLocked, rateLimited } from '../errors.js';
import { sendMemberMail } from '../mail/mail-language.js';
import { recoveryCodeMail } from '../mail/templates.js';

const HOUR = 60 * 60 * 1000;
export const OTP_SEND_LIMITS = { perAddress: 5, perIp: 20, windowMs: HOUR };

const refused = { 400: errorBodySchema, 429: errorBodySchema };

function refuse(check: Exclude<CodeCheck, 'ok'>): never {
  throw check === 'locked' ? otpLocked() : otpInvalid();
}

export function recoveryRoutes(app: ServiceApp, auth: Auth): void {
  const { ctx, tables } = auth;
  const store = ctx.store;

  /** Who may recover: an account that exists and is not suspended. Anyone else gets the same answers. */
  const recoverable = (user: UserRow | undefined) => (user && user.status !== 'suspended' ? user : undefined);

  async function sendCode(email: string, ip: string, reply: FastifyReply): Promise<{ status: true }> {
    const cooldown = await store.hit(`otp-cooldown:${email}`, OTP_RESEND_COOLDOWN_MS);
    if (cooldown.count > 1) {
      const seconds = Math.max(1, Math.ceil(cooldown.resetInMs / 1000));
      reply.header('retry-after', seconds);
      throw otpCooldown(seconds);
    }
    for (const [key, max] of [
      [`otp-send:address:${email}`, OTP_SEND_LIMITS.perAddress],
      [`otp-send:ip:${ip}`, OTP_SEND_LIMITS.perIp],
    ] as const) {
      const { count, resetInMs } = await store.hit(key, OTP_SEND_LIMITS.windowMs);
      if (count > max) {
        reply.header('retry-after', Math.max(1, Math.ceil(resetInMs / 1000)));
        throw rateLimited();
      }
    }
    await resetMisses(store, email);
    const user = recoverable(await findUserByEmail(ctx.db, tables, email));
    if (user) {
      // Not awaited: an account must not answer slower than an unknown address.
      (async () => {
        const code = generateCode();
        await storeCode(ctx.db, tables, auth.otpKey, user.id, code, auth.now());
        await sendMemberMail(auth, user.id, () =>
          recoveryCodeMail({ to: user.email, firstname: user.firstname, code, siteName: auth.siteName() }),
        );
      })().catch((err: unknown) => ctx.log.error({ err, userId: user.id }, 'could not issue a recovery code'));
    }
    return { status: true };
  }

  for (const [path, operationId, summary] of [
    ['/api/sendForgotOtp', 'sendForgotOtp', 'Mail a password reset code'],
    ['/api/resend-otp', 'resendOtp', 'Mail a new password reset code (30 s after the previous one)'],
  ] as const) {
    app.post(
      path,
      { schema: { tags: ['recovery'], operationId, summary, body: emailOnlyBody, response: { 200: statusAnswer, ...refused } } },
      async (request, reply) => sendCode(request.body.email, request.ip, reply),
    );
  }

  app.post(
    '/api/forgot-password',
    {
      schema: {
        tags: ['recovery'],
        operationId: 'checkResetCode',
        summary: 'Check a reset code (5 wrong tries lock it)',
        body: checkOtpBody,
        response: { 200: statusAnswer, ...refused },
      },
    },
    async (request) => {
      const { email, otp } = request.body;
      const user = recoverable(await findUserByEmail(ctx.db, tables, email));
      const now = auth.now();
      // The transaction commits a wrong try before the request is refused.
      const check = await ctx.transact((tx) => checkCode(tx, tables, store, auth.otpKey, email, user?.id ?? null, otp, now));
      if (check !== 'ok') refuse(check);
      return { status: true };
    },
  );

  app.post(
    '/api/reset-password',
    {
      schema: {
        tags: ['recovery'],
        operationId: 'resetPassword',
        summary: 'Set a new password with a reset code; ends every session of the account',
        body: resetPasswordBody,
        response: { 200: statusAnswer, ...refused },
      },
    },
    async (request) => {
      const { email, otp, password } = request.body;
      const user = recoverable(await findUserByEmail(ctx.db, tables, email));
      const userId = user?.id ?? null;
      const first = await ctx.transact((tx) => checkCode(tx, tables, store, auth.otpKey, email, userId, otp, auth.now()));
      if (first !== 'ok' || userId === null) refuse(first === 'ok' ? 'invalid' : first);
      // Hashing is slow: only for a code that checked out, and outside the transaction.
      const passwordHash = await hashPassword(password);
      const now = auth.now();
      const second = await ctx.transact(async (tx, emit) => {
        const again = await checkCode(tx, tables, store, auth.otpKey, email, userId, otp, now);
        if (again !== 'ok') return again;
        await consumeCode(tx, tables, userId, now);
        await tx.update(tables.users).set({ passwordHash, updatedAt: now }).where(eq(tables.users.id, userId));
        await revokeSessions(tx, emit, store, tables, { userId }, userId, now);
        // The mailed code proves the address as the unlock link does: a locked sign-in opens (decision 033).
        await clearAttempts(tx, tables, accountKey(userId));
        return again;
      });
      if (second !== 'ok') refuse(second);
      await mailPasswordChanged(auth, user!);
      return { status: true };
    },
  );
}
