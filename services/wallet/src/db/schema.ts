/**
 * Tables of the `wallet` schema (Drizzle views of the SQL in migrations.ts). None yet: each
 * table comes with the migration that creates it, and schema.test.ts holds the two together.
 */
import type { PgTable } from 'drizzle-orm/pg-core';

export const walletSchema = (_name: string): Record<string, PgTable> => ({});
