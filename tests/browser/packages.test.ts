/// <reference lib="dom" />
/**
 * Pro packages through the browser, against the running product: /packages shows "Pro Packages",
 * "Choose the Plan That's Right for You" and the two plans; Buy Now opens a confirmation (focus
 * inside, back on Buy Now after closing) with the balance; a member short of the price is offered a
 * top-up of the missing amount (the wallet's field prefilled); a member with enough buys VIP, sees
 * the plan's end date, the balance less the price, their plan on the page, and the verified badge
 * beside their name on their post, and boosts that post from its menu (a second boost is refused).
 * Screens at 1280x800 and 375x812.
 */
import { displayName, formatNaira, perkTexts, walletTexts } from '@kora/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, VIEWPORTS } from './support/browser';
import { createMember, memberContext, type Member } from './support/members';
import { noSidewaysScroll, toastWith } from './support/page-helpers';
import { createPostsThroughApi } from './support/posts';
import { saveScreenshot } from './support/screenshots';
import { balanceOf, topUpThroughApi } from './support/wallet';

const LONG = 300_000;
const TAG = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

let browser: Browser;
const contexts: BrowserContext[] = [];
let short: Member;
let buyer: Member;

async function signedIn(member: Member, viewport = VIEWPORTS.laptop): Promise<Page> {
  const context = await memberContext(browser, member, { viewport });
  contexts.push(context);
  return context.newPage();
}

function planCard(page: Page, name: string) {
  return page.getByRole('group', { name });
}

beforeAll(async () => {
  browser = await launchBrowser();
  [short, buyer] = await Promise.all([createMember('pks'), createMember('pkb')]);
}, LONG);

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await browser?.close();
});

describe('packages', () => {
  it(
    'shows the two plans; short of the price, Buy Now offers a top-up of what is missing',
    async () => {
      await topUpThroughApi(short, 1000);
      const page = await signedIn(short);
      await page.goto('/packages');
      await page.getByRole('heading', { name: walletTexts.packagesTitle }).waitFor();
      await page.getByText(walletTexts.packagesSubtitle).waitFor();
      const vip = planCard(page, 'Kora VIP');
      await vip.getByText('₦6,050').waitFor();
      await vip.getByText('30 days').waitFor();
      await vip.getByText('Boost up to 30 posts').waitFor();
      await planCard(page, 'Kora VVIP').getByText('₦65,000').waitFor();
      await noSidewaysScroll(page);
      await saveScreenshot(page, 'packages-desktop');

      const buy = vip.getByRole('button', { name: walletTexts.buyNow });
      await buy.click();
      const dialog = page.getByRole('dialog', { name: 'Buy Kora VIP' });
      await dialog.waitFor();
      expect(await dialog.locator('[data-dialog-balance]').textContent()).toBe('₦1,000');
      await dialog.getByText(walletTexts.insufficientBalance, { exact: false }).waitFor();
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
      await saveScreenshot(page, 'packages-short-desktop');

      // Closing gives focus back to the Buy Now that opened it.
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      // Radix hands focus back a task after the dialog leaves the page.
      await expect.poll(() => buy.evaluate((element) => element === document.activeElement)).toBe(true);

      await buy.click();
      await dialog.getByRole('link', { name: `Top up ${formatNaira(5050)}` }).click();
      await page.waitForURL((url) => url.pathname === '/wallet');
      expect(await page.getByLabel('Amount (₦)').inputValue()).toBe('5050');
      expect(await balanceOf(short)).toBe(1000);
    },
    LONG,
  );

  it(
    'buying VIP takes the price from the wallet, shows the end date and puts the badge beside the name',
    async () => {
      await topUpThroughApi(buyer, 7000);
      const [postId] = await createPostsThroughApi(buyer, [`Pro at last ${TAG}`]);
      const page = await signedIn(buyer);
      await page.goto('/packages');
      await planCard(page, 'Kora VIP').getByRole('button', { name: walletTexts.buyNow }).click();
      const dialog = page.getByRole('dialog', { name: 'Buy Kora VIP' });
      expect(await dialog.locator('[data-dialog-balance]').textContent()).toBe('₦7,000');
      await dialog.getByRole('button', { name: `Pay ${formatNaira(6050)}` }).click();
      await dialog.getByText(/^You are now Kora VIP until [A-Z][a-z]{2} \d{1,2}, \d{4}$/).waitFor();
      expect(await dialog.locator('[data-dialog-balance]').textContent()).toBe('₦950');
      expect(await balanceOf(buyer)).toBe(950);
      await saveScreenshot(page, 'packages-bought-desktop');
      await dialog.getByRole('button', { name: 'Done' }).click();
      await page.getByText(/Your plan: Kora VIP until/).waitFor();

      // The wallet lists the purchase as money out.
      await page.goto('/wallet');
      expect(await page.locator('tbody tr').first().locator('td').nth(1).textContent()).toBe('Package purchase');

      // The badge arrives with the membership event in the posts service.
      await expect
        .poll(
          async () => {
            await page.goto(`/posts/${postId}`);
            return page
              .getByRole('article', { name: `Post by ${displayName(buyer)}` })
              .getByRole('img', { name: perkTexts.verified })
              .count();
          },
          { timeout: 30_000 },
        )
        .toBe(1);

      // The plan's boost, from the author's own post menu; a second boost is refused with its text.
      const card = page.getByRole('article', { name: `Post by ${displayName(buyer)}` });
      for (const expected of ['Post boosted', walletTexts.alreadyBoosted]) {
        await card.getByRole('button', { name: 'Post options' }).click();
        await page.getByRole('menuitem', { name: 'Boost post' }).click();
        await toastWith(page, expected).waitFor();
      }

      const phone = await signedIn(buyer, VIEWPORTS.phone);
      await phone.goto('/packages');
      await phone.getByText(/Your plan: Kora VIP until/).waitFor();
      await noSidewaysScroll(phone);
      await saveScreenshot(phone, 'packages-phone', { fullPage: true });
    },
    LONG,
  );
});
