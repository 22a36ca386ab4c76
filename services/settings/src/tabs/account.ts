/**
 * The General tab's read-only account fields, from auth's events: the username from the member
 * snapshot, the e-mail from sign-up. A member whose events have not arrived yet shows them empty
 * (not the "member<id>" placeholder other pages show: this is the member's own account form).
 */
import type { GeneralSettings } from '@kora/contracts';
import { findMember } from '@kora/platform/service';
import { eq } from 'drizzle-orm';
import type { Settings } from '../context.js';
import { readTab } from './store.js';
import type { TabValues } from './tabs.js';

export async function withAccount(settings: Settings, userId: number, values: TabValues['profile']): Promise<GeneralSettings> {
  const { db } = settings.ctx;
  const { members, emails } = settings.tables;
  const [member, [email]] = await Promise.all([
    findMember(db, members, userId),
    db.select({ email: emails.email }).from(emails).where(eq(emails.userId, userId)),
  ]);
  return { username: member?.username ?? '', user_email: email?.email ?? '', ...values };
}

export async function readGeneral(settings: Settings, userId: number): Promise<GeneralSettings> {
  return withAccount(settings, userId, await readTab(settings.ctx.db, settings, userId, 'profile'));
}
