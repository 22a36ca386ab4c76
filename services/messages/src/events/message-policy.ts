/**
 * The message policy projection (decision 039): each member's `messagePolicy` from
 * `settings.privacy-changed` (events from before the field read as 'everyone'). The event carries
 * the tab's complete values, so this is an upsert guarded by the event's time: a late older event
 * never overwrites a newer one, and a replay is harmless.
 */
import type { EventHandler } from '@kora/platform/service';
import { sql } from 'drizzle-orm';
import type { MessagesTables } from '../db/schema.js';

export function messagePolicyHandlers(tables: MessagesTables): { 'settings.privacy-changed': EventHandler<'settings.privacy-changed'> } {
  const { policies } = tables;
  return {
    'settings.privacy-changed': async (event, tx) => {
      const { userId, messagePolicy } = event.payload;
      const updatedAt = new Date(event.occurredAt);
      await tx
        .insert(policies)
        .values({ userId, messagePolicy, updatedAt })
        .onConflictDoUpdate({
          target: policies.userId,
          set: { messagePolicy, updatedAt },
          setWhere: sql`${policies.updatedAt} <= excluded.updated_at`,
        });
    },
  };
}
