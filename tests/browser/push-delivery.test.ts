/// <reference lib="dom" />
/**
 * Web Push end to end (decision 042): a member turns push on in Settings → Notifications, closes
 * every Kora tab (the browser and its service worker stay), another member likes their post, and
 * the push the product sends reaches the worker, which shows it and, on a click, opens the post.
 *
 * What stands in for what cannot run here, and why:
 * - The browser's push service: Chromium gives Playwright's contexts no subscription and no real
 *   push service is reachable, so the page's PushManager hands out a device the test holds, whose
 *   endpoint is the test product's push sink (support/push.ts). The product encrypts, signs and
 *   posts the push there exactly as it would to FCM; the test opens it with the device's keys.
 * - Delivery into the worker: DevTools' `ServiceWorker.deliverPushMessage` (pwa.test.ts uses it)
 *   needs a page's session, and here no page is open, so the opened payload is dispatched in the
 *   worker as a `PushEvent`. Being synthetic, its `waitUntil` throws after the handler has called
 *   `showNotification`; the notification is shown all the same.
 * - The click: nothing can click a notification in headless Chromium, so a `NotificationEvent`
 *   carrying the shown notification is dispatched. Chromium opens windows only for a real click
 *   ("Not allowed to open a window"), so the test records the address the worker asks
 *   `clients.openWindow` for, and opens that address in the context as the browser would.
 */
import { displayName, pushTexts } from '@kora/contracts';
import type { Browser, BrowserContext, Page, Worker } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENTUAL_MS } from '@kora/testing/adapters';
import { BASE_URL, launchBrowser, VIEWPORTS } from './support/browser';
import { befriendThroughApi, callAs } from './support/friends';
import { createMember, memberContext, type Member } from './support/members';
import { createPostsThroughApi } from './support/posts';
import { newPushDevice, openPush, pushesTo, standInPushService, subscribedKey, vapidKeyOf, type TestPushDevice } from './support/push';
import { saveScreenshot } from './support/screenshots';

const LONG = 180_000;

/** What a push carries (PushMessage in the contracts). */
interface PushMessage {
  title: string;
  body: string;
  url: string;
  tag: string;
}

/** The worker's global scope, as the functions run inside it see it. */
interface WorkerScope {
  registration: ServiceWorkerRegistration;
  clients: { openWindow(url: string): Promise<unknown> };
  dispatchEvent(event: Event): boolean;
  PushEvent: new (type: 'push', init: { data: string }) => Event;
  NotificationEvent: new (type: 'notificationclick', init: { notification: Notification }) => Event;
  __opened?: string[];
}

let browser: Browser;
let context: BrowserContext;
let owner: Member;
let liker: Member;
let postId: number;
let device: TestPushDevice;
const postText = `Suya night at the market ${Date.now().toString(36)}`;

beforeAll(async () => {
  // Notifications: the full browser (the headless shell has none).
  browser = await launchBrowser({ full: true });
  [owner, liker] = await Promise.all([createMember('pusho'), createMember('pushl')]);
  await befriendThroughApi(liker, owner);
  postId = (await createPostsThroughApi(owner, [postText]))[0]!;
  device = newPushDevice();
  context = await memberContext(browser, owner, { viewport: VIEWPORTS.phone });
  await context.grantPermissions(['notifications'], { origin: BASE_URL });
  await standInPushService(context, device);
}, LONG);

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

/** Kora's service worker in the context (the registration's script is /sw.js?v=<build>). */
async function koraWorker(): Promise<Worker> {
  const ours = (worker: Worker) => new URL(worker.url()).pathname === '/sw.js';
  return context.serviceWorkers().find(ours) ?? (await context.waitForEvent('serviceworker', { predicate: ours }));
}

/** Turns push on from Settings → Notifications, as the member does. */
async function turnPushOnInSettings(page: Page): Promise<void> {
  await page.goto('/settings?tab=notifications');
  const card = page.getByRole('region', { name: pushTexts.deviceTitle });
  await card.getByText(pushTexts.deviceOff).waitFor();
  await card.getByRole('button', { name: pushTexts.turnOn }).click();
  await card.getByText(pushTexts.deviceOn).waitFor();
  await card.scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'push-settings-on-375');
  await page.setViewportSize(VIEWPORTS.laptop);
  await card.scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'push-settings-on-1280');
  await page.setViewportSize(VIEWPORTS.phone);
}

/** The first push to the device about the post, opened; other notifications (the friendship) may come too. */
async function likePushed(): Promise<{ message: PushMessage; plaintext: string; signedWith: string | undefined }> {
  const tag = `notification-post-${postId}`;
  let found: { message: PushMessage; plaintext: string; signedWith: string | undefined } | undefined;
  await expect
    .poll(
      async () => {
        for (const request of await pushesTo(device)) {
          const plaintext = openPush(device, request);
          const message = JSON.parse(plaintext) as PushMessage;
          if (message.tag === tag) found = { message, plaintext, signedWith: vapidKeyOf(request) };
        }
        return found !== undefined;
      },
      { timeout: EVENTUAL_MS, interval: 500 },
    )
    .toBe(true);
  return found!;
}

describe('a push with no Kora tab open', () => {
  it(
    'shows the like from the worker and opens the post on a click',
    async () => {
      const page = await context.newPage();
      await turnPushOnInSettings(page);
      // The page subscribed with the server's key; every push must be signed with it.
      const serverKey = await subscribedKey(page);
      expect(serverKey).toMatch(/^[A-Za-z0-9_-]{80,}$/);
      const worker = await koraWorker();

      // Every tab closed; the browser and its worker stay.
      for (const open of context.pages()) await open.close();
      expect(context.pages()).toEqual([]);
      expect(await worker.evaluate(() => (self as unknown as WorkerScope).registration.active?.state)).toBe('activated');

      await callAs(liker, 'POST', `/api/posts/${postId}/react`, { reaction: 'like' });
      const { message, plaintext, signedWith } = await likePushed();
      expect(message).toEqual({
        title: displayName(liker),
        body: 'liked your post',
        url: `/posts/${postId}`,
        tag: `notification-post-${postId}`,
      });
      expect(signedWith).toBe(serverKey);

      // The browser hands the opened payload to the worker.
      await worker.evaluate((data) => {
        const scope = self as unknown as WorkerScope;
        scope.dispatchEvent(new scope.PushEvent('push', { data }));
      }, plaintext);
      const postUrl = new URL(`/posts/${postId}`, BASE_URL).href;
      const shown = () =>
        worker.evaluate(async () =>
          (await (self as unknown as WorkerScope).registration.getNotifications()).map((n) => ({
            title: n.title,
            body: n.body,
            tag: n.tag,
            data: n.data as unknown,
          })),
        );
      await expect.poll(shown).toEqual([{ title: displayName(liker), body: 'liked your post', tag: message.tag, data: { url: postUrl } }]);

      // The member clicks it: the worker closes it and, no Kora tab being open, asks for a new window on the post.
      await worker.evaluate(async () => {
        const scope = self as unknown as WorkerScope;
        const opened: string[] = (scope.__opened = []);
        const openWindow = scope.clients.openWindow.bind(scope.clients);
        scope.clients.openWindow = (url: string) => {
          opened.push(url);
          return openWindow(url).catch(() => null);
        };
        const [notification] = await scope.registration.getNotifications();
        scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification: notification! }));
      });
      await expect.poll(() => worker.evaluate(() => (self as unknown as WorkerScope).__opened)).toEqual([postUrl]);
      expect(await shown()).toEqual([]);

      const opened = await context.newPage();
      await opened.goto(postUrl);
      await opened.getByRole('article').filter({ hasText: postText }).waitFor();
      expect(await opened.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
      await saveScreenshot(opened, 'push-opened-post-375');
    },
    LONG,
  );
});
