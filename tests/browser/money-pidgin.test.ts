/// <reference lib="dom" />
/**
 * Messages, money and the back office in Nigerian Pidgin: a member and an admin who chose Naijá
 * (Settings → General, saved through the API with the Lagos time zone) read /messages, /wallet,
 * /payments, /packages and the admin users table in Pidgin, the page saying so (<html lang="pcm">),
 * amounts still in naira, dates in their time zone. Screens at 375x812.
 */
import { defaultGeneralSettings, formatNaira, walletLimits } from '@kora/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin } from './support/admins';
import { BASE_URL, launchBrowser, VIEWPORTS } from './support/browser';
import { apiSignIn, createMember, memberContext, type Member } from './support/members';
import { noSidewaysScroll } from './support/page-helpers';
import { saveScreenshot } from './support/screenshots';

const LONG = 300_000;

let browser: Browser;
const contexts: BrowserContext[] = [];
let member: Member;
let admin: Member;

/** Settings → General: Naijá, in Lagos. */
async function choosePidgin(who: Member): Promise<void> {
  const { token } = await apiSignIn(who);
  const response = await fetch(`${BASE_URL}/api/settings/profile`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ ...defaultGeneralSettings, language: 'pcm', timezone: 'Africa/Lagos' }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

async function phonePage(who: Member): Promise<Page> {
  const context = await memberContext(browser, who, { viewport: VIEWPORTS.phone });
  contexts.push(context);
  return context.newPage();
}

/**
 * The page is in Pidgin. A page whose read of the member's settings timed out (a busy machine) is in
 * the visitor's language and keeps no copy of it, so the next load reads them again.
 */
async function expectPidgin(page: Page): Promise<void> {
  await expect
    .poll(async () => {
      const lang = await page.locator('html').getAttribute('lang');
      if (lang !== 'pcm') await page.reload();
      return lang;
    })
    .toBe('pcm');
}

beforeAll(async () => {
  browser = await launchBrowser();
  [member, admin] = await Promise.all([createMember('pcmoney'), createAdmin('pcmadm')]);
  await Promise.all([choosePidgin(member), choosePidgin(admin)]);
}, LONG);

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await browser?.close();
});

describe('money and messages in Pidgin', () => {
  it(
    'shows the messages list, the wallet, the payments page and the packages in Pidgin',
    async () => {
      const page = await phonePage(member);

      await page.goto('/messages');
      await expectPidgin(page);
      await page.getByRole('heading', { name: 'Messages', level: 1 }).waitFor();
      await page.getByText('No conversation never dey.').waitFor();
      await page.getByRole('link', { name: 'Requests' }).waitFor();
      await saveScreenshot(page, 'pidgin-messages-phone');

      await page.goto('/wallet');
      await expectPidgin(page);
      await page.getByText('Balance', { exact: true }).waitFor();
      await page.getByText('No transaction dey').waitFor();
      await page
        .getByRole('button', { name: 'Clear am' })
        .or(page.getByRole('link', { name: 'Clear am' }))
        .waitFor();
      expect(await page.locator('[data-balance]').textContent()).toBe(formatNaira(0));
      await noSidewaysScroll(page);
      await saveScreenshot(page, 'pidgin-wallet-phone');

      await page.goto('/payments');
      await expectPidgin(page);
      await page.getByRole('heading', { name: 'Finish Your Payment' }).waitFor();
      await page.getByText(`Top up your wallet with ${formatNaira(walletLimits.paymentsPageNaira)} with card.`).waitFor();

      await page.goto('/packages');
      await expectPidgin(page);
      await page.getByText('Pick the Plan Wey Fit You').waitFor();
      await page.getByText('Boost reach 30 posts').waitFor();
      await page.getByText('30 days').waitFor();
      await page.getByRole('button', { name: 'Buy Am Now' }).first().click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText('Your balance no reach: top up your wallet first').waitFor();
      await saveScreenshot(page, 'pidgin-packages-phone');
    },
    LONG,
  );

  it(
    'shows the back office in Pidgin, dates as the server and the browser both write them',
    async () => {
      const page = await phonePage(admin);
      await page.goto(`/admin/users?search=${encodeURIComponent(member.username)}`);
      await expectPidgin(page);
      await page.getByRole('heading', { name: 'Users', level: 1 }).waitFor();
      await page.getByText(/^Page 1 of 1 — 1 user$/).waitFor();
      const row = page.locator(`[data-user="${member.username}"]`);
      await row
        .getByRole('button', { name: `Remove suspend for @${member.username}` })
        .or(row.getByRole('button', { name: `Suspend @${member.username}` }))
        .waitFor();
      // Nigerian English dates (Chromium has no Pidgin ones), day first, on the admin's Lagos day.
      const created = (await row.locator('[data-label="Created"]').textContent()) ?? '';
      expect(created).toBe(
        new Intl.DateTimeFormat('en-NG', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Africa/Lagos' }).format(new Date()),
      );
      await page.goto('/admin');
      await expectPidgin(page);
      await page.getByText('Users wey dey wait').waitFor();
      await saveScreenshot(page, 'pidgin-admin-phone');
    },
    LONG,
  );
});
