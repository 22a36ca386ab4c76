/// <reference lib="dom" />
/**
 * Reels through the browser, against the running product (KORA_BASE_URL): /reels/create refuses a
 * file of another type ("Only MP4, WEBM or MOV allowed") and one over 50 MB ("Max 50MB") before
 * sending anything; a real short vertical clip is previewed, captioned and sent (Next reads
 * "Uploading…"), and the member lands on /reels where their reel says "Processing video…" until
 * media has made it. In the feed only the active reel plays (the others paused at 0), the arrow
 * keys and the side buttons move between reels; a like toggles with the server's count and a
 * comment (trimmed) is appended in the comments panel. /reels/{id} opens the feed at that reel.
 * Screens at 1280x800 and 375x812.
 */
import { reelTexts } from '@kora/contracts';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_URL, launchBrowser, VIEWPORTS } from './support/browser';
import { createMember, memberContext, type Member } from './support/members';
import { reelThroughApi, untilReelReady, verticalClip } from './support/reels';
import { noSidewaysScroll, recordStates, seenStates } from './support/page-helpers';
import { saveScreenshot } from './support/screenshots';
import { mintAccessToken } from './support/tokens';

const LONG = 300_000;
const TAG = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

let browser: Browser;
const contexts: BrowserContext[] = [];
let author: Member;
let viewer: Member;

async function signedIn(member: Member, viewport = VIEWPORTS.laptop): Promise<Page> {
  const context = await memberContext(browser, member, { viewport });
  contexts.push(context);
  return context.newPage();
}

/** Switches features as an admin would (the site settings' features section). */
async function setFeatures(features: { reels?: boolean; stories?: boolean }): Promise<void> {
  const token = await mintAccessToken({ userId: 1, role: 'admin' });
  const response = await fetch(`${BASE_URL}/api/admin/settings/features`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(features),
  });
  if (!response.ok) throw new Error(`switching features answered ${response.status}`);
}

function reelArticle(page: Page, id: number): Locator {
  return page.locator(`article[data-reel-id="${id}"]`);
}

/** Each reel video's state in feed order: [reel id, playing, time]. */
function videoStates(page: Page): Promise<[string, boolean, number][]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('article[data-reel-id]')].map((article) => {
      const video = article.querySelector('video');
      return [article.getAttribute('data-reel-id') ?? '', video ? !video.paused : false, video?.currentTime ?? 0] as [
        string,
        boolean,
        number,
      ];
    }),
  );
}

beforeAll(async () => {
  browser = await launchBrowser();
  [author, viewer] = await Promise.all([createMember('rla'), createMember('rlv')]);
}, LONG);

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await browser?.close();
});

describe('reels', () => {
  it(
    'creation checks the type and the size before sending, then a real clip becomes a reel in the feed',
    async () => {
      const page = await signedIn(author);
      await page.goto('/reels/create');
      const form = page.getByRole('form', { name: reelTexts.createReel });
      await form.waitFor();
      await page.getByText(reelTexts.hint).waitFor();
      const picker = form.locator('input[type="file"]');

      await picker.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a video') });
      await form.getByText(reelTexts.onlyTypes).waitFor();
      // Playwright hands over buffers up to 50 MB only: a bigger file goes by its path.
      const dir = await mkdtemp(path.join(os.tmpdir(), 'kora-huge-'));
      try {
        const huge = path.join(dir, 'huge.mp4');
        await writeFile(huge, Buffer.alloc(50 * 1024 * 1024 + 1));
        await picker.setInputFiles(huge);
        await form.getByText(reelTexts.maxSize).waitFor();
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
      expect(await form.getByRole('button', { name: reelTexts.next }).isDisabled()).toBe(true);

      await picker.setInputFiles({ name: 'sunset.mp4', mimeType: 'video/mp4', buffer: await verticalClip(3) });
      await form.getByLabel('Preview').waitFor();
      const caption = `Sunset over Lekki ${TAG}`;
      await form.getByLabel('Caption').fill(caption);
      await saveScreenshot(page, 'reels-create-desktop');
      await recordStates(page, { uploading: { selector: 'button[type="submit"]', text: reelTexts.uploading } });
      await form.getByRole('button', { name: reelTexts.next }).click();
      await page.waitForURL((url) => url.pathname === '/reels', { timeout: 60_000 });
      expect(await seenStates(page)).toContain('uploading');

      // The author's reel is first, processing until media has made it, then it plays.
      const mine = page.locator('article[data-reel-id]').first();
      await mine.getByText(caption).waitFor();
      await expect.poll(() => mine.locator('video').count(), { timeout: 120_000 }).toBe(1);
      expect(await mine.getByText(reelTexts.processing).count()).toBe(0);
    },
    LONG,
  );

  it(
    'the feed: only the active reel plays, keys and side buttons move, likes and comments apply',
    async () => {
      const older = await reelThroughApi(author, `Older reel ${TAG}`);
      const newer = await reelThroughApi(author, `Newer reel ${TAG}`);
      await Promise.all([untilReelReady(author, older), untilReelReady(author, newer)]);

      const page = await signedIn(viewer);
      await page.goto(`/reels/${newer}`);
      const first = reelArticle(page, newer);
      await first.waitFor();
      await expect.poll(async () => (await videoStates(page))[0]?.[1], { timeout: 20_000 }).toBe(true);
      expect((await videoStates(page)).slice(1).every(([, playing]) => !playing)).toBe(true);
      expect(await first.locator('video').getAttribute('preload')).toBe('auto');
      await saveScreenshot(page, 'reels-feed-desktop');

      // Down: the next reel plays and the first is paused at its start.
      await page.keyboard.press('ArrowDown');
      await expect.poll(async () => (await videoStates(page))[1]?.[1], { timeout: 20_000 }).toBe(true);
      const [, firstPlaying, firstTime] = (await videoStates(page))[0]!;
      expect(firstPlaying).toBe(false);
      expect(firstTime).toBe(0);
      // Up again with the side button.
      await page.getByRole('button', { name: reelTexts.previous }).click();
      await expect.poll(async () => (await videoStates(page))[0]?.[1], { timeout: 20_000 }).toBe(true);
      expect((await videoStates(page))[1]?.[1]).toBe(false);

      // Like, then unlike: the server's answer each time.
      const like = first.getByRole('button', { name: /^Like \(0\)$/ });
      await like.click();
      await first.getByRole('button', { name: /^Unlike \(1\)$/ }).waitFor();
      await first.getByRole('button', { name: /^Unlike \(1\)$/ }).click();
      await first.getByRole('button', { name: /^Like \(0\)$/ }).waitFor();

      // A comment, trimmed, appended; blank text cannot be sent.
      await first.getByRole('button', { name: /^Comment \(0\)$/ }).click();
      const panel = page.getByRole('dialog', { name: reelTexts.comments });
      await panel.getByText(reelTexts.noComments).waitFor();
      const input = panel.getByRole('textbox', { name: reelTexts.commentPlaceholder });
      await input.fill('   ');
      expect(await panel.getByRole('button', { name: 'Send comment' }).isDisabled()).toBe(true);
      await input.fill(`  Lovely light ${TAG}  `);
      await input.press('Enter');
      await panel.getByRole('list', { name: reelTexts.comments }).getByText(`Lovely light ${TAG}`, { exact: true }).waitFor();
      expect(await input.inputValue()).toBe('');
      await saveScreenshot(page, 'reels-comments-desktop');
      await page.keyboard.press('Escape');
      await first.getByRole('button', { name: /^Comment \(1\)$/ }).waitFor();

      // The author's view of it agrees after a reload (counts come from the server).
      const authorPage = await signedIn(author);
      await authorPage.goto(`/reels/${newer}`);
      await reelArticle(authorPage, newer)
        .getByRole('button', { name: /^Comment \(1\)$/ })
        .waitFor();
    },
    LONG,
  );

  it(
    'fits a 375 px phone: the feed, the comments sheet and creation',
    async () => {
      const page = await signedIn(viewer, VIEWPORTS.phone);
      await page.goto('/reels');
      await page.locator('article[data-reel-id]').first().waitFor();
      await noSidewaysScroll(page);
      const box = await page.getByTestId('reel-feed').boundingBox();
      expect(Math.round(box?.height ?? 0)).toBeGreaterThan(VIEWPORTS.phone.height - 80);
      await saveScreenshot(page, 'reels-feed-phone');
      await page
        .locator('article[data-reel-id]')
        .first()
        .getByRole('button', { name: /^Comment/ })
        .click();
      await page.getByRole('dialog', { name: reelTexts.comments }).waitFor();
      await saveScreenshot(page, 'reels-comments-phone');
      await page.keyboard.press('Escape');
      await page.goto('/reels/create');
      await page.getByRole('form', { name: reelTexts.createReel }).waitFor();
      await noSidewaysScroll(page);
      await saveScreenshot(page, 'reels-create-phone');
    },
    LONG,
  );

  it(
    'while reels and stories are off: no Reels in the menu, the reel pages say so, no Stories card',
    async () => {
      const page = await signedIn(viewer);
      try {
        await setFeatures({ reels: false, stories: false });
        // The web app caches the switches for a few seconds (the API refuses at once, so the page
        // may say "off" while the menu still has the link for that moment).
        await expect
          .poll(
            async () => {
              await page.goto('/reels');
              const off = await page.getByRole('heading', { name: 'Reels are turned off on this site.' }).count();
              const links = await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Reels' }).count();
              return { off, links };
            },
            { timeout: 30_000 },
          )
          .toEqual({ off: 1, links: 0 });
        await page.goto('/reels/create');
        await page.getByRole('heading', { name: 'Reels are turned off on this site.' }).waitFor();
        await page.goto('/');
        await page.getByRole('form', { name: 'Create a post' }).waitFor();
        expect(await page.getByRole('region', { name: 'Stories' }).count()).toBe(0);
      } finally {
        await setFeatures({ reels: true, stories: true });
      }
    },
    LONG,
  );
});
