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
 * - VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY: the key pair pushes are signed with (decision 042), both
 *   or neither, base64url as `web-push generate-vapid-keys` prints them. Production sets them in
 *   the service's Secret; without them the service makes a pair once and keeps it in its own
 *   schema (vapid_keys), so local installs, tests and every replica on one database share it.
 * - VAPID_SUBJECT: how a push service reaches the operator, `mailto:` or `https:`; default the
 *   `mailto:` of MAIL_FROM's address.
 * - NOTIFICATIONS_PUSH_PRIVATE_ENDPOINTS: `true` lets subscriptions name http, localhost and
 *   IP-address endpoints (tests' fake push service); off, only public https hosts, so a member
 *   cannot make the service post to the cluster's own addresses.
 * - NOTIFICATIONS_PUSH_TEST_ORIGIN: one origin (`http://127.0.0.1:<port>`) whose endpoints are taken
 *   while the rule stays on for every other: the test product's fake push service, which the browser
 *   tests read while the API tests check the rule's refusals on the same product.
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
  VAPID_PUBLIC_KEY: z.preprocess(
    blankIsUnset,
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{80,100}$/, 'must be a base64url P-256 public key')
      .optional(),
  ),
  VAPID_PRIVATE_KEY: z.preprocess(
    blankIsUnset,
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{40,50}$/, 'must be a base64url P-256 private key')
      .optional(),
  ),
  VAPID_SUBJECT: z.preprocess(
    blankIsUnset,
    z
      .string()
      .regex(/^(mailto:|https:\/\/)\S+$/, 'must be a mailto: or https: address')
      .optional(),
  ),
  NOTIFICATIONS_PUSH_PRIVATE_ENDPOINTS: z.preprocess(blankIsUnset, z.stringbool().default(false)),
  NOTIFICATIONS_PUSH_TEST_ORIGIN: z.preprocess(
    blankIsUnset,
    z
      .url()
      .transform((value) => new URL(value).origin)
      .optional(),
  ),
});

const vapidPairTogether = (env: { VAPID_PUBLIC_KEY?: string; VAPID_PRIVATE_KEY?: string }) =>
  (env.VAPID_PUBLIC_KEY === undefined) === (env.VAPID_PRIVATE_KEY === undefined);

const notificationsConfigSchema = notificationsEnvSchema.refine(vapidPairTogether, {
  message: 'set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither',
  path: ['VAPID_PRIVATE_KEY'],
});

export type NotificationsConfig = z.infer<typeof notificationsEnvSchema>;

export function loadNotificationsConfig(env: Record<string, string | undefined> = process.env): NotificationsConfig {
  return loadConfig(notificationsConfigSchema, env);
}
