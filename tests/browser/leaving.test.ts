/// <reference lib="dom" />
/**
 * Leaving and moving through the browser (decision 034): Settings → General's "Change e-mail"
 * (the link from the new address's mail confirms it, and the member signs in with it), and
 * Settings → Security's "Delete account" (signed out, told the date; signing in again within the
 * grace period says the deletion is off). Both screens at a laptop's and a phone's size.
 */
import { authTexts } from '@kora/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForMail } from '../support/mail';
import { anonymousContext, launchBrowser, VIEWPORTS } from './support/browser';
import { createMember, memberContext, type Member } from './support/members';
import { noSidewaysScroll } from './support/page-helpers';
import { saveScreenshot } from './support/screenshots';

const LONG = 120_000;

let browser: Browser;
const contexts: BrowserContext[] = [];

async function signedIn(member: Member, viewport = VIEWPORTS.laptop): Promise<Page> {
  const context = await memberContext(browser, member, { viewport });
  contexts.push(context);
  return context.newPage();
}

async function signInThroughUi(page: Page, login: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email/Username').fill(login);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await browser?.close();
});

describe('leaving and moving', () => {
  it(
    'changes the e-mail through the link sent to the new address',
    async () => {
      const member = await createMember('mv');
      const page = await signedIn(member);
      await page.goto('/settings');
      const card = page.locator('form', { has: page.getByRole('button', { name: 'Change e-mail' }) });
      const fresh = `moved.${member.username.toLowerCase()}@example.com`;
      await card.getByLabel('New e-mail').fill(fresh);
      await card.getByLabel('Password').fill('not my password');
      await card.getByRole('button', { name: 'Change e-mail' }).click();
      await card.getByText(authTexts.currentPasswordWrong).waitFor();
      await card.getByLabel('New e-mail').fill(fresh);
      await card.getByLabel('Password').fill(member.password);
      await card.getByRole('button', { name: 'Change e-mail' }).click();
      await card.getByText(authTexts.emailChangeSent(fresh)).waitFor();
      await saveScreenshot(page, 'settings-change-email-laptop', { fullPage: true });
      // Still the old address until the link is opened.
      expect(await page.getByLabel('E-mail', { exact: true }).inputValue()).toBe(member.email);

      const mail = await waitForMail(fresh, /Confirm your new/);
      const link = /\/email-change\/[A-Za-z0-9_-]+/.exec(mail.text)![0];
      const visitor = await anonymousContext(browser, { viewport: VIEWPORTS.phone });
      contexts.push(visitor);
      const confirm = await visitor.newPage();
      await confirm.goto(link);
      await saveScreenshot(confirm, 'email-change-confirm-phone');
      await noSidewaysScroll(confirm);
      await confirm.getByRole('button', { name: 'Confirm new e-mail' }).click();
      await confirm.getByText(authTexts.emailChanged).waitFor();
      // The link works once.
      await confirm.goto(link);
      await confirm.getByRole('button', { name: 'Confirm new e-mail' }).click();
      await confirm.getByText(authTexts.emailChangeUsed).waitFor();

      await signInThroughUi(confirm, fresh, member.password);
      await confirm.waitForURL((url) => url.pathname === '/');
    },
    LONG,
  );

  it(
    'deletes the account from the Security tab; signing in again within the grace period keeps it',
    async () => {
      const member = await createMember('del');
      const phone = await signedIn(member, VIEWPORTS.phone);
      await phone.goto('/settings?tab=security');
      await phone.getByRole('heading', { name: 'Delete account' }).waitFor();
      await saveScreenshot(phone, 'settings-delete-account-phone', { fullPage: true });
      await noSidewaysScroll(phone);

      const page = await signedIn(member);
      await page.goto('/settings?tab=security');
      const card = page.locator('form', { has: page.getByRole('button', { name: 'Delete my account' }) });
      await card.getByLabel('Password').fill('not my password');
      await card.getByRole('button', { name: 'Delete my account' }).click();
      await card.getByText(authTexts.currentPasswordWrong).waitFor();
      await card.getByLabel('Password').fill(member.password);
      await card.getByRole('button', { name: 'Delete my account' }).click();
      await page.waitForURL((url) => url.pathname === '/account-deleted');
      await page.getByRole('heading', { name: 'Your account will be deleted' }).waitFor();
      await saveScreenshot(page, 'account-deleted-laptop');
      // Signed out here, and the other browser's session ended too.
      await page.goto('/settings');
      await page.waitForURL((url) => url.pathname === '/login');
      await phone.goto('/settings');
      await phone.waitForURL((url) => url.pathname === '/login');

      await signInThroughUi(page, member.email, member.password);
      await page.waitForURL((url) => url.pathname === '/welcome-back');
      await page.getByText(authTexts.deletionCancelled).waitFor();
      await page.getByRole('link', { name: 'Go to your feed' }).click();
      await page.waitForURL((url) => url.pathname === '/');
    },
    LONG,
  );
});
