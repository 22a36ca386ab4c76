/**
 * The browser's own push objects behind `PushBrowser` (push-device.ts): this page's service worker
 * registration, the Notification permission, and /resources/push for the server's key and the
 * subscription. Only called in the browser, from effects and clicks.
 */
import { pushTexts } from '@kora/contracts';
import { browserSupportsPush, type PushBrowser } from './push-device';

const RESOURCE = '/resources/push';

async function answerOf(response: Response): Promise<Record<string, unknown>> {
  const body: unknown = await response.json().catch(() => ({}));
  return body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
}

function realBrowser(): PushBrowser {
  return {
    pushManager: async () => (await navigator.serviceWorker.ready).pushManager,
    permission: () => Notification.permission,
    requestPermission: () => Notification.requestPermission(),
    async publicKey() {
      const body = await answerOf(await fetch(RESOURCE, { headers: { accept: 'application/json' } }));
      if (typeof body.publicKey !== 'string') throw new Error(pushTexts.failed);
      return body.publicKey;
    },
    async send(body) {
      const response = await fetch(RESOURCE, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
      });
      const answer = await answerOf(response);
      if (!response.ok || answer.ok !== true) throw new Error(typeof answer.error === 'string' ? answer.error : pushTexts.failed);
    },
  };
}

/** This browser's push objects, or null where it cannot take pushes (or on the server). */
export function pushBrowser(): PushBrowser | null {
  return typeof window !== 'undefined' && browserSupportsPush(window) ? realBrowser() : null;
}
