/// <reference lib="dom" />
/**
 * Settings → Your data (decision 035) through the browser: the member opens the tab, asks for an
 * archive (the product's toast), sees it being prepared and then ready without reloading, downloads
 * the ZIP (their profile is in it), and cannot ask again for 24 hours. The tab fits a laptop and a
 * phone (pictures in test-results/).
 */
import { archiveTexts } from '@kora/contracts';
import { readZip, zipJson } from '@kora/testing';
import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, VIEWPORTS } from './support/browser';
import { createMember, memberContext, type Member } from './support/members';
import { noSidewaysScroll, toastWith } from './support/page-helpers';
import { saveScreenshot } from './support/screenshots';

const LONG = 120_000;

let browser: Browser;
const contexts: BrowserContext[] = [];

async function signedIn(member: Member, viewport: { width: number; height: number }): Promise<Page> {
  const context = await memberContext(browser, member, { viewport, acceptDownloads: true });
  contexts.push(context);
  return context.newPage();
}

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await browser?.close();
});

describe('Settings → Your data', () => {
  it(
    'asks for an archive, shows it ready, downloads the ZIP, and refuses a second request for a day',
    async () => {
      const member = await createMember('arch');
      const page = await signedIn(member, VIEWPORTS.laptop);
      await page.goto('/settings');
      await page.getByRole('tab', { name: archiveTexts.tab }).click();
      await page.waitForURL((url) => url.search === '?tab=data');
      await page.getByRole('tab', { name: archiveTexts.tab, selected: true }).waitFor();
      await page.getByText(archiveTexts.none).waitFor();
      await saveScreenshot(page, 'settings-data-none-1280');

      await page.getByRole('button', { name: archiveTexts.request }).click();
      await toastWith(page, archiveTexts.requested).waitFor();
      // The tab looks again by itself until the archive is ready.
      const download = page.getByRole('link', { name: new RegExp(archiveTexts.download) });
      await download.waitFor({ timeout: 90_000 });
      await page.getByText(archiveTexts.ready).waitFor();
      expect(await page.getByRole('button', { name: archiveTexts.request }).isDisabled()).toBe(true);
      await page.getByText(/You can request a new archive after/).waitFor();
      await saveScreenshot(page, 'settings-data-ready-1280');

      const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
      expect(file.suggestedFilename()).toMatch(/^kora-data-\d{4}-\d{2}-\d{2}\.zip$/);
      const zip = readZip(await readFile(await file.path()));
      expect(zipJson<{ username: string }[]>(zip, 'auth/profile.json')).toEqual([expect.objectContaining({ username: member.username })]);

      // On a phone: the same tab, nothing wider than the screen.
      const phone = await signedIn(member, VIEWPORTS.phone);
      await phone.goto('/settings?tab=data');
      await phone.getByText(archiveTexts.ready).waitFor();
      await noSidewaysScroll(phone);
      await saveScreenshot(phone, 'settings-data-ready-375', { fullPage: true });
    },
    LONG * 2,
  );
});
