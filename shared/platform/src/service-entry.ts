/**
 * `@kora/platform/service`: what a service's routes, rules, projections and jobs use, and nothing
 * that opens a connection. The main entry (`@kora/platform`) also carries the engines (Kafka,
 * BullMQ, PGlite, node-postgres, nodemailer) for the processes that start services; a route file
 * loading them all to reach `requireMember` made every module that imports it heavy, and hid which
 * code may talk to which engine. Held to that by service-entry.test.ts.
 */
export * from './config.js';
export * from './errors.js';
export * from './ids.js';
export * from './calendar-day.js';
export { perContext } from './service.js';
export type { ConsumerDefinition, Emit, ServiceApp, ServiceContext, ServiceDefinition } from './service.js';
export { requireAdmin, requireMember, requireOwner, requireServiceCall } from './http/identity.js';
export { memberOf, memberRoutes } from './http/member-routes.js';
export { adminOf, adminRoutes } from './http/admin-routes.js';
export { bodilessRoutes } from './http/bodiless-routes.js';
export { serviceUnavailable } from './http/service-client.js';
export { adminOnly, errors, memberOnly } from './http/route-schemas.js';
export { sendJsonText } from './http/json-text.js';
export { inClientSpan } from './tracing/message-spans.js';
export {
  EXPORT_PAGE_SIZE,
  EXPORT_SECTION_NAME,
  exportLines,
  memberExportRoute,
  type ExportKey,
  type ExportRow,
  type ExportSection,
} from './http/member-export.js';
export { setNextPage } from './http/page-links.js';
export { decodeCursor, encodeCursor, timeKeySql, type CursorPart, type CursorValues } from './paging/keyset-cursor.js';
export type { Identity } from './identity.js';
export type { Db, DbOrTx, Tx } from './db/database.js';
export { rowsOf } from './db/rows.js';
export { tableSection, type TableSectionOptions } from './db/export-section.js';
export { toggleCountedRow, type CountedToggle, type ToggleResult } from './db/counted-toggle.js';
export { violatedUniqueIndex } from './db/unique.js';
export { preparedSql, type PreparedSql } from './db/prepared-sql.js';
export type { Migration } from './db/migrate.js';
export { escapeLike, foldedTextContains, searchTextContains, searchTextSql } from './db/search-text.js';
export type { Subscription } from './events/bus.js';
export type { EventHandler, HandlerMap } from './events/consumer.js';
export { buildEnvelope, type NewEvent } from './events/outbox.js';
export type { JobContext, JobProcessor, QueueOptions } from './jobs/jobs.js';
export type { KeyValueStore } from './cache/store.js';
export type { Logger } from 'pino';
export * from './members/lookups.js';
export * from './members/projection.js';
export * from './members/table.js';
export * from './privacy/lookups.js';
export * from './privacy/projection.js';
export * from './privacy/table.js';
export * from './friendships/lookups.js';
export * from './friendships/projection.js';
export * from './friendships/table.js';
export * from './blocks/lookups.js';
export * from './blocks/projection.js';
export * from './blocks/table.js';
export * from './mutes/lookups.js';
export * from './mutes/projection.js';
export * from './mutes/table.js';
export * from './link-tokens.js';
export * from './mail/dev-outbox-table.js';
export * from './mail/dev-outbox-store.js';
export * from './mail/dev-outbox-route.js';
export * from './erasure/member-rows.js';
export * from './erasure/erased-members.js';
