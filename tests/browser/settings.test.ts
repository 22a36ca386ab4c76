/// <reference lib="dom" />
/**
 * The Settings page through the browser, against the running product (KORA_BASE_URL): each of
 * the General, Privacy and Notifications tabs is opened from its tab, changed, saved (the product's
 * toast), reloaded and found kept; a refused field shows its text beside it; the page fits a
 * phone; and the digest's unsubscribe page works for a visitor who is not signed in.
 */
import { settingsTexts } from '@kora/contracts';
import { signLinkToken } from '@kora/platform/service';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymousContext, launchBrowser, VIEWPORTS } from './support/browser';
import { createMember, memberContext, type Member } from './support/members';
import { noSidewaysScroll, toastWith } from './support/page-helpers';
import { saveScreenshot } from './support/screenshots';

const LONG = 120_000;

let browser: Browser;
const contexts: BrowserContext[] = [];

async function signedIn(member: Member, viewport: { width: number; height: number } = VIEWPORTS.laptop): Promise<Page> {
  const context = await memberContext(browser, member, { viewport });
  contexts.push(context);
  return context.newPage();
}

async function openTab(page: Page, name: string, query: string) {
  await page.getByRole('tab', { name }).click();
  await page.waitForURL((url) => url.search === `?tab=${query}`);
  // The history entry can come a frame before React renders the tab's page: wait for the render.
  await page.getByRole('tab', { name, selected: true }).waitFor();
}

async function save(page: Page) {
  await page.getByRole('button', { name: 'Save' }).click();
  await toastWith(page, settingsTexts.saved).waitFor();
}

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await browser?.close();
});

describe('the Settings page', () => {
  it(
    'saves each tab and keeps it across a reload, with the account fields read-only',
    async () => {
      const member = await createMember('set');
      const page = await signedIn(member);

      // General is the first tab; the account's username arrives with auth's events.
      await page.goto('/settings');
      expect(await page.getByRole('tab', { name: 'General' }).getAttribute('aria-selected')).toBe('true');
      await expect
        .poll(
          async () => {
            await page.reload();
            return page.getByLabel('Username').inputValue();
          },
          { timeout: 20_000 },
        )
        .toBe(member.username);
      expect(await page.getByLabel('E-mail', { exact: true }).inputValue()).toBe(member.email);
      expect(await page.getByLabel('Username').getAttribute('readonly')).not.toBeNull();

      // A refused field: its text beside it, the failure toast, nothing stored.
      await page.getByLabel('Website').fill('ftp://files.example.ng');
      await page.getByRole('button', { name: 'Save' }).click();
      await toastWith(page, settingsTexts.failed).waitFor();
      await page.getByText(settingsTexts.websiteInvalid).waitFor();
      expect(await page.getByLabel('Website').getAttribute('aria-invalid')).toBe('true');

      await page.getByLabel('Phone').fill('+234 803 555 0101');
      await page.getByLabel('Date of birth').fill('1995-04-23');
      await page.getByLabel('Gender').selectOption('female');
      await page.getByLabel('Website').fill('https://adaeze.ng');
      await page.getByLabel('City').fill('Lagos');
      await page.getByLabel('Country').fill('Nigeria');
      await page.getByLabel('Time zone').selectOption('Africa/Lagos');
      // Pidgin is saved (and the page reloads into it) in its own test below.
      await page.getByLabel('Language').selectOption('en');
      await page.getByLabel('Work').fill('Paystack');
      await save(page);
      await saveScreenshot(page, 'settings-general-1280');
      await page.reload();
      expect(await page.getByLabel('Phone').inputValue()).toBe('+234 803 555 0101');
      expect(await page.getByLabel('Date of birth').inputValue()).toBe('1995-04-23');
      expect(await page.getByLabel('Gender').inputValue()).toBe('female');
      expect(await page.getByLabel('Website').inputValue()).toBe('https://adaeze.ng');
      expect(await page.getByLabel('Time zone').inputValue()).toBe('Africa/Lagos');
      expect(await page.getByLabel('Language').inputValue()).toBe('en');
      expect(await page.getByLabel('Work').inputValue()).toBe('Paystack');

      // Privacy: selects and switches; the tab is in the URL, so a reload stays on it.
      await openTab(page, 'Privacy', 'privacy');
      await page.getByLabel('Who can see your profile').selectOption('friends');
      await page.getByLabel('Who can send you friend requests').selectOption('friends_of_friends');
      await page.getByLabel('Who can look you up by phone').selectOption('only_me');
      await page.getByLabel('Who can message me').selectOption('friends');
      const online = page.getByRole('switch', { name: "Show when you're online" });
      expect(await online.isChecked()).toBe(true);
      await online.click();
      await page.getByRole('switch', { name: 'Review mentions' }).click();
      await save(page);
      await page.reload();
      expect(new URL(page.url()).search).toBe('?tab=privacy');
      expect(await page.getByLabel('Who can see your profile').inputValue()).toBe('friends');
      expect(await page.getByLabel('Who can send you friend requests').inputValue()).toBe('friends_of_friends');
      expect(await page.getByLabel('Who can look you up by phone').inputValue()).toBe('only_me');
      expect(await page.getByLabel('Who can look you up by e-mail').inputValue()).toBe('friends');
      expect(await page.getByLabel('Who can message me').inputValue()).toBe('friends');
      expect(await online.isChecked()).toBe(false);
      expect(await page.getByRole('switch', { name: 'Review mentions' }).isChecked()).toBe(true);
      await saveScreenshot(page, 'settings-privacy-1280');

      // Notifications: the nine switches with their labels (Messages came with decision 039).
      await openTab(page, 'Notifications', 'notifications');
      expect(await page.getByRole('switch').count()).toBe(9);
      expect(await page.getByRole('switch', { name: 'Messages' }).isChecked()).toBe(true);
      const likes = page.getByRole('switch', { name: 'Likes' });
      const digest = page.getByRole('switch', { name: 'Daily e-mail digest' });
      expect([await likes.isChecked(), await digest.isChecked()]).toEqual([true, false]);
      await likes.click();
      await digest.click();
      await save(page);
      await page.reload();
      expect([await likes.isChecked(), await digest.isChecked()]).toEqual([false, true]);
      expect(await page.getByRole('switch', { name: 'Comments' }).isChecked()).toBe(true);
      await saveScreenshot(page, 'settings-notifications-1280');

      // Security still has its own buttons, and General kept its values.
      await openTab(page, 'Security', 'security');
      await page.getByRole('button', { name: 'Change password' }).waitFor();
      await openTab(page, 'General', 'general');
      expect(await page.getByLabel('City').inputValue()).toBe('Lagos');
    },
    LONG,
  );

  it(
    'fits a phone screen on every tab and saves there too',
    async () => {
      const member = await createMember('set375');
      const page = await signedIn(member, VIEWPORTS.phone);
      await page.goto('/settings?tab=notifications');
      await page.getByRole('switch', { name: 'Payments' }).click();
      await save(page);
      await page.reload();
      expect(await page.getByRole('switch', { name: 'Payments' }).isChecked()).toBe(false);
      for (const tab of ['general', 'privacy', 'notifications', 'security']) {
        await page.goto(`/settings?tab=${tab}`);
        await noSidewaysScroll(page);
        await saveScreenshot(page, `settings-${tab}-375`, { fullPage: true });
      }
    },
    LONG,
  );
});

describe('Settings in Pidgin', () => {
  it(
    'reads the app in Naijá once a member picks it',
    async () => {
      const member = await createMember('setpcm');
      const page = await signedIn(member, VIEWPORTS.phone);
      await page.goto('/settings');
      await page.getByLabel('Language').selectOption('pcm');
      // Saving another language reloads the page, which comes back in it.
      await page.getByRole('button', { name: 'Save' }).click();
      await page.locator('html[lang="pcm"]').waitFor();
      await page.getByRole('tab', { name: 'General', selected: true }).waitFor();
      expect(await page.getByLabel('Language').inputValue()).toBe('pcm');
      expect(await page.getByLabel('Gender').locator('option').allTextContents()).toEqual([
        'Nothing dey',
        'Man',
        'Woman',
        'Non-binary',
        'I no wan talk',
      ]);
      await page.getByRole('button', { name: 'Open menu' }).waitFor();
      await saveScreenshot(page, 'settings-pidgin-general-375', { fullPage: true });

      await page.goto('/settings?tab=privacy');
      await page.getByLabel('Who fit see your profile').waitFor();
      await page.getByRole('switch', { name: 'Show when you dey online' }).waitFor();
      await page.goto('/settings?tab=notifications');
      await page.getByText('When person like your post').waitFor();
      await page.getByRole('switch', { name: 'Likes' }).click();
      await page.getByRole('button', { name: 'Save' }).click();
      await toastWith(page, 'We don save your settings').waitFor();
      await page.goto('/settings?tab=security');
      await page.getByRole('heading', { name: 'Where you don sign in' }).waitFor();
      await noSidewaysScroll(page);
      await saveScreenshot(page, 'settings-pidgin-security-375', { fullPage: true });
    },
    LONG,
  );

  it(
    'shows the login page in Naijá to a visitor whose browser asks for it',
    async () => {
      const context = await anonymousContext(browser, {
        viewport: VIEWPORTS.phone,
        extraHTTPHeaders: { 'Accept-Language': 'pcm-NG, en;q=0.5' },
      });
      contexts.push(context);
      const visitor = await context.newPage();
      await visitor.goto('/login');
      await visitor.locator('html[lang="pcm"]').waitFor();
      await visitor.getByText('You no get account?').waitFor();
      await visitor.getByRole('button', { name: 'Login' }).click();
      await visitor.getByText('Abeg fill all the boxes').waitFor();
      await saveScreenshot(visitor, 'login-pidgin-375');
    },
    LONG,
  );
});

describe('the unsubscribe page', () => {
  it(
    'turns the digest off for a visitor with the link, only when they press Unsubscribe, and refuses a bad link',
    async () => {
      const secret = process.env.INTERNAL_SECRET;
      if (!secret) throw new Error('INTERNAL_SECRET must be set (the harness sets it)');
      const member = await createMember('unsub');
      const memberPage = await signedIn(member);
      await memberPage.goto('/settings?tab=notifications');
      const digest = memberPage.getByRole('switch', { name: 'Daily e-mail digest' });
      await digest.click();
      await save(memberPage);

      const context = await anonymousContext(browser, { viewport: VIEWPORTS.phone });
      contexts.push(context);
      const page = await context.newPage();
      await page.goto(`/unsubscribe?token=${encodeURIComponent(signLinkToken(secret, 'unsubscribe-digest', member.userId))}`);
      await page.getByRole('button', { name: 'Unsubscribe' }).waitFor();
      await memberPage.reload();
      expect(await digest.isChecked(), 'opening the page changes nothing').toBe(true);

      await page.getByRole('button', { name: 'Unsubscribe' }).click();
      await page.getByText(settingsTexts.unsubscribed).waitFor();
      await noSidewaysScroll(page);
      await saveScreenshot(page, 'settings-unsubscribed-375');
      await memberPage.reload();
      expect(await digest.isChecked()).toBe(false);

      await page.goto('/unsubscribe?token=1.not-a-real-token');
      await page.getByRole('button', { name: 'Unsubscribe' }).click();
      await page.getByText(settingsTexts.unsubscribeInvalid).waitFor();
    },
    LONG,
  );
});
