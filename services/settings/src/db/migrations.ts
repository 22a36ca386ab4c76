/**
 * Migrations of the `settings` schema, applied in order at start-up and by `npm run migrate`.
 * The platform adds the outbox and processed-events tables first; this service's own tables are
 * appended here as its features land. Never edit a released migration: add a new one.
 */
import type { Migration } from '@kora/platform/service';

export const migrations: Migration[] = [];
