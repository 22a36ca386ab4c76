/**
 * The messages texts every member page shows (the top bar's Messages link, the Message buttons on
 * profiles and friend cards): apart from messages-texts.ts, so those pages do not carry the
 * messages screens' texts (docs/performance.md). Kept apart from messages-texts.ts (no import
 * either way: the web build gives that one a chunk of its own); the Message button's text is the
 * same in both (web/app/components/message-button.test.ts holds them to it).
 */
import { localizedTexts, template } from '../i18n/localized-texts.js';
export const messagesLinkTexts = localizedTexts('messagesLink', {
  messageButton: 'Message',
  /** The Message button's accessible name on a profile or a friend card. */
  messageNamed: template('Message {{name}}', (name: string) => ({ name })),
  /** The Messages link's accessible name, with the unread count its badge shows ("99+" over 99). */
  linkLabelRead: 'Messages',
  linkLabelUnread: template('Messages, {{count}} unread', (count: string) => ({ count })),
  linkLabel: (count: number): string =>
    count > 0 ? messagesLinkTexts.linkLabelUnread(count > 99 ? '99+' : String(count)) : messagesLinkTexts.linkLabelRead,
});
