/**
 * Sign-up and activation (docs/product/accounts.md).
 * - POST /api/signUp: creates a pending account and mails its activation link.
 * - POST /api/activate { token }: single use, 24 hours; the refusal says why.
 * - POST /api/resend-activation { email }: a new link for a pending account; the same answer for
 *   every address, so it does not tell who has an account.
 */
import { activateBody, authTexts, emailOnlyBody, errorBodySchema, messageAnswer, signUpAnswer, signUpBody } from '@kora/contracts';
import { violatedUniqueIndex, type DbOrTx, type ServiceApp } from '@kora/platform/service';
import { and, eq, or, sql } from 'drizzle-orm';
import { hashPassword } from '../accounts/passwords.js';
import { randomToken, sha256 } from '../accounts/tokens.js';
import { toSnapshot } from '../accounts/users.js';
import type { Auth } from '../context.js';
import { activationExpired, activationInvalid, activationUsed, emailInUse, rateLimited, signupsClosed, usernameTaken } from '../errors.js';
import { activationMail } from '../mail/templates.js';

export const ACTIVATION_TTL_MS = 24 * 60 * 60 * 1000;
const RESEND_LIMIT = { max: 3, windowMs: 60 * 60 * 1000 };

export function accountRoutes(app: ServiceApp, auth: Auth): void {
  const { ctx, tables } = auth;
  const { users, activationTokens } = tables;

  /** Stores a fresh activation token for the account (in the caller's transaction); returns it. */
  async function newActivationToken(tx: DbOrTx, userId: number, now: Date): Promise<string> {
    const token = randomToken();
    await tx
      .insert(activationTokens)
      .values({ tokenHash: sha256(token), userId, createdAt: now, expiresAt: new Date(now.getTime() + ACTIVATION_TTL_MS) });
    return token;
  }

  function mailActivation(user: { email: string; firstname: string }, token: string): Promise<boolean> {
    const link = `${auth.publicUrl()}/activate/${token}`;
    return auth.sendMail(activationMail({ to: user.email, firstname: user.firstname, link, siteName: auth.siteName() }));
  }

  app.post(
    '/api/signUp',
    {
      schema: {
        tags: ['accounts'],
        operationId: 'signUp',
        summary: 'Create an account (pending until its activation link is opened)',
        body: signUpBody,
        response: { 201: signUpAnswer, 400: errorBodySchema, 403: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request, reply) => {
      if (!ctx.siteSettings.current().general.allowSignups) throw signupsClosed();
      const body = request.body;
      const taken = await ctx.db
        .select({ email: users.email })
        .from(users)
        .where(or(eq(users.email, body.email), eq(sql`lower(${users.username})`, body.username.toLowerCase())));
      if (taken.some((t) => t.email === body.email)) throw emailInUse();
      if (taken.length > 0) throw usernameTaken();

      const passwordHash = await hashPassword(body.password);
      const now = auth.now();
      let created;
      try {
        created = await ctx.transact(async (tx, emit) => {
          const [row] = await tx
            .insert(users)
            .values({
              firstname: body.firstname,
              lastname: body.lastname,
              username: body.username,
              email: body.email,
              passwordHash,
              createdAt: now,
              updatedAt: now,
            })
            .returning();
          emit({
            type: 'user.registered',
            aggregateId: row!.id,
            actorId: row!.id,
            payload: { ...toSnapshot(row!), email: row!.email, createdAt: row!.createdAt.toISOString() },
          });
          return { user: row!, token: await newActivationToken(tx, row!.id, now) };
        });
      } catch (err) {
        // Two sign-ups racing for the same address or name: the unique index decides.
        const index = violatedUniqueIndex(err);
        if (index === 'users_email_key') throw emailInUse();
        if (index !== null) throw usernameTaken();
        throw err;
      }
      const { user, token } = created;
      await mailActivation(user, token);
      reply.code(201);
      return { message: authTexts.signUpDone, user: { user_id: user.id, user_name: user.username, user_email: user.email } };
    },
  );

  app.post(
    '/api/activate',
    {
      schema: {
        tags: ['accounts'],
        operationId: 'activateAccount',
        summary: 'Activate an account with the token from its activation link',
        body: activateBody,
        response: { 200: messageAnswer, 400: errorBodySchema },
      },
    },
    async (request) => {
      const now = auth.now();
      const outcome = await ctx.transact(async (tx, emit) => {
        const [row] = await tx
          .select()
          .from(activationTokens)
          .where(eq(activationTokens.tokenHash, sha256(request.body.token)))
          .for('update');
        if (!row) return 'invalid' as const;
        if (row.usedAt) return 'used' as const;
        if (row.expiresAt <= now) return 'expired' as const;
        await tx.update(activationTokens).set({ usedAt: now }).where(eq(activationTokens.tokenHash, row.tokenHash));
        const activated = await tx
          .update(users)
          .set({ status: 'active', activatedAt: now, updatedAt: now })
          .where(and(eq(users.id, row.userId), eq(users.status, 'pending')))
          .returning({ id: users.id });
        if (activated.length > 0)
          emit({ type: 'user.activated', aggregateId: row.userId, actorId: row.userId, payload: { userId: row.userId } });
        return 'activated' as const;
      });
      if (outcome === 'invalid') throw activationInvalid();
      if (outcome === 'used') throw activationUsed();
      if (outcome === 'expired') throw activationExpired();
      return { message: authTexts.activated };
    },
  );

  app.post(
    '/api/resend-activation',
    {
      schema: {
        tags: ['accounts'],
        operationId: 'resendActivation',
        summary: 'Mail a new activation link (same answer whether or not the address has an account)',
        body: emailOnlyBody,
        response: { 200: messageAnswer, 400: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { email } = request.body;
      const { count, resetInMs } = await ctx.store.hit(`activation-resend:${email}`, RESEND_LIMIT.windowMs);
      if (count > RESEND_LIMIT.max) {
        reply.header('retry-after', Math.max(1, Math.ceil(resetInMs / 1000)));
        throw rateLimited();
      }
      const [user] = await ctx.db.select().from(users).where(eq(users.email, email));
      // Not awaited: a pending account must not answer slower than an unknown address.
      if (user?.status === 'pending') {
        const pending = user;
        (async () => {
          // The new link replaces the earlier ones: only the latest mail works.
          const token = await ctx.db.transaction(async (tx) => {
            await tx.delete(activationTokens).where(eq(activationTokens.userId, pending.id));
            return newActivationToken(tx, pending.id, auth.now());
          });
          await mailActivation(pending, token);
        })().catch((err: unknown) => request.log.error({ err }, 'could not issue an activation link'));
      }
      return { message: authTexts.activationResent };
    },
  );
}
