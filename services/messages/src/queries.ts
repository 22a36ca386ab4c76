/**
 * What the bench (tests/bench/messages.ts) runs bare beside the routes: the statements the routes
 * send, with named placeholders (`fillPlaceholders` with the values their `...Values` name).
 */
export { messagesSchema } from './db/schema.js';
export { conversationListSql, type ConversationListValues } from './conversations/list-sql.js';
export { messagePageSql, type MessagePageValues } from './messages/page-sql.js';
