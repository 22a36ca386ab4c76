/** Tables of the `groups` schema (Drizzle views of the SQL in migrations.ts). */
import { GROUP_PRIVACIES, GROUP_ROLES } from '@kora/contracts';
import { memberSnapshotTable } from '@kora/platform/service';
import { bigint, integer, pgSchema, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const id = (name: string) => bigint(name, { mode: 'number' });

export const membershipStatuses = ['pending', 'approved'] as const;
export type MembershipStatus = (typeof membershipStatuses)[number];

export const groupsSchema = (name: string) => {
  const schema = pgSchema(name);

  const groups = schema.table('groups', {
    id: id('id').primaryKey().generatedAlwaysAsIdentity(),
    ownerId: id('owner_id').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    picture: text('picture'),
    privacy: text('privacy', { enum: GROUP_PRIVACIES }).notNull().default('public'),
    /** Approved members, the owner included (kept equal to the approved rows by every write). */
    memberCount: integer('member_count').notNull().default(0),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  });

  /** One row per member or join request; a declined or withdrawn request leaves no row. */
  const memberships = schema.table(
    'memberships',
    {
      groupId: id('group_id').notNull(),
      userId: id('user_id').notNull(),
      status: text('status', { enum: membershipStatuses }).notNull(),
      /** 'member' while pending; the role counts once approved. */
      role: text('role', { enum: GROUP_ROLES }).notNull().default('member'),
      requestedAt: at('requested_at').notNull().defaultNow(),
      /** Set when approved (at once for a public group); null while pending. */
      joinedAt: at('joined_at'),
    },
    (t) => [primaryKey({ columns: [t.groupId, t.userId] })],
  );

  /** Names and avatars for the members and requests lists (decision 016). */
  const members = memberSnapshotTable(schema);

  return { groups, memberships, members };
};

export type GroupsTables = ReturnType<typeof groupsSchema>;
export type GroupRow = GroupsTables['groups']['$inferSelect'];
export type MembershipRow = GroupsTables['memberships']['$inferSelect'];
