/**
 * The languages the product is offered in: English, and each language whose catalog is complete
 * (a test refuses a catalog with a missing or extra key, or a placeholder English does not have).
 * To add one, see docs/translating.md.
 */
import { negotiate } from '@fastify/accept-negotiator';

export const OFFERED_LANGUAGES = ['en', 'pcm'] as const;
export type OfferedLanguage = (typeof OFFERED_LANGUAGES)[number];

export function isOfferedLanguage(value: string | null | undefined): value is OfferedLanguage {
  return (OFFERED_LANGUAGES as readonly string[]).includes(value ?? '');
}

/** The offered language the browser's Accept-Language asks for most (English when none). */
export function negotiateLanguage(acceptLanguage: string | null | undefined): OfferedLanguage {
  if (!acceptLanguage) return 'en';
  // The negotiator matches whole tags: a browser asking for en-NG (or pcm-NG) is asking for en (pcm).
  const tags = acceptLanguage
    .split(',')
    .flatMap((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const base = tag.split('-')[0]!;
      return base && base !== tag ? [part.trim(), [base, ...params].join(';')] : [part.trim()];
    })
    .join(',');
  const chosen = negotiate(tags, [...OFFERED_LANGUAGES]);
  return isOfferedLanguage(chosen) ? chosen : 'en';
}

/**
 * Languages whose dates and numbers Intl writes as Nigerian English: Chromium carries no Intl data
 * for them (Node does), and the server and the browser must write the same text (hydration).
 */
const NIGERIAN_ENGLISH_INTL = new Set(['en', 'pcm', 'ha', 'ig', 'yo']);

/** The locale Intl formats dates and numbers with: English as Nigerians write it. */
export function intlLocale(language: string): string {
  return NIGERIAN_ENGLISH_INTL.has(language) ? 'en-NG' : language;
}
