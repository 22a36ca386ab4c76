/**
 * Auth's projections of the settings service's tabs (each event carries the tab's complete values,
 * keyed by the member): the profile's details and the phone lookups read `member_details`; the
 * security mails read `member_mail_settings`. Upserts guarded by the event's time, so a redelivered
 * or late older event never overwrites a newer one and a replay is harmless.
 */
import type { EventHandler } from '@kora/platform/service';
import { sql } from 'drizzle-orm';
import type { AuthTables } from '../db/schema.js';

/** The digits of a phone number: the form lookups compare ("+234 803 555 0101" -> "2348035550101"). */
export const phoneDigits = (phone: string) => phone.replace(/\D/g, '');

export function settingsHandlers(tables: AuthTables): {
  'settings.profile-changed': EventHandler<'settings.profile-changed'>;
  'settings.notifications-changed': EventHandler<'settings.notifications-changed'>;
} {
  const { memberDetails: details, mailSettings } = tables;
  return {
    'settings.profile-changed': async (event, tx) => {
      const { userId, phone, city, country, work, education, website, timezone, language } = event.payload;
      const values = {
        phone,
        phoneDigits: phoneDigits(phone),
        city,
        country,
        work,
        education,
        website,
        timezone,
        language,
        updatedAt: new Date(event.occurredAt),
      };
      await tx
        .insert(details)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: details.userId, set: values, setWhere: sql`${details.updatedAt} <= excluded.updated_at` });
    },
    'settings.notifications-changed': async (event, tx) => {
      const values = { emailSecurity: event.payload.emailSecurity, updatedAt: new Date(event.occurredAt) };
      await tx
        .insert(mailSettings)
        .values({ userId: event.payload.userId, ...values })
        .onConflictDoUpdate({ target: mailSettings.userId, set: values, setWhere: sql`${mailSettings.updatedAt} <= excluded.updated_at` });
    },
  };
}
