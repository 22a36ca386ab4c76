/** The group's member count, moved by exactly the approved rows a write added or removed. */
import type { Tx } from '@kora/platform/service';
import { eq, sql } from 'drizzle-orm';
import type { Groups } from '../context.js';

export async function addToCount(tx: Tx, groups: Groups, groupId: number, by: number): Promise<void> {
  if (by === 0) return;
  const g = groups.tables.groups;
  await tx
    .update(g)
    .set({ memberCount: sql`${g.memberCount} + ${by}` })
    .where(eq(g.id, groupId));
}
