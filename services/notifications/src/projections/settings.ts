/**
 * What members chose, as the settings service announces it (compacted topics keyed by member, the
 * tab's complete values), and each member's e-mail address from auth. Every handler is an upsert
 * guarded by the event's time where a later event may overtake an earlier one, so a replay or a
 * late older event changes nothing.
 */
import {
  defaultNotificationSettings,
  isOfferedLanguage,
  type EventEnvelope,
  type EventPayload,
  type NotificationSettings,
} from '@kora/contracts';
import type { DbOrTx, EventHandler, Tx } from '@kora/platform/service';
import { eq, sql } from 'drizzle-orm';
import type { NotificationsTables } from '../db/schema.js';

type Handlers = {
  'settings.notifications-changed': EventHandler<'settings.notifications-changed'>;
  'settings.profile-changed': EventHandler<'settings.profile-changed'>;
};

export function memberSettingsHandlers(tables: NotificationsTables): Handlers {
  const { notificationSettings: ns, timezones: tz } = tables;
  return {
    'settings.notifications-changed': async (event, tx) => {
      const { userId, ...values } = event.payload;
      const updatedAt = new Date(event.occurredAt);
      await tx
        .insert(ns)
        .values({ userId, ...values, updatedAt })
        .onConflictDoUpdate({ target: ns.userId, set: { ...values, updatedAt }, setWhere: sql`${ns.updatedAt} <= excluded.updated_at` });
    },
    'settings.profile-changed': async (event, tx) => {
      const { userId, timezone, language } = event.payload;
      const updatedAt = new Date(event.occurredAt);
      await tx
        .insert(tz)
        .values({ userId, timezone, language, updatedAt })
        .onConflictDoUpdate({
          target: tz.userId,
          set: { timezone, language, updatedAt },
          setWhere: sql`${tz.updatedAt} <= excluded.updated_at`,
        });
    },
  };
}

/** The member's address: from sign-up, then each change auth announces (in order: one key per member). */
export async function rememberEmail(
  tables: NotificationsTables,
  tx: Tx,
  event: EventEnvelope<EventPayload<'user.registered' | 'user.email-changed'>>,
): Promise<void> {
  const { userId, email } = event.payload;
  await tx.insert(tables.emails).values({ userId, email }).onConflictDoUpdate({ target: tables.emails.userId, set: { email } });
}

/** The offered language member `userId` reads (English when they chose none, or one not offered yet). */
export async function languageOf(tables: NotificationsTables, db: DbOrTx, userId: number): Promise<string> {
  const [row] = await db.select({ language: tables.timezones.language }).from(tables.timezones).where(eq(tables.timezones.userId, userId));
  return readableLanguage(row?.language);
}

/** A stored language as texts are written in it: an offered one, else English. */
export const readableLanguage = (language: string | null | undefined): string => (isOfferedLanguage(language) ? language : 'en');

/** One member's notification switches (the defaults until they saved the tab). */
export async function notificationSettingsOf(tables: NotificationsTables, db: DbOrTx, userId: number): Promise<NotificationSettings> {
  const [row] = await db.select().from(tables.notificationSettings).where(eq(tables.notificationSettings.userId, userId));
  if (!row) return defaultNotificationSettings;
  const { userId: _userId, updatedAt: _updatedAt, ...settings } = row;
  return settings;
}
