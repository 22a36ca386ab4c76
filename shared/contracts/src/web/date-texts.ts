/**
 * The web app's words around dates (decision 045: the dates themselves are Intl's, per language).
 * How long ago is Intl's in English; a language whose Intl data browsers lack (Pidgin) says it with
 * these plurals (the past only: every time shown is).
 */
import { localizedTexts, plural, template } from '../i18n/localized-texts.js';

const count = (count: number) => ({ count });

export const dateTexts = localizedTexts('dates', {
  joined: template('Joined {{date}}', (date: string) => ({ date })),
  justNow: 'just now',
  secondsAgo: plural({ one: '{{count}} second ago', other: '{{count}} seconds ago' }, count),
  minutesAgo: plural({ one: '{{count}} minute ago', other: '{{count}} minutes ago' }, count),
  hoursAgo: plural({ one: '{{count}} hour ago', other: '{{count}} hours ago' }, count),
  yesterday: 'yesterday',
  daysAgo: plural({ one: '{{count}} day ago', other: '{{count}} days ago' }, count),
  monthsAgo: plural({ one: '{{count}} month ago', other: '{{count}} months ago' }, count),
  yearsAgo: plural({ one: '{{count}} year ago', other: '{{count}} years ago' }, count),
});
