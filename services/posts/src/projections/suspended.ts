/**
 * Projection of auth's `user.status-changed` (decision 025): who is suspended now, so people lists
 * (search, Pro users) leave them out. A member's events share their key and arrive in order, so the
 * last one applied is their status.
 */
import type { EventHandler } from '@kora/platform/service';
import { eq } from 'drizzle-orm';
import type { PostsTables } from '../db/schema.js';

export function suspensionHandlers(tables: PostsTables): { 'user.status-changed': EventHandler<'user.status-changed'> } {
  const { suspendedMembers } = tables;
  return {
    'user.status-changed': async (event, tx) => {
      const { userId, status } = event.payload;
      if (status === 'suspended') {
        await tx
          .insert(suspendedMembers)
          .values({ userId, suspendedAt: new Date(event.occurredAt) })
          .onConflictDoNothing();
      } else {
        await tx.delete(suspendedMembers).where(eq(suspendedMembers.userId, userId));
      }
    },
  };
}
