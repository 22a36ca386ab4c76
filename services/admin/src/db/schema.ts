/** Tables of the `admin` schema (Drizzle views of the SQL in migrations.ts). */
import { devMailTable, memberSnapshotTable } from '@kora/platform/service';
import { bigint, index, integer, jsonb, pgSchema, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

export const adminSchema = (name: string) => {
  const schema = pgSchema(name);
  return {
    siteSettings: schema.table('site_settings', {
      section: text('section').primaryKey(),
      values: jsonb('values').notNull(),
      updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
      updatedBy: integer('updated_by'),
    }),
    auditLog: schema.table(
      'audit_log',
      {
        id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
        eventId: uuid('event_id').notNull().unique(),
        actorId: bigint('actor_id', { mode: 'number' }).notNull(),
        action: text('action').notNull(),
        targetType: text('target_type').notNull(),
        targetId: text('target_id').notNull(),
        before: jsonb('before'),
        after: jsonb('after'),
        createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
      },
      (t) => [
        index('audit_log_newest').on(t.createdAt.desc(), t.id.desc()),
        index('audit_log_actor').on(t.actorId, t.createdAt.desc()),
        index('audit_log_action').on(t.action, t.createdAt.desc()),
      ],
    ),
    members: memberSnapshotTable(schema),
    representatives: schema.table(
      'representatives',
      {
        id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
        name: text('name').notNull(),
        username: text('username').notNull(),
        phone: text('phone').notNull(),
        email: text('email').notNull(),
        state: text('state').notNull(),
        residentAddress: text('resident_address').notNull(),
        residentialState: text('residential_state').notNull(),
        proposedLocation: text('proposed_location').notNull(),
        koraUsername: text('kora_username').notNull(),
        note: text('note').notNull(),
        status: text('status').notNull().default('new'),
        reviewNote: text('review_note').notNull().default(''),
        userId: bigint('user_id', { mode: 'number' }),
        /** The language the application was sent in: its mails are written in it (null: English). */
        language: text('language'),
        createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
        reviewedAt: timestamp('reviewed_at', { withTimezone: true, mode: 'date' }),
        reviewedBy: bigint('reviewed_by', { mode: 'number' }),
      },
      (t) => [
        uniqueIndex('representatives_one_open')
          .on(t.email)
          .where(sql`status in ('new', 'contacted')`),
        index('representatives_newest').on(t.createdAt.desc(), t.id.desc()),
        index('representatives_status').on(t.status, t.createdAt.desc()),
      ],
    ),
    devMail: devMailTable(schema),
  };
};

export type AdminTables = ReturnType<typeof adminSchema>;
