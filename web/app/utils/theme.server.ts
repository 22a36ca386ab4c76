/**
 * Which theme a page is rendered in (decision 043). The member's choice lives in the settings
 * service; this browser keeps a copy in the `kora_theme` cookie (`<userId>.<theme>`), written when
 * the member saves or opens the General tab, so a page costs no call. A member without a copy for
 * themselves gets one read of their settings, and the copy with it (page-preferences.server.ts).
 * Anonymous visitors follow their device.
 */
import { THEMES, type Theme } from '@kora/contracts';
import { readCookie, serializeCookie } from './cookies.server';

export const THEME_COOKIE = 'kora_theme';
const THEME_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

function isTheme(value: string | undefined): value is Theme {
  return (THEMES as readonly string[]).includes(value ?? '');
}

/** The theme in this browser's copy, if the copy is the given member's. */
export function themeFromCookie(request: Request, userId: number): Theme | null {
  const [owner, theme] = (readCookie(request, THEME_COOKIE) ?? '').split('.');
  return owner === String(userId) && isTheme(theme) ? theme : null;
}

export function themeCookie(request: Request, userId: number, theme: Theme): string {
  return serializeCookie(request, THEME_COOKIE, `${userId}.${theme}`, THEME_COOKIE_MAX_AGE_SECONDS);
}
