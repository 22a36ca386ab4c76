/// <reference lib="dom" />
/**
 * Two-step sign-in through the browser (decision 033), against the running product: set up in
 * Settings → Security (the code computed here from the key the page shows, as an authenticator app
 * would), the recovery codes shown once, sign out, sign in again with the code step — on a phone,
 * with a wrong code first and the switch to a recovery code and back — and once more without
 * JavaScript, with a recovery code.
 */
import { authTexts, twoStepTexts } from '@kora/contracts';
import { Secret, TOTP } from 'otpauth';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_URL, launchBrowser, nextClientIp, VIEWPORTS } from './support/browser';
import { createMember, memberContext } from './support/members';
import { noSidewaysScroll } from './support/page-helpers';
import { saveScreenshot } from './support/screenshots';

const LONG = 180_000;

let browser: Browser;
const contexts: BrowserContext[] = [];

const totp = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
const codeFor = (secret: string) => totp(secret).generate();
/**
 * The code of the next 30-second step: each step is taken once and the set-up spent the current
 * one, and the server accepts one step either side of its clock (for a phone's drift).
 */
const nextCodeFor = (secret: string) => totp(secret).generate({ timestamp: Date.now() + 30_000 });

async function passwordStep(page: Page, login: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email/Username').fill(login);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByText(twoStepTexts.codePrompt).waitFor();
}

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await browser?.close();
});

describe('two-step sign-in', () => {
  it(
    'is set up in Settings → Security, then asks for the code at sign-in (phone), with and without JavaScript',
    async () => {
      const member = await createMember('two');
      const context = await memberContext(browser, member, { viewport: VIEWPORTS.laptop });
      contexts.push(context);
      const page = await context.newPage();

      await page.goto('/settings?tab=security');
      await page.getByRole('heading', { name: twoStepTexts.cardTitle }).waitFor();
      await page.getByRole('button', { name: twoStepTexts.setUp }).click();
      const secret = (await page.getByTestId('two-step-secret').textContent())!.trim();
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
      await saveScreenshot(page, 'two-step-setup-1280');

      // A wrong code first: its text beside the field, still off.
      const wrong = String((Number(codeFor(secret)) + 500_000) % 1_000_000).padStart(6, '0');
      await page.getByLabel('Code', { exact: true }).fill(wrong);
      await page.getByRole('button', { name: twoStepTexts.confirm }).click();
      await page.getByText(authTexts.twoStepCodeWrong).waitFor();

      await page.getByLabel('Code', { exact: true }).fill(codeFor(secret));
      await page.getByRole('button', { name: twoStepTexts.confirm }).click();
      const list = page.getByRole('list', { name: twoStepTexts.recoveryTitle });
      await list.waitFor();
      const recoveryCodes = (await list.getByRole('listitem').allTextContents()).map((c) => c.trim());
      expect(recoveryCodes).toHaveLength(10);
      await saveScreenshot(page, 'two-step-recovery-codes-1280');
      await page.getByRole('button', { name: twoStepTexts.done }).click();
      await page.getByText(twoStepTexts.cardOn).waitFor();
      await page.getByText(twoStepTexts.recoveryLeft(10)).waitFor();

      // Sign out, then back in on a phone.
      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('menuitem', { name: 'Logout' }).click();
      await page.waitForURL((url) => url.pathname === '/login');
      await page.setViewportSize(VIEWPORTS.phone);
      await passwordStep(page, member.email, member.password);
      await noSidewaysScroll(page);
      await saveScreenshot(page, 'two-step-code-375');

      await page.getByRole('button', { name: twoStepTexts.useRecovery }).click();
      await page.getByLabel(twoStepTexts.recoveryLabel).waitFor();
      await saveScreenshot(page, 'two-step-recovery-375');
      await page.getByRole('button', { name: twoStepTexts.useApp }).click();
      await page.getByLabel(twoStepTexts.codeLabel, { exact: true }).waitFor();

      const next = nextCodeFor(secret);
      await page.getByLabel(twoStepTexts.codeLabel, { exact: true }).fill(next === '000000' ? '111111' : '000000');
      await page.getByRole('button', { name: twoStepTexts.verify }).click();
      await page.getByText(authTexts.twoStepCodeWrong).waitFor();
      await page.getByLabel(twoStepTexts.codeLabel, { exact: true }).fill(next);
      await page.getByRole('button', { name: twoStepTexts.verify }).click();
      await page.waitForURL((url) => url.pathname === '/');
      expect((await context.cookies(BASE_URL)).some((c) => c.name === 'kora_at')).toBe(true);

      // Without JavaScript: plain forms, a recovery code.
      const plain = await browser.newContext({
        baseURL: BASE_URL,
        viewport: VIEWPORTS.laptop,
        javaScriptEnabled: false,
        extraHTTPHeaders: { 'x-forwarded-for': nextClientIp() },
      });
      contexts.push(plain);
      const noJs = await plain.newPage();
      await passwordStep(noJs, member.username, member.password);
      await noJs.getByRole('button', { name: twoStepTexts.useRecovery }).click();
      await noJs.getByLabel(twoStepTexts.recoveryLabel).fill(recoveryCodes[0]!.toUpperCase());
      await saveScreenshot(noJs, 'two-step-recovery-nojs-1280');
      await noJs.getByRole('button', { name: twoStepTexts.verify }).click();
      await noJs.waitForURL((url) => url.pathname === '/');
      expect((await plain.cookies(BASE_URL)).some((c) => c.name === 'kora_at')).toBe(true);
    },
    LONG,
  );
});
