/// <reference lib="dom" />
/**
 * Reports through the browser (decision 024): a member reports a post from its menu (the accessible
 * dialog: reasons, note, Send → the thanks; a second time → "You have already reported this.") and
 * a comment from its menu; neither menu offers Report on the member's own items. An admin sees the
 * reports grouped by item under Reported (text, author, count, reasons, notes), resolves the post
 * by shadow-hiding it and dismisses the comment's; the reporter is told the outcome.
 * Screens at 1280x800 and 375x812.
 */
import { adminTexts, displayName, reportReasonLabels } from '@kora/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminContext, createAdmin } from './support/admins';
import { launchBrowser, VIEWPORTS, contextPool } from './support/browser';
import { befriendThroughApi, callAs, waitUntilFriendsKnow } from './support/friends';
import { createMember, memberContext, type Member } from './support/members';
import { noSidewaysScroll, toastWith } from './support/page-helpers';
import { createPostsThroughApi } from './support/posts';
import { saveScreenshot } from './support/screenshots';

const LONG = 300_000;

let browser: Browser;
const pool = contextPool();
let admin: Member;
let author: Member;
let reporter: Member;
const tag = `rep${Date.now().toString(36)}`;

const track = (context: Promise<BrowserContext>): Promise<Page> => pool.open(context);

async function reportFromDialog(page: Page, reason: keyof typeof reportReasonLabels, note: string) {
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  await dialog.getByRole('radio', { name: reportReasonLabels[reason] }).check();
  await dialog.getByLabel('Note (optional)').fill(note);
  await dialog.getByRole('button', { name: 'Send' }).click();
}

beforeAll(async () => {
  browser = await launchBrowser();
  [admin, author, reporter] = await Promise.all([createAdmin('rpa'), createMember('rpw'), createMember('rpr')]);
  await waitUntilFriendsKnow(author, reporter);
  await befriendThroughApi(reporter, author);
}, LONG);

afterAll(async () => {
  await pool.closeAll();
  await browser?.close();
});

describe('reports', () => {
  it(
    'a member reports a post and a comment; an admin resolves and dismisses; the reporter is told',
    async () => {
      const text = `Buy followers cheap ${tag}`;
      const [postId] = await createPostsThroughApi(author, [text]);
      await callAs(author, 'POST', `/api/posts/${postId}/comment`, { content: `Rude comment ${tag}` });

      const page = await track(memberContext(browser, reporter, { viewport: VIEWPORTS.laptop }));
      await page.goto(`/posts/${postId}`);
      const card = page.getByRole('article', { name: `Post by ${displayName(author)}` });
      await card.getByRole('button', { name: 'Post options' }).click();
      await page.getByRole('menuitem', { name: 'Report' }).click();
      await page.getByRole('dialog', { name: 'Report post' }).waitFor();
      await saveScreenshot(page, 'report-dialog-desktop');
      await reportFromDialog(page, 'spam', `Same link everywhere ${tag}`);
      await toastWith(page, adminTexts.reportSent).waitFor();
      await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

      // Twice is once.
      await card.getByRole('button', { name: 'Post options' }).click();
      await page.getByRole('menuitem', { name: 'Report' }).click();
      await reportFromDialog(page, 'other', '');
      await toastWith(page, adminTexts.alreadyReported).waitFor();

      // The comment, from its own menu.
      await card.getByRole('button', { name: `Comment options (${displayName(author)})` }).click();
      await page.getByRole('menuitem', { name: 'Report' }).click();
      await page.getByRole('dialog', { name: 'Report comment' }).waitFor();
      await reportFromDialog(page, 'harassment', '');
      await toastWith(page, adminTexts.reportSent).waitFor();

      // No Report on one's own post.
      const own = await track(memberContext(browser, author, { viewport: VIEWPORTS.laptop }));
      await own.goto(`/posts/${postId}`);
      await own.getByRole('article').first().getByRole('button', { name: 'Post options' }).click();
      await own.getByRole('menuitem', { name: 'Delete post' }).waitFor();
      expect(await own.getByRole('menuitem', { name: 'Report' }).count()).toBe(0);
      expect(await own.getByRole('button', { name: /^Comment options/ }).count()).toBe(0);

      const phone = await track(memberContext(browser, reporter, { viewport: VIEWPORTS.phone }));
      await phone.goto(`/posts/${postId}`);
      await phone.getByRole('button', { name: 'Post options' }).first().click();
      await phone.getByRole('menuitem', { name: 'Report' }).click();
      await phone.getByRole('dialog', { name: 'Report post' }).waitFor();
      await noSidewaysScroll(phone);
      await saveScreenshot(phone, 'report-dialog-phone');

      // The admin's Reported list: grouped by item.
      const adminPage = await track(adminContext(browser, admin, { viewport: VIEWPORTS.laptop }));
      await adminPage.goto('/admin/posts?status=reported&limit=100');
      const postGroup = adminPage.getByRole('article', { name: `Reported post by ${author.username}` }).filter({ hasText: text });
      await postGroup.waitFor();
      const groupText = await postGroup.textContent();
      expect(groupText).toContain('1 report');
      expect(groupText).toContain(reportReasonLabels.spam);
      expect(groupText).toContain(`Same link everywhere ${tag}`);
      expect(groupText).toContain(reporter.username);
      const commentGroup = adminPage
        .getByRole('article', { name: `Reported comment by ${author.username}` })
        .filter({ hasText: `Rude comment ${tag}` });
      await commentGroup.waitFor();
      expect(await commentGroup.getByRole('button', { name: 'Resolve: shadow' }).count()).toBe(0);
      await saveScreenshot(adminPage, 'admin-reports-desktop', { fullPage: true });

      await postGroup.getByRole('button', { name: 'Resolve: shadow' }).click();
      await toastWith(adminPage, 'Report resolved').waitFor();
      await expect.poll(() => postGroup.count()).toBe(0);
      await commentGroup.getByRole('button', { name: 'Dismiss' }).click();
      await toastWith(adminPage, 'Report dismissed').waitFor();
      await expect.poll(() => commentGroup.count()).toBe(0);

      // The post is now shadow-hidden in the posts list.
      await adminPage.goto(`/admin/posts?search=${encodeURIComponent(text)}`);
      await adminPage.locator(`[data-post-row="${postId}"]`).getByText('Shadow-hidden').waitFor();

      // The reporter is told the outcome of each.
      await expect
        .poll(
          async () => {
            await page.goto('/notifications');
            return page
              .getByRole('main')
              .getByText(/report/i)
              .count();
          },
          { timeout: 30_000, interval: 1_000 },
        )
        .toBeGreaterThanOrEqual(2);
      await saveScreenshot(page, 'report-outcome-notifications-desktop');

      const adminPhone = await track(adminContext(browser, admin, { viewport: VIEWPORTS.phone }));
      await adminPhone.goto('/admin/posts?status=reported');
      await adminPhone.getByRole('heading', { name: 'Posts' }).waitFor();
      await noSidewaysScroll(adminPhone);
      await saveScreenshot(adminPhone, 'admin-reports-phone', { fullPage: true });
    },
    LONG,
  );
});
