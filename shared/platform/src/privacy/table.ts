/**
 * The privacy projection: each member's privacy settings as the settings service last announced
 * them (`settings.privacy-changed`, compacted topic keyed by member). Every service that enforces
 * a privacy rule keeps this table in its own schema and reads it on its own hot path; a member
 * with no row has the defaults (`defaultPrivacySettings`).
 */
import { bigint, boolean, text, timestamp, type PgSchema } from 'drizzle-orm/pg-core';
import type { FriendRequestPolicy, LookupAudience, ProfileVisibility } from '@kora/contracts';

export function memberPrivacyTable(schema: PgSchema) {
  return schema.table('member_privacy', {
    userId: bigint('user_id', { mode: 'number' }).primaryKey(),
    profileVisibility: text('profile_visibility').$type<ProfileVisibility>().notNull(),
    friendRequestPolicy: text('friend_request_policy').$type<FriendRequestPolicy>().notNull(),
    lookupEmail: text('lookup_email').$type<LookupAudience>().notNull(),
    lookupPhone: text('lookup_phone').$type<LookupAudience>().notNull(),
    showOnline: boolean('show_online').notNull(),
    tagReview: boolean('tag_review').notNull(),
    /** `occurredAt` of the event applied, so a late older event never overwrites a newer one. */
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  });
}

export type MemberPrivacyTable = ReturnType<typeof memberPrivacyTable>;

/** The SQL of the table, for a migration of each service that keeps it (`{schema}` as in every migration). */
export const memberPrivacySql = `
  -- Projection of the settings service's privacy settings (settings.privacy-changed); no row = defaults.
  create table {schema}.member_privacy (
    user_id bigint primary key,
    profile_visibility text not null,
    friend_request_policy text not null,
    lookup_email text not null,
    lookup_phone text not null,
    show_online boolean not null,
    tag_review boolean not null,
    updated_at timestamptz not null
  );
`;
