/// <reference lib="dom" />
/**
 * Names everywhere (decision 025) in the browser: a post card, its comments, the friends page, the
 * notifications page and a profile name each member by their display name in bold with
 * `@username` muted beside it (or under it on cards and the profile), at a laptop's and a phone's
 * width, where a long name must stay inside its card. Saves screenshots of each for review.
 *
 * Run: KORA_BASE_URL=http://127.0.0.1:8080 npx vitest run --config tests/browser/vitest.config.ts member-names
 */
import { displayName } from '@kora/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENTUAL_MS } from '@kora/testing/adapters';
import { contextPool, launchBrowser, VIEWPORTS, type Viewport } from './support/browser';
import { befriendThroughApi, callAs } from './support/friends';
import { createMember, memberContext, type Member } from './support/members';
import { createPostsThroughApi } from './support/posts';
import { saveScreenshot } from './support/screenshots';

const LONG = 120_000;

let browser: Browser;
const pages = contextPool();
let author: Member;
let friend: Member;
const postText = `Names on the card ${Date.now().toString(36)}`;

beforeAll(async () => {
  browser = await launchBrowser();
  [author, friend] = await Promise.all([createMember('nma'), createMember('nmb')]);
  await befriendThroughApi(author, friend);
  const [postId] = await createPostsThroughApi(author, [postText]);
  // The friend comments and likes: a comment on the card, notifications for the author.
  await callAs(friend, 'POST', `/api/posts/${postId}/comment`, { content: 'Save me a plate!' });
  await callAs(friend, 'POST', `/api/posts/${postId}/react`, { reaction: 'like' });
}, LONG);

afterAll(async () => {
  await pages.closeAll();
  await browser?.close();
});

async function pageAs(member: Member, viewport: Viewport): Promise<Page> {
  return pages.open(memberContext(browser, member, { viewport }));
}

/** The name and handle of one MemberName inside `scope`, and whether it stays inside `scope`'s box. */
async function shownName(scope: ReturnType<Page['locator']>, name: string) {
  const label = scope.locator('[data-member-name]').filter({ hasText: name }).first();
  await label.waitFor({ timeout: EVENTUAL_MS });
  return label.evaluate((el, outer) => {
    const nameEl = el.querySelector('a, span') as HTMLElement;
    const handle = el.querySelector('[data-member-handle]')?.textContent ?? null;
    const card = (el.closest(outer) ?? document.body).getBoundingClientRect();
    const weight = Number(getComputedStyle(el.querySelector('.font-semibold') ?? nameEl).fontWeight);
    // The name, the handle and the badge all stay inside the card (a long one is cut, not spilled).
    const parts = [el, ...Array.from(el.querySelectorAll('*'))].map((part) => part.getBoundingClientRect());
    const inside = parts.every((box) => box.left >= card.left - 1 && box.right <= card.right + 1);
    return { handle, bold: weight >= 600, inside };
  }, 'article, li, main');
}

for (const [size, viewport] of [
  ['1280', VIEWPORTS.laptop],
  ['375', VIEWPORTS.phone],
] as const) {
  describe(`member names at ${size}px`, () => {
    it(
      'a post card and its comment name the author and the commenter, @username beside each',
      async () => {
        const page = await pageAs(friend, viewport);
        await page.goto('/');
        const card = page.getByRole('article', { name: `Post by ${displayName(author)}` }).filter({ hasText: postText });
        await card.waitFor({ timeout: EVENTUAL_MS });
        expect(await shownName(card, displayName(author))).toEqual({ handle: `@${author.username}`, bold: true, inside: true });
        expect(await shownName(card.getByRole('listitem').filter({ hasText: 'Save me a plate!' }), displayName(friend))).toEqual({
          handle: `@${friend.username}`,
          bold: true,
          inside: true,
        });
        await card.scrollIntoViewIfNeeded();
        await saveScreenshot(page, `names-post-card-${size}`);
      },
      LONG,
    );

    it(
      "the friends page and the author's notifications use the display name",
      async () => {
        const page = await pageAs(author, viewport);
        await page.goto('/friends');
        const card = page.getByRole('list', { name: 'Your Friends' }).getByRole('listitem', { name: displayName(friend) });
        expect(await shownName(card, displayName(friend))).toEqual({ handle: `@${friend.username}`, bold: true, inside: true });
        await saveScreenshot(page, `names-friends-${size}`);

        await page.goto('/notifications');
        const main = page.getByRole('main');
        await main
          .getByText(`${displayName(friend)}`, { exact: true })
          .first()
          .waitFor({ timeout: EVENTUAL_MS });
        expect(await main.getByText(friend.username).count()).toBe(0);
        await saveScreenshot(page, `names-notifications-${size}`);
      },
      LONG,
    );

    it(
      'a profile shows the name big with @username under it, and its picture is named by the name',
      async () => {
        const page = await pageAs(friend, viewport);
        await page.goto(`/profile/${author.userId}`);
        const main = page.getByRole('main');
        await main.getByRole('heading', { level: 1, name: displayName(author) }).waitFor({ timeout: EVENTUAL_MS });
        expect(await main.getByText(`@${author.username}`, { exact: true }).first().isVisible()).toBe(true);
        expect(await main.getByRole('img', { name: `${displayName(author)}'s profile picture` }).count()).toBe(1);
        await saveScreenshot(page, `names-profile-${size}`);
      },
      LONG,
    );
  });
}
