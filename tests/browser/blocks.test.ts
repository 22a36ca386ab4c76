/// <reference lib="dom" />
/**
 * Blocking from the screens (decision 036): a member blocks another from the profile's "…" menu
 * (confirmation, then "Member blocked"), the profile vanishes for both (the not-found page), and
 * Settings → Privacy → Blocked lists the member with Unblock, after which the list is empty and
 * the profile is back. At 1280x800 and 375x812, with screenshots of the dialog and the list.
 * Run: KORA_BASE_URL=http://127.0.0.1:8080 npx vitest run --config tests/browser/vitest.config.ts blocks
 */
import { displayName, safetyTexts } from '@kora/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, VIEWPORTS } from './support/browser';
import { waitUntilFriendsKnow } from './support/friends';
import { createMember, memberContext } from './support/members';
import { noSidewaysScroll, toastWith } from './support/page-helpers';
import { saveScreenshot } from './support/screenshots';

const LONG = 180_000;
const NOT_FOUND = 'Page not found';

let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
}, LONG);

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await browser?.close();
});

/** Opens the profile until it shows `heading` (other services learn of a block a moment later). */
async function profileShows(page: Page, userId: number, heading: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    await page.goto(`/profile/${userId}`);
    if ((await page.getByRole('heading', { level: 1, name: heading }).count()) > 0) return;
    if (Date.now() > deadline) throw new Error(`/profile/${userId} never showed "${heading}"`);
    await page.waitForTimeout(500);
  }
}

describe('Block from a profile, unblock from Settings', () => {
  for (const viewport of ['laptop', 'phone'] as const) {
    it(
      `at ${VIEWPORTS[viewport].width}x${VIEWPORTS[viewport].height} the profile vanishes for both, and Unblock brings it back`,
      async () => {
        const [ada, bola] = await Promise.all([createMember('blka'), createMember('blkb')]);
        await waitUntilFriendsKnow(ada, bola);
        const [adaContext, bolaContext] = await Promise.all([
          memberContext(browser, ada, { viewport: VIEWPORTS[viewport] }),
          memberContext(browser, bola, { viewport: VIEWPORTS[viewport] }),
        ]);
        contexts.push(adaContext, bolaContext);
        const [adaPage, bolaPage] = await Promise.all([adaContext.newPage(), bolaContext.newPage()]);
        const bolaName = displayName(bola);

        await adaPage.goto(`/profile/${bola.userId}`);
        await adaPage.getByRole('heading', { level: 1, name: bolaName }).waitFor();
        await adaPage.getByRole('button', { name: `More options for ${bolaName}` }).click();
        await adaPage.getByRole('menuitem', { name: safetyTexts.block }).click();
        const dialog = adaPage.getByRole('dialog');
        await dialog.getByText(safetyTexts.blockConfirm(bolaName)).waitFor();
        await noSidewaysScroll(adaPage);
        await saveScreenshot(adaPage, `block-confirm-${viewport}`);
        await dialog.getByRole('button', { name: safetyTexts.block }).click();
        await toastWith(adaPage, safetyTexts.blocked).waitFor();
        // Gone at once for the blocker: the page's loaders ran again, and the relation says blocked.
        await adaPage.getByRole('heading', { level: 1, name: NOT_FOUND }).waitFor();

        await profileShows(bolaPage, ada.userId, NOT_FOUND);

        await adaPage.goto('/settings?tab=privacy');
        const list = adaPage.getByRole('list', { name: safetyTexts.blockedTitle });
        const row = list.getByRole('listitem', { name: bolaName });
        await row.waitFor();
        await noSidewaysScroll(adaPage);
        await row.scrollIntoViewIfNeeded();
        await saveScreenshot(adaPage, `blocked-list-${viewport}`);
        await row.getByRole('button', { name: safetyTexts.unblock }).click();
        await toastWith(adaPage, safetyTexts.unblocked).waitFor();
        await adaPage.getByText(safetyTexts.noBlocked).waitFor();
        expect(await list.count()).toBe(0);

        await profileShows(adaPage, bola.userId, bolaName);
        await profileShows(bolaPage, ada.userId, displayName(ada));
      },
      LONG,
    );
  }
});
