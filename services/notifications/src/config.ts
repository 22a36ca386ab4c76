/**
 * The notifications service's own configuration, on top of the platform's variables. Parsed once
 * per start, against a zod schema; a bad value stops the start with the list of problems.
 *
 * - NOTIFICATIONS_HEARTBEAT_MS: how often each socket is pinged (default 25 s, under the 30-60 s
 *   idle timeouts of common proxies); a socket that has not answered the previous ping is dropped.
 * - NOTIFICATIONS_PRESENCE_TTL_MS: how long a member stays online after the instance holding their
 *   socket stops refreshing it (a crash); default 3 heartbeats, so one slow beat is not a gap.
 * - NOTIFICATIONS_DIGEST_EVERY_MS: how often the daily digest job looks for members whose local
 *   time is in the 08:00 hour (default 15 minutes, four chances an hour).
 * - NOTIFICATIONS_MAX_SOCKETS_PER_MEMBER: open sockets one member may hold on one instance
 *   (default 20 tabs); opening one more closes their oldest, so a reconnect loop cannot eat memory.
 */
import { mailEnvSchema } from '@kora/platform/mail';
import { blankIsUnset, loadConfig } from '@kora/platform/service';
import { z } from 'zod';

/** With the mail variables every sender reads (PUBLIC_URL, SMTP_URL, MAIL_DEV_OUTBOX, MAIL_FROM): the digest. */
export const notificationsEnvSchema = mailEnvSchema.extend({
  NOTIFICATIONS_HEARTBEAT_MS: z.preprocess(blankIsUnset, z.coerce.number().int().min(50).default(25_000)),
  NOTIFICATIONS_PRESENCE_TTL_MS: z.preprocess(blankIsUnset, z.coerce.number().int().min(100).optional()),
  NOTIFICATIONS_DIGEST_EVERY_MS: z.preprocess(
    blankIsUnset,
    z.coerce
      .number()
      .int()
      .min(1_000)
      .default(15 * 60_000),
  ),
  NOTIFICATIONS_MAX_SOCKETS_PER_MEMBER: z.preprocess(blankIsUnset, z.coerce.number().int().min(1).max(1000).default(20)),
});

export type NotificationsConfig = z.infer<typeof notificationsEnvSchema>;

export function loadNotificationsConfig(env: Record<string, string | undefined> = process.env): NotificationsConfig {
  return loadConfig(notificationsEnvSchema, env);
}
