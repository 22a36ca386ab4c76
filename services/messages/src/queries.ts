/** What the bench (tests/bench/messages.ts) runs bare beside the routes: the service's own statements. */
export { messagesSchema } from './db/schema.js';
export { conversationListSql } from './conversations/list-sql.js';
export { conversationMarksSql } from './conversations/marks-sql.js';
export { messagePageSql } from './messages/page-sql.js';
