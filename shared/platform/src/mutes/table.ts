/**
 * The mutes projection: whom and which words each member muted, as the settings service last
 * announced them (`settings.mutes-changed`, compacted topic keyed by member). Kept by the services that
 * build a member's feeds, reels and search (decision 036); no row = nothing muted.
 */
import { bigint, text, timestamp, type PgSchema } from 'drizzle-orm/pg-core';

export function memberMutesTable(schema: PgSchema) {
  return schema.table('member_mutes', {
    userId: bigint('user_id', { mode: 'number' }).primaryKey(),
    memberIds: bigint('member_ids', { mode: 'number' }).array().notNull(),
    words: text('words').array().notNull(),
    /** `occurredAt` of the event applied, so a late older event never overwrites a newer one. */
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  });
}

export type MemberMutesTable = ReturnType<typeof memberMutesTable>;

/** The SQL of the table, for a migration of each service that keeps it (`{schema}` as in every migration). */
export const memberMutesSql = `
  -- Projection of the settings service's mutes (settings.mutes-changed); no row = nothing muted.
  create table {schema}.member_mutes (
    user_id bigint primary key,
    member_ids bigint[] not null,
    words text[] not null,
    updated_at timestamptz not null
  );
`;
