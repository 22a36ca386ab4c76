/// <reference lib="dom" />
/**
 * Muting in the browser, against the running product (decision 037): a member mutes a word in
 * Settings → Privacy → Muted; a friend's post carrying it leaves their home feed, still opens by its
 * link; removing the word brings it back. Screens at 1280x800 and 375x812.
 *
 * Run: KORA_BASE_URL=http://127.0.0.1:8080 npx vitest run --config tests/browser/vitest.config.ts mutes
 */
import { safetyTexts } from '@kora/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENTUAL_MS } from '@kora/testing/adapters';
import { launchBrowser, VIEWPORTS } from './support/browser';
import { befriendThroughApi } from './support/friends';
import { createMember, memberContext, type Member } from './support/members';
import { noSidewaysScroll } from './support/page-helpers';
import { createPostsThroughApi } from './support/posts';
import { saveScreenshot } from './support/screenshots';

const LONG = 120_000;

let browser: Browser;
let context: BrowserContext;
let reader: Member;
let writer: Member;
let page: Page;
let postId: number;
const word = `danfo${Date.now().toString(36)}`;
const postText = `Stuck in a ${word} again`;

beforeAll(async () => {
  browser = await launchBrowser();
  [reader, writer] = await Promise.all([createMember('mtr'), createMember('mtw')]);
  await befriendThroughApi(reader, writer);
  [postId] = (await createPostsThroughApi(writer, [postText])) as [number];
  context = await memberContext(browser, reader, { viewport: VIEWPORTS.laptop });
  page = await context.newPage();
}, LONG);

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('muting a word', () => {
  it(
    'muted in Settings, a post carrying it leaves the home feed, opens by its link, and comes back when unmuted',
    async () => {
      const main = page.getByRole('main');
      await expect
        .poll(
          async () => {
            await page.goto('/');
            return main.getByText(postText).count();
          },
          { timeout: EVENTUAL_MS, interval: 1_000 },
        )
        .toBe(1);

      await page.goto('/settings?tab=privacy');
      await expect.poll(() => main.getByText(safetyTexts.noMutedWords).count()).toBe(1);
      await main.getByRole('textbox', { name: safetyTexts.mutedWordsTitle }).fill(`  ${word.toUpperCase()} `);
      await main.getByRole('button', { name: safetyTexts.mute, exact: true }).click();
      await expect.poll(() => main.getByRole('listitem').filter({ hasText: word }).count()).toBe(1);
      expect(await main.getByText(safetyTexts.noMutedWords).count()).toBe(0);
      await saveScreenshot(page, 'mutes-settings-1280');
      await page.setViewportSize(VIEWPORTS.phone);
      await page.reload();
      await expect.poll(() => main.getByRole('listitem').filter({ hasText: word }).count()).toBe(1);
      await noSidewaysScroll(page);
      await saveScreenshot(page, 'mutes-settings-375');
      await page.setViewportSize(VIEWPORTS.laptop);

      await expect
        .poll(
          async () => {
            await page.goto('/');
            return main.getByText(postText).count();
          },
          { timeout: EVENTUAL_MS, interval: 1_000 },
        )
        .toBe(0);
      await page.goto(`/posts/${postId}`);
      await expect.poll(() => main.getByText(postText).count()).toBeGreaterThan(0);

      await page.goto('/settings?tab=privacy');
      await main.getByRole('button', { name: `${safetyTexts.unmute} ${word}` }).click();
      await expect.poll(() => main.getByText(safetyTexts.noMutedWords).count()).toBe(1);
      await expect
        .poll(
          async () => {
            await page.goto('/');
            return main.getByText(postText).count();
          },
          { timeout: EVENTUAL_MS, interval: 1_000 },
        )
        .toBe(1);
    },
    LONG,
  );
});
