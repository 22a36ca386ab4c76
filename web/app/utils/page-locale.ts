/**
 * The page's language and time zone on <html> (decision 045): `lang` for assistive technology and
 * the browser, `data-time-zone` for the browser's own rendering to format dates as the server did.
 * The browser reads both back before it hydrates (entry.client.tsx).
 */
import { DEFAULT_LOCALE, type Locale } from '@kora/contracts';

export function htmlLocaleAttributes(locale: Locale): { lang: string; 'data-time-zone': string } {
  return { lang: locale.language, 'data-time-zone': locale.timeZone };
}

export function localeFromHtml(html: HTMLElement): Locale {
  return { language: html.lang || DEFAULT_LOCALE.language, timeZone: html.dataset.timeZone || DEFAULT_LOCALE.timeZone };
}
