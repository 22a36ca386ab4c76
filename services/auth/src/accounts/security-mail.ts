/**
 * Security e-mails (notification setting "emailSecurity", on unless the member turned it off):
 * a sign-in from a new device (accounts/devices.ts) and a password change (changed in Settings, or
 * reset with a code). Sent through the auth mail queue after the change is committed; the switch
 * comes from auth's projection of `settings.notifications-changed` (no row = the default, on).
 */
import { defaultNotificationSettings } from '@kora/contracts';
import { eq } from 'drizzle-orm';
import type { Auth } from '../context.js';
import type { UserRow } from '../db/schema.js';
import { mailTime, sendMemberMail } from '../mail/mail-language.js';
import { newSignInMail, passwordChangedMail } from '../mail/templates.js';

async function wantsSecurityMail(auth: Auth, userId: number): Promise<boolean> {
  const m = auth.tables.mailSettings;
  const [row] = await auth.ctx.db.select({ on: m.emailSecurity }).from(m).where(eq(m.userId, userId));
  return row?.on ?? defaultNotificationSettings.emailSecurity;
}

const securityLink = (auth: Auth) => `${auth.publicUrl()}/settings`;

export async function mailNewSignIn(auth: Auth, user: UserRow, device: string, ip: string, twoStep: boolean): Promise<void> {
  if (!(await wantsSecurityMail(auth, user.id))) return;
  await sendMemberMail(auth, user.id, () =>
    newSignInMail({
      to: user.email,
      firstname: user.firstname,
      device,
      ip,
      when: mailTime(auth.now()),
      link: securityLink(auth),
      siteName: auth.siteName(),
      twoStep,
    }),
  );
}

export async function mailPasswordChanged(auth: Auth, user: Pick<UserRow, 'id' | 'email' | 'firstname'>): Promise<void> {
  if (!(await wantsSecurityMail(auth, user.id))) return;
  await sendMemberMail(auth, user.id, () =>
    passwordChangedMail({
      to: user.email,
      firstname: user.firstname,
      when: mailTime(auth.now()),
      link: securityLink(auth),
      siteName: auth.siteName(),
    }),
  );
}
