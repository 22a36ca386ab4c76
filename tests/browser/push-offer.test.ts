/// <reference lib="dom" />
/**
 * The gentle offer of push notifications (decision 042): never on a page's load, only right after
 * the member sends a friend request or a message; "Not now" keeps it away on this device; "Turn on"
 * is the first time the browser is asked for the notification permission, and the device is on
 * afterwards (Settings says so, and no offer comes again). The page's push service stands in for
 * the browser's (support/push.ts: Chromium gives these contexts no subscription).
 */
import { displayName, friendTexts, messageTexts, pushTexts } from '@kora/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_URL, launchBrowser, VIEWPORTS } from './support/browser';
import { callAs, waitUntilFriendsKnow } from './support/friends';
import { createMember, memberContext, type Member } from './support/members';
import { recordStates, seenStates, toastWith } from './support/page-helpers';
import { newPushDevice, permissionAsks, PUSH_OFFER_DISMISSED_KEY, standInPushService, subscribedKey } from './support/push';
import { saveScreenshot } from './support/screenshots';

const LONG = 180_000;
/** How long an offer that is not due is given to show up anyway before the test says it did not. */
const QUIET_MS = 2_000;

let browser: Browser;
let context: BrowserContext;
let page: Page;
let member: Member;
let friend: Member;

const offer = () => page.getByRole('region', { name: pushTexts.offerTitle });
const composer = () => page.getByRole('textbox', { name: messageTexts.composerPlaceholder });

beforeAll(async () => {
  // Notifications: the full browser (the headless shell has none).
  browser = await launchBrowser({ full: true });
  [member, friend] = await Promise.all([createMember('offer'), createMember('offerf')]);
  await waitUntilFriendsKnow(member, friend);
  context = await memberContext(browser, member, { viewport: VIEWPORTS.phone });
  // The member's "yes" to the browser's question, which a headless browser cannot be shown.
  await context.grantPermissions(['notifications'], { origin: BASE_URL });
  await standInPushService(context, newPushDevice());
  page = await context.newPage();
}, LONG);

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

/** Whether the offer appears within a moment of now (it is shown after an answer from the server and the browser). */
async function offerAppearsSoon(): Promise<boolean> {
  await recordStates(page, { offer: { selector: 'section', text: pushTexts.offerTitle } });
  await page.waitForTimeout(QUIET_MS);
  return (await seenStates(page)).includes('offer');
}

async function sendMessage(text: string): Promise<void> {
  await composer().fill(text);
  await composer().press('Enter');
  await page.locator('[data-message-id]').filter({ hasText: text }).waitFor();
}

describe('the push offer', () => {
  it(
    'never comes on a page load; comes after the first friend request; "Not now" keeps it away on this device',
    async () => {
      for (const path of ['/', '/friends', `/profile/${friend.userId}`]) {
        await page.goto(path);
        expect(await offerAppearsSoon(), path).toBe(false);
      }
      expect(await permissionAsks(page)).toBe(0);

      await page.getByRole('main').getByRole('button', { name: 'Add Friend' }).click();
      await toastWith(page, friendTexts.requestSent).waitFor();
      await offer().waitFor();
      await expect.poll(() => offer().innerText()).toContain(pushTexts.offerBody);
      // Offered, not asked: the browser's question waits for the member's click.
      expect(await permissionAsks(page)).toBe(0);
      await saveScreenshot(page, 'push-offer-375');
      await page.setViewportSize(VIEWPORTS.laptop);
      await saveScreenshot(page, 'push-offer-1280');
      await page.setViewportSize(VIEWPORTS.phone);

      await offer().getByRole('button', { name: pushTexts.offerDismiss }).click();
      await offer().waitFor({ state: 'detached' });
      expect(await page.evaluate((key) => localStorage.getItem(key), PUSH_OFFER_DISMISSED_KEY)).not.toBeNull();

      // Friends now; the first message comes with no offer: this device said "Not now".
      const [request] = (await (await callAs(friend, 'GET', '/api/friends/requests')).json()) as { id: number }[];
      await callAs(friend, 'PUT', `/api/friends/requests/${request!.id}`, { action: 'accepted' });
      await page.goto(`/profile/${friend.userId}`);
      await page
        .getByRole('main')
        .getByRole('button', { name: `${messageTexts.messageButton} ${displayName(friend)}` })
        .click();
      await page.waitForURL(/\/messages\/\d+$/);
      await recordStates(page, { offer: { selector: 'section', text: pushTexts.offerTitle } });
      await sendMessage('Are you coming to the market on Saturday?');
      await page.waitForTimeout(QUIET_MS);
      expect(await seenStates(page)).not.toContain('offer');
      expect(await permissionAsks(page)).toBe(0);
    },
    LONG,
  );

  it(
    'on a device that never answered it, comes after a message; "Turn on" asks the browser once and turns push on',
    async () => {
      await page.evaluate((key) => localStorage.removeItem(key), PUSH_OFFER_DISMISSED_KEY);
      await page.reload();
      expect(await offerAppearsSoon()).toBe(false);

      await sendMessage('Bring the suya, I will bring the drinks');
      await offer().waitFor();
      await offer().getByRole('button', { name: pushTexts.offerAccept }).click();
      await toastWith(page, pushTexts.deviceOn).waitFor();
      await offer().waitFor({ state: 'detached' });
      expect(await permissionAsks(page)).toBe(1);
      expect(await subscribedKey(page)).not.toBeNull();

      // On now: Settings says so, and a further message brings no offer.
      await page.goto('/settings?tab=notifications');
      await page.getByRole('region', { name: pushTexts.deviceTitle }).getByText(pushTexts.deviceOn).waitFor();
      await page.goBack();
      await page.waitForURL(/\/messages\/\d+$/);
      await recordStates(page, { offer: { selector: 'section', text: pushTexts.offerTitle } });
      await sendMessage('See you there');
      await page.waitForTimeout(QUIET_MS);
      expect(await seenStates(page)).not.toContain('offer');
      expect(await permissionAsks(page)).toBe(1);
    },
    LONG,
  );
});
