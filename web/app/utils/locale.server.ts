/**
 * This browser's copy of the member's language and time zone (decision 045), kept like the theme's
 * (theme.server.ts): `kora_locale` = `<userId>.<language>.<time zone>`, written when the member saves
 * or opens the General tab, so a page costs no call to the settings service.
 */
import { isIanaTimeZone, isOfferedLanguage, type Locale } from '@kora/contracts';
import { readCookie, serializeCookie } from './cookies.server';

export const LOCALE_COOKIE = 'kora_locale';
const LOCALE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** The language and time zone in this browser's copy, if the copy is the given member's. */
export function localeFromCookie(request: Request, userId: number): Locale | null {
  const [owner, language, timeZone] = (readCookie(request, LOCALE_COOKIE) ?? '').split('.');
  if (owner !== String(userId) || !language || !timeZone || !isIanaTimeZone(timeZone)) return null;
  return { language, timeZone };
}

export function localeCookie(request: Request, userId: number, locale: Locale): string {
  return serializeCookie(request, LOCALE_COOKIE, `${userId}.${locale.language}.${locale.timeZone}`, LOCALE_COOKIE_MAX_AGE_SECONDS);
}

/** The member's stored language as the page reads it: one that is not offered (yet) reads as English. */
export function pageLanguage(language: string): string {
  return isOfferedLanguage(language) ? language : 'en';
}
