/**
 * Reading and saving one member's tab. A save is one upsert that merges the given fields into what
 * is stored (`values || excluded.values`): the conflicting row is locked for the statement, so two
 * concurrent saves of different fields both stay, and the returned row is the merged one. The
 * tab's complete values are announced in the same transaction (compacted, keyed by the member).
 *
 * Every save announces, even one that changes nothing: consumers apply the complete values as an
 * idempotent upsert and the topic keeps only the latest per member, so a repeat costs one message;
 * skipping it would need a read of the old values under the lock for no visible difference.
 */
import type { DbOrTx, NewEvent } from '@kora/platform/service';
import type { EventType } from '@kora/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Settings } from '../context.js';
import type { SettingsTab } from '../db/schema.js';
import { completeValues, ownFields, tabEvents, type TabValues } from './tabs.js';

export async function readTab<K extends SettingsTab>(db: DbOrTx, settings: Settings, userId: number, tab: K): Promise<TabValues[K]> {
  const t = settings.tables.settings;
  const [row] = await db
    .select({ values: t.values })
    .from(t)
    .where(and(eq(t.userId, userId), eq(t.tab, tab)));
  return completeValues(tab, row?.values);
}

/** Merges `update`'s own fields of the tab into the member's stored values; answers the complete values. */
export async function saveTab<K extends SettingsTab>(
  settings: Settings,
  userId: number,
  tab: K,
  update: Record<string, unknown>,
): Promise<TabValues[K]> {
  const t = settings.tables.settings;
  const changes = ownFields(tab, update);
  return settings.ctx.transact(async (tx, emit) => {
    const [row] = await tx
      .insert(t)
      .values({ userId, tab, values: changes })
      .onConflictDoUpdate({ target: [t.userId, t.tab], set: { values: sql`${t.values} || excluded."values"`, updatedAt: sql`now()` } })
      .returning({ values: t.values });
    const values = completeValues(tab, row!.values);
    // The tab picks the event type and its payload together; the compiler cannot follow that
    // through the generic, and the outbox parses the payload with the type's schema anyway.
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- tsc rejects the line without it (the rule misjudges these generic types)
    emit({ type: tabEvents[tab], aggregateId: userId, actorId: userId, payload: { userId, ...values } } as NewEvent<EventType>);
    return values;
  });
}
