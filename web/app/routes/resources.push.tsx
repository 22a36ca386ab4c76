/**
 * /resources/push — this device's push notifications (decision 042), called with plain fetch by
 * Settings → Notifications' device control (components/settings/push-device-card.tsx), which
 * sequences it with the browser's own push calls; no page data changes, so nothing reloads.
 * - GET: `{ publicKey }`, the server's VAPID key the browser subscribes with
 * - POST `{ intent: 'subscribe', subscription }` (the browser's PushSubscription JSON) or
 *   `{ intent: 'unsubscribe', endpoint }`: `{ ok: true }`, or `{ ok: false, error }` with the
 *   server's text for a refusal and the product's failure text for anything else.
 */
import { pushKeyAnswer, pushSubscriptionBody, pushTexts } from '@kora/contracts';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { apiFetch, errorMessage, errorStatus, isApiError } from '~/utils/api.server';
import { jsonForPage } from '~/utils/json-for-page.server';
import { requireSession } from '~/utils/session.server';

const pushActionBody = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('subscribe'), subscription: pushSubscriptionBody }),
  z.object({ intent: z.literal('unsubscribe'), endpoint: z.string().min(1).max(2048) }),
]);

export async function loader({ request }: LoaderFunctionArgs) {
  const { token, headers } = await requireSession(request, { resource: true });
  try {
    const key = await apiFetch(request, '/api/notifications/push/key', { token, schema: pushKeyAnswer });
    return jsonForPage(key, { headers });
  } catch (error) {
    return jsonForPage({ error: pushTexts.failed }, { status: errorStatus(error), headers });
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const { token, headers } = await requireSession(request, { resource: true });
  const parsed = pushActionBody.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return jsonForPage({ ok: false, error: pushTexts.subscriptionInvalid }, { status: 400, headers });
  try {
    if (parsed.data.intent === 'subscribe') {
      await apiFetch(request, '/api/notifications/push/subscriptions', { method: 'POST', json: parsed.data.subscription, token });
    } else {
      const query = new URLSearchParams({ endpoint: parsed.data.endpoint });
      await apiFetch(request, `/api/notifications/push/subscriptions?${query}`, { method: 'DELETE', token }).catch((error: unknown) => {
        // Already gone on the server (signed out elsewhere, a 410): the device is off either way.
        if (!(isApiError(error) && error.status === 404)) throw error;
      });
    }
    return jsonForPage({ ok: true }, { headers });
  } catch (error) {
    return jsonForPage({ ok: false, error: errorMessage(error, pushTexts.failed) }, { status: errorStatus(error), headers });
  }
}
