/// <reference lib="dom" />
/**
 * Privacy settings in the browser, against the running product (KORA_BASE_URL, the gateway): a
 * member keeps their profile to friends and takes friend requests from friends of friends only
 * (saved through the settings API, as the Settings page saves them). A stranger, in a browser
 * context of their own, opens the profile: only the card shows (name, picture, why), no About,
 * details or posts, and the Add Friend button is disabled with the reason under it.
 *
 * Run: KORA_BASE_URL=http://127.0.0.1:8080 [KORA_MAIL_SINK_URL=…] \
 *      npx vitest run --config tests/browser/vitest.config.ts privacy
 */
import { displayName, friendTexts, privacyTexts } from '@kora/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENTUAL_MS } from '@kora/testing/adapters';
import { BASE_URL, launchBrowser, VIEWPORTS } from './support/browser';
import { waitUntilFriendsKnow } from './support/friends';
import { apiSignIn, createMember, memberContext, type Member } from './support/members';
import { noSidewaysScroll } from './support/page-helpers';
import { createPostsThroughApi } from './support/posts';
import { saveScreenshot } from './support/screenshots';

const LONG = 120_000;

let browser: Browser;
let context: BrowserContext;
let owner: Member;
let stranger: Member;
let page: Page;
const postText = `Only for my friends ${Date.now().toString(36)}`;

beforeAll(async () => {
  browser = await launchBrowser();
  [owner, stranger] = await Promise.all([createMember('pvo'), createMember('pvs')]);
  await createPostsThroughApi(owner, [postText]);
  await waitUntilFriendsKnow(stranger, owner);
  const { token } = await apiSignIn(owner);
  const saved = await fetch(`${BASE_URL}/api/settings/privacy`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ profileVisibility: 'friends', friendRequestPolicy: 'friends_of_friends' }),
  });
  if (!saved.ok) throw new Error(`saving privacy settings answered ${saved.status}: ${await saved.text()}`);
  context = await memberContext(browser, stranger, { viewport: VIEWPORTS.desktop });
  page = await context.newPage();
}, LONG);

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('privacy on the profile page', () => {
  it(
    'a stranger sees only the card of a friends-only profile, and why; Add Friend is disabled with the reason',
    async () => {
      const main = page.getByRole('main');
      const limitedLine = privacyTexts.profileLimited('friends', displayName(owner));
      // Both settings arrive as events: reload until the page shows them.
      await expect
        .poll(
          async () => {
            await page.goto(`/profile/${owner.userId}`);
            return (await main.getByText(limitedLine).count()) + (await main.getByText(friendTexts.friendsOfFriendsOnly).count());
          },
          { timeout: EVENTUAL_MS, interval: 1_000 },
        )
        .toBe(2);

      await main.getByRole('heading', { name: displayName(owner) }).waitFor();
      expect(await main.getByText(`@${owner.username}`).count()).toBe(1);
      // The picture paints over the cover it overlaps (its top edge is what the eye sees first).
      const picture = main.getByRole('img', { name: `${displayName(owner)}'s profile picture` });
      expect(
        await picture.evaluate((el) => {
          const box = el.getBoundingClientRect();
          const hit = document.elementFromPoint(box.left + box.width / 2, box.top + 6);
          return hit !== null && el.contains(hit);
        }),
      ).toBe(true);
      for (const hidden of ['About', 'Posts']) expect(await main.getByRole('heading', { name: hidden }).count(), hidden).toBe(0);
      expect(await main.getByText(postText).count()).toBe(0);

      const add = main.getByRole('button', { name: 'Add Friend' });
      expect(await add.isDisabled()).toBe(true);
      // The reason is the button's description, for screen readers too.
      const reasonId = await add.getAttribute('aria-describedby');
      expect(reasonId).toBeTruthy();
      expect(await page.locator(`[id="${reasonId}"]`).innerText()).toBe(friendTexts.friendsOfFriendsOnly);
      await saveScreenshot(page, 'privacy-limited-profile-1440');

      await page.setViewportSize(VIEWPORTS.phone);
      await page.reload();
      await main.getByText(limitedLine).waitFor();
      await noSidewaysScroll(page);
      await saveScreenshot(page, 'privacy-limited-profile-375');
    },
    LONG,
  );
});
