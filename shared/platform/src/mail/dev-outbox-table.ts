/**
 * The dev outbox's table, for each service that sends mail without an SMTP server (local installs):
 * the mails it "sent", in its own schema. Auth's `dev_mail` has this shape; notifications keeps the
 * digests it sends in one too.
 */
import { bigint, text, timestamp, type PgSchema } from 'drizzle-orm/pg-core';

export function devMailTable(schema: PgSchema) {
  return schema.table('dev_mail', {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    to: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  });
}

export type DevMailTable = ReturnType<typeof devMailTable>;

/** The SQL of the table, for a service's migration (`{schema}` as in every migration). */
export const devMailSql = `
  -- The dev outbox (no SMTP server, a local install): the mails that were "sent".
  create table {schema}.dev_mail (
    id bigint generated always as identity primary key,
    to_address text not null,
    subject text not null,
    text text not null,
    html text,
    created_at timestamptz not null default now()
  );
`;
