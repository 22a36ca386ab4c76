/**
 * The member snapshot: what a service keeps of auth's members (decision 016). One shape in every
 * service that needs names and avatars, each in its own schema (services never read auth's tables),
 * created by `memberSnapshotSql` and fed by `memberSnapshotHandlers` from the `auth.user` topic.
 */
import { bigint, boolean, text, timestamp, type PgSchema } from 'drizzle-orm/pg-core';

/** The `members` table of `schema`: the Drizzle view of `memberSnapshotSql`. */
export function memberSnapshotTable(schema: PgSchema) {
  return schema.table('members', {
    userId: bigint('user_id', { mode: 'number' }).primaryKey(),
    username: text('username').notNull(),
    /** `firstname lastname` trimmed, else the username (contracts' `displayName`). */
    displayName: text('display_name').notNull(),
    profileImage: text('profile_image').notNull(),
    /** Set by `user.activated`; only activated members can sign in and be asked to be friends. */
    activated: boolean('activated').notNull().default(false),
    /** Sign-up time (from `user.registered`). */
    joinedAt: timestamp('joined_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** `occurredAt` of the snapshot applied, so an older snapshot never overwrites a newer one. */
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  });
}

export type MemberSnapshotTable = ReturnType<typeof memberSnapshotTable>;
export type MemberRow = MemberSnapshotTable['$inferSelect'];

/**
 * The SQL of the table, for a service's first migration (`{schema}` as in every migration). A
 * change of the shape comes as a new exported migration, never as an edit of this text: services
 * that already ran it would not run it again.
 */
export const memberSnapshotSql = `
  -- Projection of auth's members (decision 016), fed by user.registered, user.activated, user.updated.
  create table {schema}.members (
    user_id bigint primary key,
    username text not null,
    display_name text not null,
    profile_image text not null,
    activated boolean not null default false,
    joined_at timestamptz not null,
    updated_at timestamptz not null
  );
`;
