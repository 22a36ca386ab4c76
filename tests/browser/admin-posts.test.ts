/// <reference lib="dom" />
/**
 * Post moderation through the browser (docs/product/admin.md, Posts; decision 024): an admin
 * shadow-hides a post and it vanishes for the author's friend but not for the author, Unshadow
 * brings it back; Remove hides it from everyone and lists it under Deleted, Restore brings it back;
 * the numbered pages ("Showing a–b of total", Page 2, the page size starting again at page 1), all
 * in the URL; the audit log lists the shadowing with who did it. Screens at 1280x800 and 375x812.
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminContext, createAdmin } from './support/admins';
import { launchBrowser, VIEWPORTS, contextPool } from './support/browser';
import { befriendThroughApi, waitUntilFriendsKnow } from './support/friends';
import { createMember, memberContext, type Member } from './support/members';
import { noSidewaysScroll, toastWith } from './support/page-helpers';
import { createPostsThroughApi } from './support/posts';
import { saveScreenshot } from './support/screenshots';

const LONG = 300_000;

let browser: Browser;
const pool = contextPool();
let admin: Member;
let author: Member;
let friend: Member;
const tag = `mod${Date.now().toString(36)}`;

const track = (context: Promise<BrowserContext>): Promise<Page> => pool.open(context);

function row(page: Page, id: number): Locator {
  return page.locator(`[data-post-row="${id}"]`);
}

/** Whether the post's text shows on the author's profile for whoever `page` is signed in as. */
async function seesOnProfile(page: Page, text: string): Promise<boolean> {
  await page.goto(`/profile/${author.userId}`);
  await page.getByRole('article').first().waitFor();
  return (await page.getByRole('article').filter({ hasText: text }).count()) > 0;
}

async function act(page: Page, id: number, label: string, toast: string) {
  await row(page, id)
    .getByRole('button', { name: `${label} post ${id}` })
    .click();
  await toastWith(page, toast).waitFor();
}

beforeAll(async () => {
  browser = await launchBrowser();
  [admin, author, friend] = await Promise.all([createAdmin('mpa'), createMember('mpw'), createMember('mpf')]);
  await waitUntilFriendsKnow(author, friend);
  await befriendThroughApi(friend, author);
}, LONG);

afterAll(async () => {
  await pool.closeAll();
  await browser?.close();
});

describe('admin posts', () => {
  it(
    'a shadow-hidden post vanishes for a friend but not for its author; Remove and Restore',
    async () => {
      const text = `Shadow me ${tag}`;
      const [, id] = await createPostsThroughApi(author, [`Keep me ${tag}`, text]);
      const adminPage = await track(adminContext(browser, admin, { viewport: VIEWPORTS.laptop }));
      const friendPage = await track(memberContext(browser, friend, { viewport: VIEWPORTS.laptop }));
      const authorPage = await track(memberContext(browser, author, { viewport: VIEWPORTS.laptop }));
      expect(await seesOnProfile(friendPage, text)).toBe(true);

      await adminPage.goto(`/admin/posts?search=${encodeURIComponent(text)}`);
      await adminPage.getByRole('heading', { name: 'Posts' }).waitFor();
      expect(await adminPage.getByPlaceholder('Search content/author').inputValue()).toBe(text);
      await row(adminPage, id!).waitFor();
      expect(await row(adminPage, id!).textContent()).toContain(author.username);
      await act(adminPage, id!, 'Shadow', 'Post shadow-hidden');
      await row(adminPage, id!).getByText('Shadow-hidden').waitFor();
      await row(adminPage, id!)
        .getByRole('button', { name: `Unshadow post ${id}` })
        .waitFor();
      await saveScreenshot(adminPage, 'admin-posts-shadowed-desktop');

      expect(await seesOnProfile(friendPage, text)).toBe(false);
      expect(await seesOnProfile(friendPage, `Keep me ${tag}`)).toBe(true);
      expect(await seesOnProfile(authorPage, text)).toBe(true);

      // The Shadow-hidden filter lists it; Unshadow brings it back for the friend.
      await adminPage.getByLabel('Status').selectOption('shadow');
      await adminPage.waitForURL((url) => url.searchParams.get('status') === 'shadow');
      await row(adminPage, id!).waitFor();
      await act(adminPage, id!, 'Unshadow', 'Post visible again');
      await expect.poll(() => row(adminPage, id!).count()).toBe(0);
      expect(await seesOnProfile(friendPage, text)).toBe(true);

      // Remove: gone for everyone, listed under Deleted; Restore brings it back.
      await adminPage.goto(`/admin/posts?search=${encodeURIComponent(text)}`);
      await act(adminPage, id!, 'Remove', 'Post removed');
      await row(adminPage, id!).getByText('Deleted').waitFor();
      expect(await seesOnProfile(friendPage, text)).toBe(false);
      expect(await seesOnProfile(authorPage, text)).toBe(false);
      await adminPage.goto(`/admin/posts?status=deleted&search=${encodeURIComponent(text)}`);
      await act(adminPage, id!, 'Restore', 'Post restored');
      await expect.poll(() => row(adminPage, id!).count()).toBe(0);
      expect(await seesOnProfile(friendPage, text)).toBe(true);

      // The audit log has each action, with who and what changed.
      await expect
        .poll(
          async () => {
            await adminPage.goto('/admin/audit?action=post.shadowed&limit=100');
            return adminPage
              .locator('[data-audit-row]')
              .filter({ hasText: `post #${id}` })
              .count();
          },
          { timeout: 30_000, interval: 1_000 },
        )
        .toBe(1);
      const entry = adminPage.locator('[data-audit-row]').filter({ hasText: `post #${id}` });
      expect(await entry.textContent()).toContain(admin.username);
      expect(await entry.textContent()).toContain('Post shadow-hidden');
      await saveScreenshot(adminPage, 'admin-audit-desktop', { fullPage: true });

      const phone = await track(adminContext(browser, admin, { viewport: VIEWPORTS.phone }));
      await phone.goto('/admin/audit');
      await phone.locator('[data-audit-row]').first().waitFor();
      await noSidewaysScroll(phone);
      await saveScreenshot(phone, 'admin-audit-phone', { fullPage: true });
      await phone.goto(`/admin/posts?search=${encodeURIComponent(tag)}`);
      await row(phone, id!).waitFor();
      await noSidewaysScroll(phone);
      await saveScreenshot(phone, 'admin-posts-phone', { fullPage: true });
    },
    LONG,
  );

  it(
    'pages by number: Showing a–b of total, page 2, and a new page size starts at page 1',
    async () => {
      const pageTag = `pg${tag}`;
      await createPostsThroughApi(
        author,
        Array.from({ length: 12 }, (_, i) => `Paged ${pageTag} ${i + 1}`),
      );
      const page = await track(adminContext(browser, admin, { viewport: VIEWPORTS.laptop }));
      await page.goto(`/admin/posts?search=${pageTag}`);
      await page.getByText('Showing 1–10 of 12').waitFor();
      expect(await page.locator('[data-post-row]').count()).toBe(10);
      const nav = page.getByRole('navigation', { name: 'Pagination' });
      expect(await nav.getByRole('link', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
      await nav.getByRole('link', { name: 'Page 2' }).click();
      await page.waitForURL((url) => url.searchParams.get('page') === '2' && url.searchParams.get('search') === pageTag);
      await page.getByText('Showing 11–12 of 12').waitFor();
      expect(await page.locator('[data-post-row]').count()).toBe(2);
      await nav.getByText('Next').waitFor();
      expect(await nav.getByRole('link', { name: 'Next' }).count()).toBe(0);
      await saveScreenshot(page, 'admin-posts-page2-desktop');

      await page.getByLabel('Page size').selectOption('20');
      await page.waitForURL((url) => url.searchParams.get('limit') === '20' && !url.searchParams.has('page'));
      await page.getByText('Showing 1–12 of 12').waitFor();
      expect(await page.getByRole('navigation', { name: 'Pagination' }).count()).toBe(0);
    },
    LONG,
  );

  it(
    'is for admins only: a member is sent away',
    async () => {
      const page = await track(memberContext(browser, friend, { viewport: VIEWPORTS.laptop }));
      await page.goto('/admin/posts');
      await page.waitForURL((url) => url.pathname === '/');
    },
    LONG,
  );
});
