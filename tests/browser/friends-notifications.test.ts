/// <reference lib="dom" />
/**
 * Friends and live notifications through the browser, against the running product (KORA_BASE_URL,
 * the gateway) with the real friends, posts and notifications services. Two members, each in their
 * own browser context: A sends a friend request from B's profile and B's bell rises without a
 * reload; B accepts on /friends and A's post reaches B's feed; B likes it and A's bell rises
 * without a reload, the like on top of the dropdown; clicking it opens the post in a modal over
 * A's page. Then /notifications lists it, and Mark all as read clears the dots and the badge.
 *
 * The steps share the members and their pages, so they run in order.
 * Run: KORA_BASE_URL=http://127.0.0.1:8080 [KORA_MAIL_SINK_URL=…] \
 *      npx vitest run --config tests/browser/vitest.config.ts friends-notifications
 */
import { displayName, friendTexts, notificationTexts } from '@kora/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENTUAL_MS } from '@kora/testing/adapters';
import { launchBrowser } from './support/browser';
import { saveScreenshot } from './support/screenshots';
import { waitUntilFriendsKnow } from './support/friends';
import { createMember, memberContext, type Member } from './support/members';
import { bell, bellItems, openBell, unreadCount, waitForLiveSocket } from './support/notifications';
import { markDocument, stillSameDocument, toastWith } from './support/page-helpers';
import { createPostsThroughApi } from './support/posts';

const LONG = 120_000;

let browser: Browser;
let contexts: BrowserContext[] = [];
let a: Member;
let b: Member;
let pageA: Page;
let pageB: Page;
const postText = `Suya night at the lagoon ${Date.now().toString(36)}`;
let postId: number;

beforeAll(async () => {
  browser = await launchBrowser();
  [a, b] = await Promise.all([createMember('fna'), createMember('fnb')]);
  postId = (await createPostsThroughApi(a, [postText]))[0]!;
  await waitUntilFriendsKnow(a, b);
  const [contextA, contextB] = await Promise.all([memberContext(browser, a), memberContext(browser, b)]);
  contexts = [contextA, contextB];
  [pageA, pageB] = await Promise.all([contextA.newPage(), contextB.newPage()]);
}, LONG);

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await browser?.close();
});

/** A's post, wherever it is listed on `page`. */
const ourPost = (page: Page) => page.getByRole('article').filter({ hasText: postText }).first();
/** A member as a notification names them: by their display name, never the username. */
const actorName = (member: Member) => new RegExp(`${displayName(member)}\\b`);
const actorA = () => actorName(a);
const actorB = () => actorName(b);

describe('friends and live notifications', () => {
  it(
    "A sends a request from B's profile; B's bell rises without a reload",
    async () => {
      await pageB.goto('/');
      await waitForLiveSocket(pageB);
      expect(await unreadCount(pageB)).toBe(0);
      await markDocument(pageB);

      await pageA.goto(`/profile/${b.userId}`);
      const main = pageA.getByRole('main');
      await main.getByRole('button', { name: 'Add Friend' }).click();
      await toastWith(pageA, friendTexts.requestSent).waitFor();
      // The button follows the answer: the request can now be cancelled.
      await main.getByRole('button', { name: 'Requested' }).waitFor();

      await expect.poll(() => unreadCount(pageB), { timeout: EVENTUAL_MS }).toBe(1);
      expect(await stillSameDocument(pageB)).toBe(true);
      await openBell(pageB);
      const first = bellItems(pageB).first();
      await expect.poll(() => first.innerText()).toMatch(/sent you a friend request/);
      expect(await first.innerText()).toMatch(actorA());
      await saveScreenshot(pageB, 'notifications-bell-1440');
      await pageB.keyboard.press('Escape');
    },
    LONG,
  );

  it(
    "B accepts on /friends, then A's post appears in B's feed",
    async () => {
      await pageB.goto('/friends');
      const requests = pageB.getByRole('list', { name: 'Friend Requests' });
      await requests
        .getByRole('listitem', { name: displayName(a) })
        .getByRole('button', { name: 'Accept' })
        .click();
      await toastWith(pageB, friendTexts.requestAccepted).waitFor();
      // The lists reload: the request is answered, A is a friend (linking to their profile).
      await pageB.getByText(friendTexts.noRequests, { exact: true }).waitFor();
      const friend = pageB.getByRole('list', { name: 'Your Friends' }).getByRole('listitem', { name: displayName(a) });
      expect(await friend.getByRole('link').first().getAttribute('href')).toBe(`/profile/${a.userId}`);
      await saveScreenshot(pageB, 'friends-page-1440');

      // The feed learns about the friendship through an event: look again until it has.
      await expect
        .poll(
          async () => {
            await pageB.goto('/');
            return ourPost(pageB).count();
          },
          { timeout: EVENTUAL_MS, interval: 1_000 },
        )
        .toBe(1);
    },
    LONG,
  );

  it(
    "B likes A's post; A's bell rises without a reload, the like on top",
    async () => {
      await pageA.goto('/');
      await waitForLiveSocket(pageA);
      // B's acceptance is A's first notification.
      await expect.poll(() => unreadCount(pageA), { timeout: EVENTUAL_MS }).toBe(1);
      await markDocument(pageA);

      const like = ourPost(pageB).getByRole('button', { name: 'Like', exact: true });
      await like.click();
      await expect.poll(() => like.getAttribute('aria-pressed')).toBe('true');

      await expect.poll(() => unreadCount(pageA), { timeout: EVENTUAL_MS }).toBe(2);
      expect(await stillSameDocument(pageA)).toBe(true);
      await openBell(pageA);
      const items = bellItems(pageA);
      await expect.poll(() => items.first().innerText()).toMatch(/liked your post/);
      expect(await items.first().innerText()).toMatch(actorB());
      expect(await items.nth(1).innerText()).toMatch(/accepted your friend request/);
    },
    LONG,
  );

  it(
    'A clicks the notification: the post opens in a modal over the page',
    async () => {
      await bellItems(pageA).first().click();
      const dialog = pageA.getByRole('dialog', { name: 'Post' });
      await dialog.getByRole('article').filter({ hasText: postText }).waitFor();
      expect(new URL(pageA.url()).searchParams.get('post')).toBe(String(postId));
      // Over the page, not instead of it: the feed is still there underneath (hidden from assistive
      // technology while the modal is open, hence includeHidden), the document the same.
      expect(await pageA.getByRole('feed', { name: 'News Feed', includeHidden: true }).count()).toBe(1);
      expect(await stillSameDocument(pageA)).toBe(true);
      await saveScreenshot(pageA, 'notifications-post-modal-1440');

      await pageA.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect(new URL(pageA.url()).searchParams.has('post')).toBe(false);
      // Opening it marked it read.
      await expect.poll(() => unreadCount(pageA)).toBe(1);
    },
    LONG,
  );

  it(
    '/notifications lists it; Mark all as read clears the dots and the badge',
    async () => {
      await pageA.goto('/notifications');
      const list = pageA.getByRole('list', { name: 'Notifications' });
      const liked = list.getByRole('listitem').filter({ hasText: 'liked your post' });
      expect(await liked.getByRole('link').getAttribute('href')).toBe(`/posts/${postId}`);
      expect(await liked.getByText('Unread', { exact: true }).count()).toBe(0);
      const accepted = list.getByRole('listitem').filter({ hasText: 'accepted your friend request' });
      expect(await accepted.getByText('Unread', { exact: true }).count()).toBe(1);
      expect(await accepted.getByRole('link').count()).toBe(0);
      await saveScreenshot(pageA, 'notifications-page-1440');

      await markDocument(pageA);
      await pageA.getByRole('button', { name: notificationTexts.markAllRead }).click();
      await expect.poll(() => list.getByText('Unread', { exact: true }).count()).toBe(0);
      await expect.poll(() => unreadCount(pageA)).toBe(0);
      expect(await bell(pageA).getAttribute('aria-label')).toBe('Notifications');
      expect(await pageA.getByRole('button', { name: notificationTexts.markAllRead }).count()).toBe(0);
      expect(await stillSameDocument(pageA)).toBe(true);

      // Stored, not only shown.
      await pageA.reload();
      await list.getByRole('listitem').first().waitFor();
      expect(await list.getByText('Unread', { exact: true }).count()).toBe(0);
      expect(await unreadCount(pageA)).toBe(0);
    },
    LONG,
  );
});
