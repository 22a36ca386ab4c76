/**
 * The block projection: who blocked whom, as the friends service announced it (`member.blocked`,
 * `member.unblocked`). Every service that shows one member's things to another keeps this table in its
 * own schema and applies one rule with it (`lookups.ts`): where either of two members blocked the
 * other, neither sees the other (decision 036).
 */
import { bigint, index, primaryKey, timestamp, type PgSchema } from 'drizzle-orm/pg-core';

export function memberBlocksTable(schema: PgSchema) {
  return schema.table(
    'member_blocks',
    {
      blockerId: bigint('blocker_id', { mode: 'number' }).notNull(),
      blockedId: bigint('blocked_id', { mode: 'number' }).notNull(),
      createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    },
    (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index('member_blocks_blocked_idx').on(t.blockedId, t.blockerId)],
  );
}

export type MemberBlocksTable = ReturnType<typeof memberBlocksTable>;

/** The SQL of the table, for a migration of each service that keeps it (`{schema}` as in every migration). */
export const memberBlocksSql = `
  -- Projection of the friends service's blocks (member.blocked / member.unblocked).
  create table {schema}.member_blocks (
    blocker_id bigint not null,
    blocked_id bigint not null,
    created_at timestamptz not null,
    primary key (blocker_id, blocked_id)
  );
  create index member_blocks_blocked_idx on {schema}.member_blocks (blocked_id, blocker_id);
`;
