/** Tables of the `settings` schema (Drizzle views of the SQL in migrations.ts). */
import { memberSnapshotTable } from '@kora/platform/service';
import { bigint, jsonb, pgSchema, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

export const settingsTabs = ['profile', 'privacy', 'notifications'] as const;
export type SettingsTab = (typeof settingsTabs)[number];

export const settingsSchema = (name: string) => {
  const schema = pgSchema(name);

  /** Auth's members (decision 016): the General tab's read-only username. */
  const members = memberSnapshotTable(schema);

  /** The address each member signed up with: the General tab's read-only user_email. */
  const emails = schema.table('member_emails', {
    userId: bigint('user_id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull(),
  });

  /** The fields a member saved, per tab (decision 020: no row or no key = the default). */
  const settings = schema.table(
    'member_settings',
    {
      userId: bigint('user_id', { mode: 'number' }).notNull(),
      tab: text('tab', { enum: settingsTabs }).notNull(),
      values: jsonb('values').$type<Record<string, unknown>>().notNull().default({}),
      updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    },
    (t) => [primaryKey({ columns: [t.userId, t.tab] })],
  );

  return { members, emails, settings };
};

export type SettingsTables = ReturnType<typeof settingsSchema>;
