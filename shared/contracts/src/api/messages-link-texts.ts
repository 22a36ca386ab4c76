/**
 * The messages texts every member page shows (the top bar's Messages link, the Message buttons on
 * profiles and friend cards): apart from messages-texts.ts, so those pages do not carry the
 * messages screens' texts (docs/performance.md). Kept apart from messages-texts.ts (no import
 * either way: the web build gives that one a chunk of its own); the Message button's text is the
 * same in both (web/app/components/message-button.test.ts holds them to it).
 */
export const messagesLinkTexts = {
  messageButton: 'Message',
  /** The Messages link's accessible name, with the unread count its badge shows ("99+" over 99). */
  linkLabel: (count: number) => (count > 0 ? `Messages, ${count > 99 ? '99+' : count} unread` : 'Messages'),
} as const;
