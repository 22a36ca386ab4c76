/// <reference lib="dom" />
/**
 * The representative application (docs/product/representatives.md: no guard; reviewed by an admin)
 * through the browser: the page for a visitor who is not signed in, bad input refused in the browser
 * with every field's text under its field and "Submission failed", good input accepted with
 * "Application submitted" and the form emptied; the same without scripts (the route's action);
 * the left menu's link for a member; and an admin reviewing the application (Accepted with a note).
 * Screens at 1280x800 and 375x812.
 */
import { adminTexts, representativeTexts } from '@kora/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminContext, createAdmin } from './support/admins';
import { anonymousContext, launchBrowser, VIEWPORTS, contextPool } from './support/browser';
import { createMember, memberContext, type Member } from './support/members';
import { noSidewaysScroll, toastWith } from './support/page-helpers';
import { saveScreenshot } from './support/screenshots';

const LONG = 300_000;

let browser: Browser;
const pool = contextPool();
let admin: Member;
let member: Member;
const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

const track = (context: Promise<BrowserContext>): Promise<Page> => pool.open(context);

function application(tag: string) {
  return {
    Name: `Chidi ${tag}`,
    Username: `chidi.${tag}`,
    'Phone number': '+234 803 123 4567',
    Email: `rep-${tag}-${stamp}@example.ng`,
    State: 'Enugu',
    'Residential state': 'Enugu',
    'Resident address': '12 Ogui Road, Enugu',
    'Proposed location to represent': 'Enugu North',
    'Kora username': `chidi${tag}`,
    'Little note about yourself': 'I run a youth tech club and know the area well.',
  };
}

async function fill(page: Page, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) await page.getByLabel(label, { exact: true }).fill(value);
}

function fieldError(page: Page, label: string) {
  return page.getByLabel(label, { exact: true });
}

beforeAll(async () => {
  browser = await launchBrowser();
  [admin, member] = await Promise.all([createAdmin('repa'), createMember('repm')]);
}, LONG);

afterAll(async () => {
  await pool.closeAll();
  await browser?.close();
});

describe('representative application', () => {
  it(
    'refuses bad input under each field, then takes good input and empties the form (no sign-in)',
    async () => {
      const page = await track(anonymousContext(browser, { viewport: VIEWPORTS.laptop }));
      await page.goto('/representative');
      await page.getByRole('heading', { name: 'Become a Representative' }).waitFor();
      await page.getByText("Share a few details and the team will reach out if it's a fit.").waitFor();
      const labels = await page.locator('form label').allTextContents();
      expect(labels.map((l) => l.trim())).toEqual([
        'Name',
        'Username',
        'Phone number',
        'Email',
        'State',
        'Residential state',
        'Resident address',
        'Proposed location to represent',
        'Kora username',
        'Little note about yourself',
      ]);

      await fill(page, {
        ...application('bad'),
        Name: '',
        Email: 'not-an-email',
        'Phone number': 'call me',
        'Little note about yourself': 'hi',
      });
      await page.getByRole('button', { name: adminTexts.submitApplication }).click();
      await toastWith(page, adminTexts.submissionFailed).waitFor();
      for (const [label, text] of [
        ['Name', representativeTexts.nameRequired],
        ['Email', representativeTexts.emailInvalid],
        ['Phone number', representativeTexts.phoneInvalid],
        ['Little note about yourself', representativeTexts.noteShort],
      ] as const) {
        const input = fieldError(page, label);
        expect(await input.getAttribute('aria-invalid')).toBe('true');
        const describedBy = (await input.getAttribute('aria-describedby')) ?? '';
        expect(await page.locator(`#${describedBy.split(' ')[0]}`).textContent()).toBe(text);
      }
      // The form kept what was typed.
      expect(await page.getByLabel('Resident address').inputValue()).toBe('12 Ogui Road, Enugu');
      await saveScreenshot(page, 'representative-errors-desktop', { fullPage: true });

      const good = application('good');
      await fill(page, good);
      await page.getByRole('button', { name: adminTexts.submitApplication }).click();
      await toastWith(page, adminTexts.applicationSubmitted).waitFor();
      await toastWith(page, adminTexts.applicationSubmittedDetail).waitFor();
      await expect.poll(() => page.getByLabel('Name', { exact: true }).inputValue()).toBe('');
      expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe('');
      expect(await page.locator('[aria-invalid="true"]').count()).toBe(0);

      // The same e-mail again: the server's own refusal, the form kept.
      await fill(page, good);
      await page.getByRole('button', { name: adminTexts.submitApplication }).click();
      await toastWith(page, adminTexts.applicationOpen).waitFor();
      expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(good.Email);

      const phone = await track(anonymousContext(browser, { viewport: VIEWPORTS.phone }));
      await phone.goto('/representative');
      await phone.getByRole('heading', { name: 'Become a Representative' }).waitFor();
      await noSidewaysScroll(phone);
      await saveScreenshot(phone, 'representative-phone', { fullPage: true });
    },
    LONG,
  );

  it(
    'works without scripts: the action answers the texts under the fields, then the thanks',
    async () => {
      const page = await track(anonymousContext(browser, { viewport: VIEWPORTS.laptop, javaScriptEnabled: false }));
      await page.goto('/representative');
      await fill(page, { ...application('nojs'), Username: 'a' });
      await page.getByRole('button', { name: adminTexts.submitApplication }).click();
      await page.getByText(representativeTexts.usernameShort).first().waitFor();
      expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('Chidi nojs');

      await page.getByLabel('Username', { exact: true }).fill('chidi.nojs');
      await page.getByRole('button', { name: adminTexts.submitApplication }).click();
      await page.getByText(`${adminTexts.applicationSubmitted}. ${adminTexts.applicationSubmittedDetail}`).waitFor();
    },
    LONG,
  );

  it(
    'is linked from the member menu and works signed in',
    async () => {
      const page = await track(memberContext(browser, member, { viewport: VIEWPORTS.laptop }));
      await page.goto('/');
      await page.getByRole('navigation').getByRole('link', { name: 'Representative' }).first().click();
      await page.waitForURL((url) => url.pathname === '/representative');
      await page.getByRole('heading', { name: 'Become a Representative' }).waitFor();
      await page.getByRole('link', { name: /^Back to / }).waitFor();
    },
    LONG,
  );

  it(
    'an admin reviews the application: Accepted with a note',
    async () => {
      const anonymous = await track(anonymousContext(browser, { viewport: VIEWPORTS.laptop }));
      await anonymous.goto('/representative');
      const mine = application('review');
      await fill(anonymous, mine);
      await anonymous.getByRole('button', { name: adminTexts.submitApplication }).click();
      await toastWith(anonymous, adminTexts.applicationSubmitted).waitFor();

      const page = await track(adminContext(browser, admin, { viewport: VIEWPORTS.laptop }));
      await page.goto('/admin/representatives?status=new');
      const card = page.getByRole('article', { name: `Application from ${mine.Name}` });
      await card.waitFor();
      for (const value of Object.values(mine)) expect(await card.textContent()).toContain(value.toLowerCase() === value ? value : value);
      await saveScreenshot(page, 'admin-representatives-desktop', { fullPage: true });

      await card.getByLabel('Status').selectOption('accepted');
      await card.getByLabel('Note').fill('Called on the phone; starts in January.');
      await card.getByRole('button', { name: 'Save review' }).click();
      await toastWith(page, 'Review saved').waitFor();
      // It has left the New filter; under Accepted it shows the new state and the note.
      await expect.poll(() => card.count()).toBe(0);
      await page.goto('/admin/representatives?status=accepted');
      const accepted = page.getByRole('article', { name: `Application from ${mine.Name}` });
      await accepted.getByText('Review note: Called on the phone; starts in January.').waitFor();
      expect(await accepted.getByLabel('Status').inputValue()).toBe('accepted');

      const phone = await track(adminContext(browser, admin, { viewport: VIEWPORTS.phone }));
      await phone.goto('/admin/representatives');
      await phone.getByRole('heading', { name: 'Representatives' }).waitFor();
      await noSidewaysScroll(phone);
      await saveScreenshot(phone, 'admin-representatives-phone', { fullPage: true });
    },
    LONG,
  );
});
