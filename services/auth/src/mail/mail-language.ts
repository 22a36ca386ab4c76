/**
 * Which language and time zone a member's mail is written in (decision 045): the ones they chose
 * in Settings (auth's projection of settings.profile-changed), else the language the request that
 * sends it asked for (a sign-up, before any settings exist) and UTC, else English.
 */
import { currentLocale, inLocale, intlLocale, isOfferedLanguage, type Locale } from '@kora/contracts';
import type { MailMessage } from '@kora/platform/mail';
import { eq } from 'drizzle-orm';
import type { Auth } from '../context.js';

async function chosenLocale(auth: Auth, userId: number): Promise<Partial<Locale>> {
  const d = auth.tables.memberDetails;
  const [row] = await auth.ctx.db.select({ language: d.language, timeZone: d.timezone }).from(d).where(eq(d.userId, userId));
  if (!row) return {};
  // A language not offered (yet) reads as English, as on the member's pages.
  const language = row.language ? (isOfferedLanguage(row.language) ? row.language : 'en') : undefined;
  return { ...(language ? { language } : {}), timeZone: row.timeZone };
}

/** Builds member `userId`'s mail in their language and time zone (`build` reads the texts) and sends it. */
export async function sendMemberMail(auth: Auth, userId: number, build: () => MailMessage): Promise<boolean> {
  const locale = await chosenLocale(auth, userId);
  return auth.sendMail(inLocale(locale, build));
}

/** A moment as the mail's reader reads it: their language, their time zone, the zone named. */
export function mailTime(date: Date): string {
  const { language, timeZone } = currentLocale();
  const options: Intl.DateTimeFormatOptions = {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  };
  try {
    return new Intl.DateTimeFormat(intlLocale(language), { ...options, timeZone }).format(date);
  } catch {
    // A zone Intl does not know (stored before it was checked): UTC.
    return new Intl.DateTimeFormat(intlLocale(language), { ...options, timeZone: 'UTC' }).format(date);
  }
}
