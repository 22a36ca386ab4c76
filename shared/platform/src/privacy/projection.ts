/**
 * Feeding the privacy projection from `settings.privacy-changed`. The event carries the tab's
 * complete values, so the handler is an upsert guarded by the event's time: a redelivered or late
 * older event never overwrites a newer one, and a replay is harmless.
 */
import { sql } from 'drizzle-orm';
import type { EventHandler } from '../events/consumer.js';
import type { MemberPrivacyTable } from './table.js';

export interface MemberPrivacyHandlers {
  'settings.privacy-changed': EventHandler<'settings.privacy-changed'>;
}

/** The handler to spread into a consumer's map: `handlers: { ...memberPrivacyHandlers(t.privacy), ... }`. */
export function memberPrivacyHandlers(privacy: MemberPrivacyTable): MemberPrivacyHandlers {
  return {
    'settings.privacy-changed': async (event, tx) => {
      // messagePolicy is the messages service's own projection's (lookups.ts: ProjectedPrivacy).
      const { userId, messagePolicy: _messagePolicy, ...values } = event.payload;
      const row = { userId, ...values, updatedAt: new Date(event.occurredAt) };
      await tx
        .insert(privacy)
        .values(row)
        .onConflictDoUpdate({
          target: privacy.userId,
          set: { ...values, updatedAt: row.updatedAt },
          setWhere: sql`${privacy.updatedAt} <= excluded.updated_at`,
        });
    },
  };
}
