/**
 * The memberships projection (decision 023): each member's Pro plan now, from wallet's compacted
 * `membership.changed` (keyed by member, so one member's events arrive in order). Boosts are
 * counted against it (posts/boost.ts) and the feed shows a boost only while it holds (feed/sponsored.ts).
 * An upsert guarded by the event's time, so a replay or a late older event changes nothing.
 */
import type { EventEnvelope, EventPayload } from '@kora/contracts';
import type { Tx } from '@kora/platform/service';
import { sql } from 'drizzle-orm';
import type { PostsTables } from '../db/schema.js';

export async function keepMembership(tables: PostsTables, tx: Tx, event: EventEnvelope<EventPayload<'membership.changed'>>): Promise<void> {
  const { memberships } = tables;
  const { userId, startedAt, activeUntil, boostPosts } = event.payload;
  const row = {
    userId,
    startedAt: new Date(startedAt),
    activeUntil: new Date(activeUntil),
    boostPosts,
    changedAt: new Date(event.occurredAt),
  };
  await tx
    .insert(memberships)
    .values(row)
    .onConflictDoUpdate({
      target: memberships.userId,
      set: { startedAt: row.startedAt, activeUntil: row.activeUntil, boostPosts: row.boostPosts, changedAt: row.changedAt },
      setWhere: sql`${memberships.changedAt} <= excluded.changed_at`,
    });
}
