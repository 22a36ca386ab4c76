/// <reference lib="dom" />
/**
 * /admin/users through the browser, against the running product: search, sort, page size and
 * Prev/Next kept in the URL (back/forward and reload show the same rows; any change but the page
 * number starts at page 1), the CSV and JSON exports downloaded through the app as users.csv and
 * users.json, Edit (the server's refusal shown in the dialog) and Suspend / Unsuspend — a member
 * signed in elsewhere is signed out by the suspension. Screens at 1280x800 and 375x812.
 */
import { adminTexts } from '@kora/contracts';
import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin } from './support/admins';
import { launchBrowser, VIEWPORTS } from './support/browser';
import { createMember, memberContext, registerMember, type Member } from './support/members';
import { noSidewaysScroll, toastWith } from './support/page-helpers';
import { saveScreenshot } from './support/screenshots';

const LONG = 300_000;
/** A tag only this run's accounts carry in their usernames and e-mails (the search finds them). */
const TAG = `au${Math.random().toString(36).slice(2, 6)}`;

let browser: Browser;
const contexts: BrowserContext[] = [];
let admin: Member;
let usernames: string[];

async function asAdmin(viewport = VIEWPORTS.laptop): Promise<Page> {
  const context = await memberContext(browser, admin, { viewport });
  contexts.push(context);
  return context.newPage();
}

const rows = (page: Page) => page.locator('tbody tr[data-user]');
const rowNames = (page: Page) => rows(page).evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-user')));
const summary = (page: Page) => page.getByRole('navigation', { name: 'Pages' }).locator('p');

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await createAdmin('aua');
  // Eleven sign-ups (not activated: pending) carry the tag: two pages of ten.
  const made = [];
  for (let i = 0; i < 11; i += 1) made.push(await registerMember(TAG));
  usernames = made.map((m) => m.username);
}, LONG);

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await browser?.close();
});

describe('the users table', () => {
  it(
    'searches, sorts and pages with the state in the URL; exports CSV and JSON through the app',
    async () => {
      const page = await asAdmin();
      await page.goto('/admin/users');
      expect(await page.getByRole('columnheader').allTextContents()).toEqual(['User', 'Email', 'Created', 'Role', 'Status', 'Actions']);
      const search = page.getByPlaceholder(adminTexts.searchUsersPlaceholder);
      await search.fill(TAG);
      await page.getByRole('button', { name: 'Search' }).click();
      await page.waitForURL((url) => url.searchParams.get('search') === TAG);
      await expect.poll(() => summary(page).innerText()).toBe('Page 1 of 2 — 11 users');
      expect(await rows(page).count()).toBe(10);
      expect(await page.locator('[data-status="pending"]').count()).toBe(10);

      // Username ascending: the rows in name order, page 2 has the last one.
      await page.getByLabel('Sort by').selectOption('username');
      await page.waitForURL((url) => url.searchParams.get('sort') === 'username');
      await page.getByLabel('Direction').selectOption('asc');
      await page.waitForURL((url) => url.searchParams.get('dir') === 'asc');
      const sorted = [...usernames].sort();
      await expect.poll(() => rowNames(page)).toEqual(sorted.slice(0, 10));
      await saveScreenshot(page, 'admin-users-1280');
      await page.getByRole('link', { name: 'Next' }).click();
      await page.waitForURL((url) => url.searchParams.get('page') === '2');
      await expect.poll(() => rowNames(page)).toEqual(sorted.slice(10));
      expect(await summary(page).innerText()).toBe('Page 2 of 2 — 11 users');
      expect(await page.getByRole('link', { name: 'Next' }).count()).toBe(0);

      // Back/forward and reload keep the state.
      await page.goBack();
      await page.waitForURL((url) => !url.searchParams.has('page'));
      await expect.poll(() => rowNames(page)).toEqual(sorted.slice(0, 10));
      await page.goForward();
      await page.waitForURL((url) => url.searchParams.get('page') === '2');
      await page.reload();
      await expect.poll(() => rowNames(page)).toEqual(sorted.slice(10));
      expect(await page.getByLabel('Sort by').inputValue()).toBe('username');
      expect(await search.inputValue()).toBe(TAG);

      // A new page size starts at page 1.
      await page.getByLabel('Page size').selectOption('20');
      await page.waitForURL((url) => url.searchParams.get('limit') === '20' && !url.searchParams.has('page'));
      await expect.poll(() => summary(page).innerText()).toBe('Page 1 of 1 — 11 users');
      expect(await rows(page).count()).toBe(11);

      // Exports: the files the browser gets, with this search's rows.
      const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
      expect(csv.suggestedFilename()).toBe('users.csv');
      const csvText = await readFile(await csv.path(), 'utf8');
      const [header, ...lines] = csvText.trim().split(/\r?\n/);
      expect(header).toBe('id,username,email,firstname,lastname,createdAt,role,status');
      expect(lines).toHaveLength(11);
      for (const name of usernames) expect(csvText).toContain(name);
      await toastWith(page, adminTexts.exportPrepared).waitFor();

      const [json] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export JSON' }).click()]);
      expect(json.suggestedFilename()).toBe('users.json');
      const exported = JSON.parse(await readFile(await json.path(), 'utf8')) as { username: string }[];
      expect(exported.map((u) => u.username)).toEqual(sorted);

      // Nothing matches: the empty text, page 1 of 1.
      await search.fill(`${TAG}-nobody`);
      await search.press('Enter');
      await page.getByText(adminTexts.noUsers).waitFor();
      expect(await summary(page).innerText()).toBe('Page 1 of 1 — 0 users');

      const phone = await asAdmin(VIEWPORTS.phone);
      await phone.goto(`/admin/users?search=${TAG}`);
      await rows(phone).first().waitFor();
      await noSidewaysScroll(phone);
      await saveScreenshot(phone, 'admin-users-375');
    },
    LONG,
  );
});

describe('row actions', () => {
  it(
    'edits a member (the server refusal shown in the dialog), suspends them (signed out elsewhere) and reinstates them',
    async () => {
      const target = await createMember(`${TAG}t`);
      const memberPage = await (async () => {
        const context = await memberContext(browser, target, { viewport: VIEWPORTS.laptop });
        contexts.push(context);
        return context.newPage();
      })();
      await memberPage.goto('/');
      await memberPage.waitForURL((url) => url.pathname === '/');

      const page = await asAdmin();
      await page.goto(`/admin/users?search=${target.username}`);
      const row = page.locator(`tbody tr[data-user="${target.username}"]`);
      await row.waitFor();
      expect(await row.locator('[data-status]').getAttribute('data-status')).toBe('active');

      await row.getByRole('button', { name: /^Edit/ }).click();
      const dialog = page.getByRole('dialog');
      expect(await dialog.getByLabel('First name').inputValue()).toBe(target.firstname);
      await dialog.getByLabel('Username').fill(admin.username);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.getByRole('alert').waitFor();
      expect(await dialog.getByRole('alert').innerText()).not.toBe('');
      await saveScreenshot(page, 'admin-users-edit-1280');
      await dialog.getByLabel('Username').fill(target.username);
      await dialog.getByLabel('First name').fill('Chiamaka');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await toastWith(page, adminTexts.userUpdated).waitFor();
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => row.innerText()).toContain('Chiamaka');

      await row.getByRole('button', { name: /^Suspend/ }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Suspend' }).click();
      await toastWith(page, adminTexts.userSuspended).waitFor();
      await expect.poll(() => row.locator('[data-status]').getAttribute('data-status')).toBe('suspended');

      // The member's other browser: its session ended (the socket closes it, or the next page does).
      await expect
        .poll(
          async () => {
            if (new URL(memberPage.url()).pathname !== '/login') await memberPage.goto('/friends');
            return new URL(memberPage.url()).pathname;
          },
          { timeout: 20_000 },
        )
        .toBe('/login');

      await row.getByRole('button', { name: /^Unsuspend/ }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Unsuspend' }).click();
      await toastWith(page, adminTexts.userUnsuspended).waitFor();
      await expect.poll(() => row.locator('[data-status]').getAttribute('data-status')).toBe('active');
    },
    LONG,
  );
});
