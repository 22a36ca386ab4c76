/**
 * What a page is rendered in: the member's theme, language and time zone, and data saver choice
 * (decisions 043, 045 and 044), resolved once per request before any loader runs and kept for the
 * request's whole life, rendering included, so every text and date of the page reads in them. A
 * member's come from this browser's copies of their General tab, or from one read of their settings
 * when a copy is missing (then every copy is written); an anonymous visitor gets their browser's
 * language, UTC and Automatic.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import {
  loadLanguage,
  negotiateLanguage,
  setLocaleSource,
  type DataSaverChoice,
  type GeneralSettings,
  type Locale,
  type Theme,
} from '@kora/contracts';
import { dataSaverCookie, dataSaverFromCookie } from './data-saver.server';
import { localeCookie, localeFromCookie, pageLanguage } from './locale.server';
import { getIdentity } from './session.server';
import { fetchGeneralSettings } from './settings.server';
import { themeCookie, themeFromCookie } from './theme.server';

export interface PagePreferences {
  theme: Theme;
  locale: Locale;
  dataSaver: DataSaverChoice;
}

/** A slow settings service must not hold every page up: the page then follows the device. */
const SETTINGS_READ_TIMEOUT_MS = 1_000;

const requestPreferences = new AsyncLocalStorage<PagePreferences>();
setLocaleSource(() => requestPreferences.getStore()?.locale);

/** The preferences of the request being handled (the device's defaults outside one). */
export function pagePreferences(): PagePreferences {
  return requestPreferences.getStore() ?? { theme: 'system', locale: { language: 'en', timeZone: 'UTC' }, dataSaver: 'auto' };
}

type Copied = Pick<GeneralSettings, 'theme' | 'language' | 'timezone' | 'dataSaver'>;

/** Which of this browser's copies differ from `settings` (or are missing). */
export function staleCopies(request: Request, userId: number, settings: Copied): { theme: boolean; locale: boolean; dataSaver: boolean } {
  const copy = localeFromCookie(request, userId);
  return {
    theme: themeFromCookie(request, userId) !== settings.theme,
    locale: copy?.language !== settings.language || copy.timeZone !== settings.timezone,
    dataSaver: dataSaverFromCookie(request, userId) !== settings.dataSaver,
  };
}

/**
 * The cookies that bring this browser's copies of `settings` up to date: every copy, or with
 * `onlyStale` the ones that differ (the General tab's read, after another device saved).
 */
export function settingsCopies(request: Request, userId: number, settings: Copied, { onlyStale = false } = {}): string[] {
  const locale = { language: settings.language, timeZone: settings.timezone };
  const stale = staleCopies(request, userId, settings);
  return [
    ...(!onlyStale || stale.theme ? [themeCookie(request, userId, settings.theme)] : []),
    ...(!onlyStale || stale.locale ? [localeCookie(request, userId, locale)] : []),
    ...(!onlyStale || stale.dataSaver ? [dataSaverCookie(request, userId, settings.dataSaver)] : []),
  ];
}

async function resolve(request: Request): Promise<{ preferences: PagePreferences; setCookies: string[] }> {
  const visitor: PagePreferences = {
    theme: 'system',
    locale: { language: negotiateLanguage(request.headers.get('accept-language')), timeZone: 'UTC' },
    dataSaver: 'auto',
  };
  const identity = getIdentity(request);
  if (!identity) return { preferences: visitor, setCookies: [] };
  const theme = themeFromCookie(request, identity.userId);
  const locale = localeFromCookie(request, identity.userId);
  const dataSaver = dataSaverFromCookie(request, identity.userId);
  if (theme && locale && dataSaver) {
    return { preferences: { theme, locale: { ...locale, language: pageLanguage(locale.language) }, dataSaver }, setCookies: [] };
  }
  try {
    const settings = await fetchGeneralSettings(request, undefined, SETTINGS_READ_TIMEOUT_MS);
    return {
      preferences: {
        theme: settings.theme,
        locale: { language: pageLanguage(settings.language), timeZone: settings.timezone },
        dataSaver: settings.dataSaver,
      },
      setCookies: settingsCopies(request, identity.userId, settings),
    };
  } catch {
    return { preferences: visitor, setCookies: [] };
  }
}

/** Handles `request` inside its page preferences, adding the copies' cookies to the answer when written. */
export async function withPagePreferences(request: Request, handle: () => Promise<Response>): Promise<Response> {
  const { preferences, setCookies } = await resolve(request);
  // Once per language and process: the catalog stays loaded.
  await loadLanguage(preferences.locale.language);
  const response = await requestPreferences.run(preferences, handle);
  if (setCookies.length === 0) return response;
  try {
    for (const cookie of setCookies) response.headers.append('Set-Cookie', cookie);
    return response;
  } catch {
    // Headers of a redirect made by `Response.redirect` are immutable: answer a copy.
    const copy = new Response(response.body, response);
    for (const cookie of setCookies) copy.headers.append('Set-Cookie', cookie);
    return copy;
  }
}
