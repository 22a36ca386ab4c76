/** Tables of the `admin` schema (Drizzle views of the SQL in migrations.ts). */
import { integer, jsonb, pgSchema, text, timestamp } from 'drizzle-orm/pg-core';

export const adminSchema = (name: string) => {
  const schema = pgSchema(name);
  return {
    siteSettings: schema.table('site_settings', {
      section: text('section').primaryKey(),
      values: jsonb('values').notNull(),
      updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
      updatedBy: integer('updated_by'),
    }),
  };
};

export type AdminTables = ReturnType<typeof adminSchema>;
