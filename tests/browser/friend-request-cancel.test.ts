/// <reference lib="dom" />
/**
 * Add Friend leaves a way back: after sending, the member's card reads "Requested" with Cancel
 * (it no longer vanishes), Cancel takes the request back through the friends service, and Add
 * Friend returns. The other member's incoming requests agree at each step. Checked on /friends
 * (Find Friends) at 1280x800 and 375x812.
 * Run: KORA_BASE_URL=http://127.0.0.1:8080 npx vitest run --config tests/browser/vitest.config.ts friend-request-cancel
 */
import { friendTexts } from '@kora/contracts';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, VIEWPORTS } from './support/browser';
import { callAs, waitUntilFriendsKnow } from './support/friends';
import { createMember, memberContext, type Member } from './support/members';
import { toastWith } from './support/page-helpers';
import { saveScreenshot } from './support/screenshots';

const LONG = 120_000;

let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
}, LONG);

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await browser?.close();
});

async function incomingFrom(receiver: Member, sender: Member): Promise<boolean> {
  const requests = (await (await callAs(receiver, 'GET', '/api/friends/requests')).json()) as { fromUserId: number }[];
  return requests.some((request) => request.fromUserId === sender.userId);
}

describe('Add Friend, Requested, Cancel', () => {
  for (const viewport of ['laptop', 'phone'] as const) {
    it(
      `at ${VIEWPORTS[viewport].width}x${VIEWPORTS[viewport].height} the card keeps a Cancel, and the server agrees`,
      async () => {
        const [sender, receiver] = await Promise.all([createMember('frcs'), createMember('frcr')]);
        await waitUntilFriendsKnow(sender, receiver);
        const context = await memberContext(browser, sender, { viewport: VIEWPORTS[viewport] });
        contexts.push(context);
        const page = await context.newPage();
        await page.goto('/friends');

        const finder = page.getByRole('search', { name: 'Find Friends' });
        await finder.getByRole('searchbox').fill(receiver.username);
        await finder.getByRole('button', { name: 'Search' }).click();
        const card = page
          .getByRole('list', { name: 'Search results' })
          .getByRole('listitem')
          .filter({ hasText: `@${receiver.username}` });
        await card.getByRole('button', { name: 'Add Friend' }).click();

        await toastWith(page, friendTexts.requestSent).waitFor();
        await card.getByText('Requested').waitFor();
        const cancel = card.getByRole('button', { name: 'Cancel request' });
        await cancel.waitFor();
        expect(await card.getByRole('button', { name: 'Add Friend' }).count()).toBe(0);
        expect(await incomingFrom(receiver, sender)).toBe(true);
        await saveScreenshot(page, `friend-requested-${viewport}`);

        await cancel.click();
        await toastWith(page, friendTexts.requestCancelled).waitFor();
        await card.getByRole('button', { name: 'Add Friend' }).waitFor();
        expect(await card.getByText('Requested').count()).toBe(0);
        expect(await incomingFrom(receiver, sender)).toBe(false);
      },
      LONG,
    );
  }
});
