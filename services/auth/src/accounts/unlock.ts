/**
 * The sign-in unlock link (decision 033): a signed link token naming the member and the moment of
 * the lock it lifts, so it works once (the lock it names is gone afterwards) and no older link
 * lifts a newer lock. Mailed to the account's address only, when the lock is set.
 */
import { signScopedLinkToken, verifyScopedLinkToken } from '@kora/platform/service';
import type { Auth } from '../context.js';
import type { UserRow } from '../db/schema.js';
import { sendMemberMail } from '../mail/mail-language.js';
import { signInLockedMail } from '../mail/templates.js';
import { accountKey, clearAttempts, lockedAt } from './sign-in-throttle.js';

const PURPOSE = 'unlock-sign-in';

export function unlockToken(auth: Auth, userId: number, locked: Date): string {
  return signScopedLinkToken(auth.unlockKey, PURPOSE, userId, String(locked.getTime()));
}

export async function mailUnlockLink(auth: Auth, user: Pick<UserRow, 'id' | 'email' | 'firstname'>, locked: Date): Promise<void> {
  const link = `${auth.publicUrl()}/login?unlock=${encodeURIComponent(unlockToken(auth, user.id, locked))}`;
  await sendMemberMail(auth, user.id, () =>
    signInLockedMail({ to: user.email, firstname: user.firstname, link, siteName: auth.siteName() }),
  );
}

/** Lifts the lock the token names; false when the token is forged or that lock is already gone. */
export async function unlockWith(auth: Auth, token: string): Promise<boolean> {
  const claim = verifyScopedLinkToken(auth.unlockKey, PURPOSE, token);
  if (!claim) return false;
  const key = accountKey(claim.userId);
  return auth.ctx.transact(async (tx) => {
    const locked = await lockedAt(tx, auth.tables, key);
    if (!locked || String(locked.getTime()) !== claim.scope) return false;
    await clearAttempts(tx, auth.tables, key);
    return true;
  });
}
