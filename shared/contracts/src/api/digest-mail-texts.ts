/**
 * The daily digest e-mail (notifications service), written in its recipient's language
 * (decision 045). The notifications it lists carry their own words, stored in that language.
 */
import { localizedTexts, plural, template } from '../i18n/localized-texts.js';

export const digestMailTexts = localizedTexts('digestMail', {
  hello: template('Hello {{name}},', (name: string) => ({ name })),
  /** Who the mail greets when the member's name is not known yet. */
  there: 'there',
  unreadNotifications: plural({ one: '1 unread notification', other: '{{count}} unread notifications' }, (count: number) => ({ count })),
  unreadConversations: plural({ one: '1 unread conversation', other: '{{count}} unread conversations' }, (count: number) => ({ count })),
  notificationsIntro: template('You have {{unread}} on {{site}}:', (unread: string, site: string) => ({ unread, site })),
  conversationsIntro: template('You have {{unread}}:', (unread: string) => ({ unread })),
  andMore: plural({ one: 'and 1 more', other: 'and {{count}} more' }, (count: number) => ({ count })),
  seeThemAll: 'See them all',
  readThem: 'Read them',
  subject: template('Your {{site}} daily digest: {{summary}}', (site: string, summary: string) => ({ site, summary })),
  why: 'You get this e-mail because the daily digest is on in your notification settings.',
  unsubscribe: 'Unsubscribe',
});
