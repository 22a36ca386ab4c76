/**
 * The member snapshot: what a service keeps of auth's members (decision 016). One shape in every
 * service that needs names and avatars, each in its own schema (services never read auth's tables),
 * created by `memberSnapshotSql` and fed by `memberSnapshotHandlers` from the `auth.user` topic.
 */
import { bigint, boolean, text, timestamp, type PgSchema } from 'drizzle-orm/pg-core';

/** The `members` table of `schema`: the Drizzle view of `memberSnapshotSql`. */
export function memberSnapshotTable(schema: PgSchema) {
  return schema.table('members', memberSnapshotColumns());
}

/** Its columns, for a service whose own copy adds some (posts' generated search columns). */
export function memberSnapshotColumns() {
  return {
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
    /**
     * Until when the member's Pro plan runs (from `membership.changed`; `memberProSql`), null when
     * they never had one. Readers compare it with their clock: a plan running out is no event.
     */
    proUntil: timestamp('pro_until', { withTimezone: true, mode: 'date' }),
    /** `occurredAt` of the plan applied, so an older `membership.changed` never overwrites a newer one. */
    proChangedAt: timestamp('pro_changed_at', { withTimezone: true, mode: 'date' }),
  };
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

/**
 * The member's Pro plan (decision 023: the verified badge), the snapshot's second migration: every
 * service keeping the snapshot runs it after `memberSnapshotSql` (or its own first version of it).
 */
export const memberProSql = `
  -- Fed by wallet's membership.changed: verified while pro_until is after the reader's clock.
  alter table {schema}.members add column pro_until timestamptz;
  alter table {schema}.members add column pro_changed_at timestamptz;
`;
