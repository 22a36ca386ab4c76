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

  /** One row per member who ever muted: each change of their mutes locks it first (decision 037). */
  const muteLists = schema.table('mute_lists', {
    userId: bigint('user_id', { mode: 'number' }).primaryKey(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  });

  /** Whom each member muted, oldest first by `mutedAt`. */
  const mutedMembers = schema.table(
    'muted_members',
    {
      userId: bigint('user_id', { mode: 'number' }).notNull(),
      memberId: bigint('member_id', { mode: 'number' }).notNull(),
      mutedAt: timestamp('muted_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    },
    (t) => [primaryKey({ columns: [t.userId, t.memberId] })],
  );

  /** The words, phrases and #hashtags each member muted, normalised (contracts' `normaliseMutedWord`). */
  const mutedWords = schema.table(
    'muted_words',
    {
      userId: bigint('user_id', { mode: 'number' }).notNull(),
      word: text('word').notNull(),
      mutedAt: timestamp('muted_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    },
    (t) => [primaryKey({ columns: [t.userId, t.word] })],
  );

  return { members, emails, settings, muteLists, mutedMembers, mutedWords };
};

export type SettingsTables = ReturnType<typeof settingsSchema>;
