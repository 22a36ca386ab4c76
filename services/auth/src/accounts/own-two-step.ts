/**
 * A signed-in member's own two-step sign-in (decision 033): status, set-up (a pending secret shown
 * once as URI, QR code and text), confirmation with a first code (ten recovery codes, shown once),
 * and turning it off (password and a code, each counted like a sign-in try).
 */
import type { z } from 'zod';
import type { twoStepSetupAnswer, twoStepStatusSchema } from '@kora/contracts';
import { unauthenticated, type Identity } from '@kora/platform/service';
import { eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { Auth } from '../context.js';
import { currentPasswordWrong, twoStepAlreadyOn, twoStepCodeWrong, twoStepNoSetup, twoStepNotOn } from '../errors.js';
import type { FastifyReply } from 'fastify';
import { verifyPassword } from './passwords.js';
import { clearAttempts, accountKey } from './sign-in-throttle.js';
import { recordFailure, startAttempt } from './sign-in-flow.js';
import {
  confirmPendingSecret,
  isOn,
  newSecret,
  recoveryCodesLeft,
  spendCode,
  storePendingSecret,
  totpFor,
  turnOff,
  twoStepRow,
} from './two-step.js';
import { findUserById } from './users.js';

export async function ownTwoStepStatus(auth: Auth, identity: Identity): Promise<z.infer<typeof twoStepStatusSchema>> {
  const row = await twoStepRow(auth.ctx.db, auth.tables, identity.userId);
  if (!isOn(row)) return { enabled: false, enabledAt: null, recoveryCodesLeft: 0 };
  return {
    enabled: true,
    enabledAt: row.enabledAt.toISOString(),
    recoveryCodesLeft: await recoveryCodesLeft(auth.ctx.db, auth.tables, identity.userId),
  };
}

export async function startOwnSetup(auth: Auth, identity: Identity): Promise<z.infer<typeof twoStepSetupAnswer>> {
  const { ctx, tables } = auth;
  const user = await findUserById(ctx.db, tables, identity.userId);
  if (!user) throw unauthenticated();
  const secret = newSecret();
  await ctx.transact(async (tx) => {
    // Checked under the row lock, so set-up never replaces the secret of an account already on.
    const [row] = await tx.select().from(tables.twoStep).where(eq(tables.twoStep.userId, user.id)).for('update');
    if (isOn(row ?? null)) throw twoStepAlreadyOn();
    await storePendingSecret(tx, tables, auth.twoStepKeys.secrets, user.id, secret, auth.now());
  });
  const uri = totpFor(secret, user.username, auth.siteName()).toString();
  const svg = await QRCode.toString(uri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
  return { uri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`, secret };
}

export async function confirmOwnSetup(auth: Auth, identity: Identity, code: string): Promise<string[]> {
  const outcome = await auth.ctx.transact((tx) =>
    confirmPendingSecret(tx, auth.tables, auth.twoStepKeys, identity.userId, code, auth.now()),
  );
  switch (outcome.kind) {
    case 'on':
      return outcome.recoveryCodes;
    case 'already-on':
      throw twoStepAlreadyOn();
    case 'no-setup':
      throw twoStepNoSetup();
    case 'wrong':
      throw twoStepCodeWrong();
  }
}

/** Needs the password and a code (TOTP or recovery); each wrong one counts toward the sign-in lock. */
export async function turnOwnTwoStepOff(
  auth: Auth,
  reply: FastifyReply,
  identity: Identity,
  password: string,
  code: string,
): Promise<void> {
  const { ctx, tables } = auth;
  const user = await findUserById(ctx.db, tables, identity.userId);
  if (!user) throw unauthenticated();
  if (!isOn(await twoStepRow(ctx.db, tables, user.id))) throw twoStepNotOn();
  const key = accountKey(user.id);
  const attempt = await startAttempt(auth, reply, key);
  if (!(await verifyPassword(user.passwordHash, password))) {
    await recordFailure(auth, key, attempt, user);
    throw currentPasswordWrong();
  }
  const now = auth.now();
  const off = await ctx.transact(async (tx) => {
    if (!(await spendCode(tx, tables, auth.twoStepKeys, user.id, code, now))) return false;
    await turnOff(tx, tables, user.id);
    await clearAttempts(tx, tables, key);
    return true;
  });
  if (!off) {
    await recordFailure(auth, key, attempt, user);
    throw twoStepCodeWrong();
  }
}
