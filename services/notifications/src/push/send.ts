/**
 * Sending one push to one device (decision 042), as a job of the `web-push` queue: web-push
 * encrypts the message for the subscription (aes128gcm) and signs the request (VAPID); the request
 * itself goes out with fetch, with a deadline. A 404 or 410 means the subscription is gone: it is
 * deleted. A 429, a 5xx, a timeout or a network failure is tried again a few times with back-off
 * (the queue's attempts), then dropped; any other refusal is logged and not tried again.
 */
import type { PushMessage } from '@kora/contracts';
import type { JobContext } from '@kora/platform/service';
import { eq, sql } from 'drizzle-orm';
import webpush from 'web-push';
import type { Notifications } from '../context.js';
import { vapidDetails } from './vapid.js';

export const PUSH_QUEUE = 'web-push';
export const PUSH_QUEUE_OPTIONS = { concurrency: 8, attempts: 3, backoffMs: 5_000 };
/** How long a push service may keep a message for a device that is offline. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
/** How long one request to a push service may take. */
const PUSH_TIMEOUT_MS = 10_000;

export interface PushJob {
  subscriptionId: number;
  message: PushMessage;
}

export type PushOutcome = 'sent' | 'gone' | 'refused' | 'no-subscription';

/** Thrown for a failure worth another try (the runner retries it, up to the queue's attempts). */
class PushRetry extends Error {}

export function registerPushJob(n: Notifications): void {
  n.ctx.jobs.register<PushJob>(PUSH_QUEUE, (job) => sendPushJob(n, job), PUSH_QUEUE_OPTIONS);
}

export async function sendPushJob(n: Notifications, job: JobContext<PushJob>): Promise<PushOutcome> {
  const t = n.tables.pushSubscriptions;
  const [sub] = await n.ctx.db.select().from(t).where(eq(t.id, job.data.subscriptionId));
  // Unsubscribed, signed out or moved since the notification was made: nothing to send.
  if (!sub) return 'no-subscription';
  const vapid = await vapidDetails(n);
  const request = webpush.generateRequestDetails(
    { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
    JSON.stringify(job.data.message),
    {
      vapidDetails: vapid,
      TTL: PUSH_TTL_SECONDS,
    },
  );
  const headers = { ...request.headers } as Record<string, string>;
  // fetch sets the length from the body itself.
  delete headers['Content-Length'];
  let status: number;
  try {
    const answer = await fetch(request.endpoint, {
      method: request.method,
      headers,
      body: request.body ? new Uint8Array(request.body) : undefined,
      redirect: 'manual',
      signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
    });
    status = answer.status;
    await answer.body?.cancel();
  } catch (err) {
    n.ctx.log.warn({ err, subscriptionId: sub.id, attempt: job.attempt }, 'push not delivered; will try again');
    throw new PushRetry('push service unreachable', { cause: err });
  }
  if (status >= 200 && status < 300) {
    await n.ctx.db
      .update(t)
      .set({ lastUsedAt: sql`now()` })
      .where(eq(t.id, sub.id));
    return 'sent';
  }
  if (status === 404 || status === 410) {
    // Only the row that was sent to: the same endpoint subscribed again since is a new subscription.
    await n.ctx.db.delete(t).where(eq(t.id, sub.id));
    n.ctx.log.info({ subscriptionId: sub.id, status }, 'push subscription gone; deleted');
    return 'gone';
  }
  if (status === 429 || status >= 500) {
    n.ctx.log.warn({ subscriptionId: sub.id, status, attempt: job.attempt }, 'push service failed; will try again');
    throw new PushRetry(`push service answered ${status}`);
  }
  n.ctx.log.warn({ subscriptionId: sub.id, status }, 'push refused by the push service; not retried');
  return 'refused';
}
