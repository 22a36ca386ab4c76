/**
 * Feeding the mutes projection from `settings.mutes-changed`: the event carries the member's complete
 * mutes, so the handler is an upsert guarded by the event's time (a late older event never wins).
 */
import { sql } from 'drizzle-orm';
import type { EventHandler } from '../events/consumer.js';
import type { MemberMutesTable } from './table.js';

export interface MemberMuteHandlers {
  'settings.mutes-changed': EventHandler<'settings.mutes-changed'>;
}

export function memberMuteHandlers(mutes: MemberMutesTable): MemberMuteHandlers {
  return {
    'settings.mutes-changed': async (event, tx) => {
      const { userId, memberIds, words } = event.payload;
      const updatedAt = new Date(event.occurredAt);
      await tx
        .insert(mutes)
        .values({ userId, memberIds, words, updatedAt })
        .onConflictDoUpdate({
          target: mutes.userId,
          set: { memberIds, words, updatedAt },
          setWhere: sql`${mutes.updatedAt} <= excluded.updated_at`,
        });
    },
  };
}
