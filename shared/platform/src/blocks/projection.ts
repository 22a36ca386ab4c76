/**
 * Feeding the block projection. The friends service keys a pair's events alike, so a block and its
 * unblock arrive in order; an insert ignores an existing row and a delete of a missing one does
 * nothing, so replays are harmless.
 */
import { and, eq } from 'drizzle-orm';
import type { EventHandler } from '../events/consumer.js';
import type { MemberBlocksTable } from './table.js';

export interface MemberBlockHandlers {
  'member.blocked': EventHandler<'member.blocked'>;
  'member.unblocked': EventHandler<'member.unblocked'>;
}

/** The handlers to spread into a consumer's map: `handlers: { ...memberBlockHandlers(t.blocks), ... }`. */
export function memberBlockHandlers(blocks: MemberBlocksTable): MemberBlockHandlers {
  return {
    'member.blocked': async (event, tx) => {
      const { blockerId, blockedId } = event.payload;
      if (blockerId === blockedId) return;
      await tx
        .insert(blocks)
        .values({ blockerId, blockedId, createdAt: new Date(event.occurredAt) })
        .onConflictDoNothing();
    },
    'member.unblocked': async (event, tx) => {
      const { blockerId, blockedId } = event.payload;
      await tx.delete(blocks).where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)));
    },
  };
}
