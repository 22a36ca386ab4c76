/// <reference lib="dom" />
/**
 * The wallet through the browser, against the running product (the distributed product uses the
 * sandbox provider): a top-up from /wallet goes to the sandbox /checkout, pays with the test card
 * and comes back through /payments/callback to "Payment successful! Reference: {ref}", the new
 * balance and a Top-up row; the declined card comes back to the failure text with nothing credited;
 * the date filters (max today, a future day refused, Clear) go through the URL; /payments pays the
 * fixed ₦5,000; another member's checkout is "Payment not found"; with payments off the menu hides
 * Wallet and Packages and the pages say so. Screens at 1280x800 and 375x812.
 */
import { formatNaira, SANDBOX_DECLINED_CARD, walletTexts } from '@kora/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, VIEWPORTS } from './support/browser';
import { createMember, memberContext, type Member } from './support/members';
import { noSidewaysScroll } from './support/page-helpers';
import { saveScreenshot } from './support/screenshots';
import { balanceOf, pendingPayment, setPayments, topUpThroughApi } from './support/wallet';

const LONG = 300_000;

let browser: Browser;
const contexts: BrowserContext[] = [];
let payer: Member;
let decliner: Member;
let filterer: Member;
let other: Member;

async function signedIn(member: Member, viewport = VIEWPORTS.laptop): Promise<Page> {
  const context = await memberContext(browser, member, { viewport });
  contexts.push(context);
  return context.newPage();
}

/** "Jan 5, 2024" for today in the site's time zone (the distributed product's default). */
function todayLabel(): string {
  return new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'Africa/Lagos' }).format(new Date());
}

function isoDay(offsetDays = 0): string {
  const now = new Date(Date.now() + offsetDays * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'Africa/Lagos' }).format(now);
}

function balanceText(page: Page) {
  return page.locator('[data-balance]');
}

async function startTopUp(page: Page, amount: string): Promise<string> {
  await page.goto('/wallet');
  await page.getByLabel('Amount (₦)').fill(amount);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/checkout');
  return new URL(page.url()).searchParams.get('reference') ?? '';
}

beforeAll(async () => {
  browser = await launchBrowser();
  [payer, decliner, filterer, other] = await Promise.all([
    createMember('wlp'),
    createMember('wld'),
    createMember('wlf'),
    createMember('wlo'),
  ]);
}, LONG);

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await browser?.close();
});

describe('wallet', () => {
  it(
    'a sandbox top-up from /wallet comes back to the success text, the balance and the row',
    async () => {
      const page = await signedIn(payer);
      await page.goto('/wallet');
      await page.getByRole('heading', { name: walletTexts.walletTitle }).waitFor();
      expect(await balanceText(page).textContent()).toBe('₦0');
      await page.getByText(walletTexts.noTransactions).waitFor();
      expect(await page.getByRole('link', { name: 'Payments' }).getAttribute('href')).toBe('/payments');
      await saveScreenshot(page, 'wallet-empty-desktop');

      const reference = await startTopUp(page, '2500.50');
      expect(reference).toMatch(/^[A-Za-z0-9_-]{6,}$/);
      await page.getByText('₦2,500.50').first().waitFor();
      expect(await page.getByLabel('Card number').inputValue()).toBe('4084 0840 8408 4081');
      await saveScreenshot(page, 'wallet-checkout-desktop');
      await page.getByRole('button', { name: walletTexts.pay(formatNaira(2500.5)) }).click();

      await page.waitForURL((url) => url.pathname === '/wallet' && url.searchParams.get('reference') === reference);
      await page.getByText(walletTexts.paymentSuccessful(reference)).waitFor();
      expect(await balanceText(page).textContent()).toBe('₦2,500.50');
      const row = page.locator('tbody tr').first();
      expect(await row.locator('td').allTextContents()).toEqual([todayLabel(), 'Top-up', '+in ₦2,500.50']);
      expect(await balanceOf(payer)).toBe(2500.5);
      await noSidewaysScroll(page);
      await saveScreenshot(page, 'wallet-paid-desktop');

      const phone = await signedIn(payer, VIEWPORTS.phone);
      await phone.goto(`/wallet?reference=${reference}`);
      await phone.getByText(walletTexts.paymentSuccessful(reference)).waitFor();
      await noSidewaysScroll(phone);
      await saveScreenshot(phone, 'wallet-paid-phone', { fullPage: true });
    },
    LONG,
  );

  it(
    'the declined card comes back to the failure text and credits nothing',
    async () => {
      const page = await signedIn(decliner);
      const reference = await startTopUp(page, '1000');
      await page.getByLabel('Card number').fill(SANDBOX_DECLINED_CARD);
      await page.getByRole('button', { name: walletTexts.pay(formatNaira(1000)) }).click();
      await page.waitForURL((url) => url.pathname === '/wallet' && url.searchParams.get('reference') === reference);
      await page.getByText(walletTexts.paymentFailed).waitFor();
      expect(await page.getByText(walletTexts.paymentSuccessful(reference)).count()).toBe(0);
      expect(await balanceText(page).textContent()).toBe('₦0');
      await page.getByText(walletTexts.noTransactions).waitFor();
      expect(await balanceOf(decliner)).toBe(0);

      // The settled payment's checkout no longer offers the card.
      await page.goto(`/checkout?reference=${reference}`);
      await page.getByText(walletTexts.paymentFailed).waitFor();
      expect(await page.getByLabel('Card number').count()).toBe(0);
    },
    LONG,
  );

  it(
    'the amount must be above 0 (the server says so when the browser lets it through)',
    async () => {
      const page = await signedIn(decliner);
      await page.goto('/wallet');
      // Bypass the input's own min and step: the action checks the amount too.
      await page.getByLabel('Amount (₦)').evaluate((input: HTMLInputElement) => {
        input.removeAttribute('min');
        input.setAttribute('step', 'any');
      });
      await page.getByLabel('Amount (₦)').fill('0.001');
      await page.getByRole('button', { name: 'Pay', exact: true }).click();
      await page.getByText(walletTexts.amountDecimals).waitFor();
      expect(new URL(page.url()).pathname).toBe('/wallet');
    },
    LONG,
  );

  it(
    'the date filters go through the URL: today shows the row, an earlier day none, a future day is refused, Clear shows all',
    async () => {
      await topUpThroughApi(filterer, 750);
      const page = await signedIn(filterer);
      await page.goto('/wallet');
      const start = page.getByLabel('Start date');
      const end = page.getByLabel('End date');
      expect(await start.getAttribute('max')).toBe(isoDay());
      expect(await end.getAttribute('max')).toBe(isoDay());
      await page.locator('tbody tr').first().waitFor();

      await start.fill(isoDay());
      await end.fill(isoDay());
      await page.getByRole('button', { name: 'Filter' }).click();
      await page.waitForURL((url) => url.searchParams.get('start') === isoDay() && url.searchParams.get('end') === isoDay());
      await page.locator('tbody tr').first().waitFor();
      expect(await page.locator('tbody tr').count()).toBe(1);

      await page.goto(`/wallet?start=${isoDay(-30)}&end=${isoDay(-1)}`);
      await page.getByText(walletTexts.noTransactions).waitFor();

      await page.goto(`/wallet?start=${isoDay(2)}`);
      await page.getByText(walletTexts.dateInFuture).waitFor();
      await page.goto(`/wallet?start=${isoDay(-1)}&end=${isoDay(-2)}`);
      await page.getByText(walletTexts.dateOrder).waitFor();

      await page.getByRole('link', { name: 'Clear' }).click();
      await page.waitForURL((url) => url.pathname === '/wallet' && url.search === '');
      await page.locator('tbody tr').first().waitFor();
      expect(await page.locator('tbody tr').count()).toBe(1);
      expect(await start.inputValue()).toBe('');
    },
    LONG,
  );

  it(
    '/payments pays the fixed ₦5,000 through the same checkout; another member’s checkout is not found',
    async () => {
      const page = await signedIn(payer);
      await page.goto('/payments');
      await page.getByRole('heading', { name: walletTexts.paymentsTitle }).waitFor();
      await noSidewaysScroll(page);
      await saveScreenshot(page, 'payments-desktop');
      await page.getByRole('button', { name: walletTexts.pay('₦5,000') }).click();
      await page.waitForURL((url) => url.pathname === '/checkout');
      await page.getByRole('button', { name: walletTexts.pay('₦5,000') }).waitFor();

      const othersReference = await pendingPayment(other, 300);
      const response = await page.goto(`/checkout?reference=${othersReference}`);
      expect(response?.status()).toBe(404);
      await page.getByRole('heading', { name: walletTexts.paymentNotFound }).waitFor();
      expect(await page.getByLabel('Card number').count()).toBe(0);

      const phone = await signedIn(other, VIEWPORTS.phone);
      await phone.goto(`/checkout?reference=${othersReference}`);
      await phone.getByRole('button', { name: walletTexts.pay('₦300') }).waitFor();
      await noSidewaysScroll(phone);
      await saveScreenshot(phone, 'wallet-checkout-phone');
    },
    LONG,
  );

  it(
    'with payments off the menu hides Wallet and Packages and the pages say so',
    async () => {
      const page = await signedIn(payer);
      const off = 'Payments are turned off on this site.';
      try {
        await setPayments(false);
        await expect
          .poll(
            async () => {
              await page.goto('/wallet');
              const heading = await page.getByRole('heading', { name: off }).count();
              const menu = page.getByRole('navigation', { name: 'Main menu' });
              const links =
                (await menu.getByRole('link', { name: 'Wallet' }).count()) + (await menu.getByRole('link', { name: 'Packages' }).count());
              return { heading, links };
            },
            { timeout: 30_000 },
          )
          .toEqual({ heading: 1, links: 0 });
        for (const path of ['/packages', '/payments']) {
          await page.goto(path);
          await page.getByRole('heading', { name: off }).waitFor();
        }
      } finally {
        await setPayments(true);
      }
    },
    LONG,
  );
});
