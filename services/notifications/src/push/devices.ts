/**
 * A member's devices subscribed to push (decision 042): subscribing (idempotent by endpoint; an
 * endpoint another member held moves to the caller, since a browser profile belongs to whoever
 * signed in last), unsubscribing one of their own, and forgetting a session's or a member's.
 */
import { PUSH_MAX_DEVICES, type PushDevice, type PushSubscriptionBody } from '@kora/contracts';
import type { Identity, Tx } from '@kora/platform/service';
import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import type { Notifications } from '../context.js';
import type { PushSubscriptionRow } from '../db/schema.js';
import { pushEndpointInvalid, pushNotSubscribed, pushSubscriptionInvalid } from '../errors.js';
import { isPushEndpointAllowed } from './endpoint-rule.js';
import { arePushKeysUsable } from './subscription-keys.js';

/** A user agent is kept to tell devices apart in the member's archive; longer ones are cut. */
const USER_AGENT_MAX = 400;

export function deviceOf(row: PushSubscriptionRow): PushDevice {
  return {
    endpoint: row.endpoint,
    userAgent: row.userAgent,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

export async function subscribeDevice(
  n: Notifications,
  member: Identity,
  body: PushSubscriptionBody,
  userAgent: string | undefined,
): Promise<PushDevice> {
  const { NOTIFICATIONS_PUSH_PRIVATE_ENDPOINTS: allowPrivate, NOTIFICATIONS_PUSH_TEST_ORIGIN: testOrigin } = n.config;
  if (!isPushEndpointAllowed(body.endpoint, allowPrivate, testOrigin)) throw pushEndpointInvalid();
  if (!arePushKeysUsable(body.keys)) throw pushSubscriptionInvalid();
  const t = n.tables.pushSubscriptions;
  return n.ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(t)
      .values({
        userId: member.userId,
        endpoint: body.endpoint,
        p256dh: body.keys.p256dh,
        auth: body.keys.auth,
        sessionId: member.sessionId,
        userAgent: userAgent?.slice(0, USER_AGENT_MAX) ?? null,
      })
      .onConflictDoUpdate({
        target: t.endpoint,
        set: {
          // Moved to another member: a new subscription for them, not the old one's history.
          createdAt: sql`case when ${t.userId} = excluded.user_id then ${t.createdAt} else now() end`,
          lastUsedAt: sql`case when ${t.userId} = excluded.user_id then ${t.lastUsedAt} end`,
          userId: sql`excluded.user_id`,
          p256dh: sql`excluded.p256dh`,
          auth: sql`excluded.auth`,
          sessionId: sql`excluded.session_id`,
          userAgent: sql`excluded.user_agent`,
        },
      })
      .returning();
    await keepNewestDevices(tx, n, member.userId);
    return deviceOf(row!);
  });
}

/** A member keeps at most PUSH_MAX_DEVICES subscriptions: the oldest go first. */
async function keepNewestDevices(tx: Tx, n: Notifications, userId: number): Promise<void> {
  const t = n.tables.pushSubscriptions;
  const newest = tx.select({ id: t.id }).from(t).where(eq(t.userId, userId)).orderBy(desc(t.id)).limit(PUSH_MAX_DEVICES);
  await tx.delete(t).where(and(eq(t.userId, userId), notInArray(t.id, newest)));
}

/** Removes the caller's subscription with this endpoint; another member's, or none, is a 404. */
export async function unsubscribeDevice(n: Notifications, userId: number, endpoint: string): Promise<void> {
  const t = n.tables.pushSubscriptions;
  const removed = await n.ctx.db
    .delete(t)
    .where(and(eq(t.endpoint, endpoint), eq(t.userId, userId)))
    .returning({ id: t.id });
  if (removed.length === 0) throw pushNotSubscribed();
}

/** The session ended (`session.revoked`: sign-out, a revoke, a password change): its devices stop getting pushes. */
export async function forgetSessionDevices(n: Notifications, tx: Tx, userId: number, sessionId: string): Promise<void> {
  const t = n.tables.pushSubscriptions;
  await tx.delete(t).where(and(eq(t.sessionId, sessionId), eq(t.userId, userId)));
}
