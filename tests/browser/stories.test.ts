/// <reference lib="dom" />
/**
 * Stories through the browser, against the running product (KORA_BASE_URL): a member posts a photo
 * story and a short video story from the Stories card ("Story updated successfully"; the video says
 * "Processing video…" until media has made it); their viewer plays the photo, advances to the
 * video and closes after the last story, focus back on the ring. A friend sees the coloured ring,
 * watches, and the ring turns grey (still grey after a reload); the owner then sees one viewer by
 * name and deletes a story ("Delete this story?"). Screens at 1280x800 and 375x812.
 */
import { storyTexts } from '@kora/contracts';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeVideo } from '../support/media-files';
import { launchBrowser, VIEWPORTS } from './support/browser';
import { befriendThroughApi } from './support/friends';
import { createMember, memberContext, type Member } from './support/members';
import { noSidewaysScroll, toastWith } from './support/page-helpers';
import { solidPng } from './support/png';
import { saveScreenshot } from './support/screenshots';

const LONG = 240_000;

let browser: Browser;
const contexts: BrowserContext[] = [];

async function signedIn(member: Member, viewport = VIEWPORTS.laptop): Promise<Page> {
  const context = await memberContext(browser, member, { viewport });
  contexts.push(context);
  return context.newPage();
}

function strip(page: Page): Locator {
  return page.getByRole('region', { name: storyTexts.title });
}

/** A member's ring in the strip (its accessible name starts with their name, or "Your story"). */
function ring(page: Page, label: string): Locator {
  return strip(page).locator('button[data-unseen]').filter({ hasText: label });
}

/** Posts a story and waits for its own toast (an earlier story's may still be on screen). */
async function postStory(page: Page, file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
  const toasts = page
    .getByRole('region', { name: /^Notifications/ })
    .getByRole('listitem')
    .filter({ hasText: storyTexts.updated });
  const before = await toasts.count();
  await strip(page).locator('input[type="file"]').setInputFiles(file);
  await expect.poll(() => toasts.count(), { timeout: 60_000 }).toBeGreaterThan(before);
}

/** The id of the story the viewer shows now, or null when none. */
function shownStory(page: Page): Promise<string | null> {
  return page.evaluate(() => document.querySelector('[data-testid="story-viewer"] [data-story-id]')?.getAttribute('data-story-id') ?? null);
}

let owner: Member;
let friend: Member;

beforeAll(async () => {
  browser = await launchBrowser();
  [owner, friend] = await Promise.all([createMember('sto'), createMember('stf')]);
  await befriendThroughApi(owner, friend);
}, LONG);

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await browser?.close();
});

describe('stories', () => {
  it(
    'a photo and a video story: posted, played in order, closed after the last; a friend sees them and the ring turns seen',
    async () => {
      const page = await signedIn(owner);
      await page.goto('/');
      await strip(page).getByRole('button', { name: storyTexts.addStory }).waitFor();

      // A photo, then a short video (processed by media before anyone else sees it).
      await postStory(page, { name: 'sunrise.png', mimeType: 'image/png', buffer: solidPng(320, [240, 140, 40]) });
      await ring(page, storyTexts.yourStory).waitFor();
      await postStory(page, { name: 'clip.mp4', mimeType: 'video/mp4', buffer: await makeVideo(2) });
      // The card asks again every few seconds while the member's own video is processed.
      await expect.poll(() => strip(page).getByText(storyTexts.processing).count(), { timeout: 120_000 }).toBe(0);
      await saveScreenshot(page, 'stories-strip-desktop');

      // The viewer plays the photo, then the video, then closes; focus returns to the ring.
      await ring(page, storyTexts.yourStory).click();
      const viewer = page.getByTestId('story-viewer');
      await viewer.waitFor();
      expect(await viewer.locator('[data-story-type="image"]').count()).toBe(1);
      expect(await viewer.locator('header span.rounded').count()).toBe(2);
      await saveScreenshot(page, 'stories-viewer-desktop');
      const first = await shownStory(page);
      await expect.poll(() => viewer.locator('[data-story-type="video"]').count(), { timeout: 15_000 }).toBe(1);
      expect(await shownStory(page)).not.toBe(first);
      await viewer.waitFor({ state: 'detached', timeout: 20_000 });
      // Focus comes back a task after the viewer leaves the page.
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-unseen'))).not.toBeNull();

      // The friend sees the coloured ring, watches both and the ring turns grey, for good.
      const friendPage = await signedIn(friend);
      await friendPage.goto('/');
      const theirs = ring(friendPage, `${owner.firstname} ${owner.lastname}`);
      await theirs.waitFor();
      expect(await theirs.getAttribute('data-unseen')).toBe('true');
      await theirs.click();
      const friendViewer = friendPage.getByTestId('story-viewer');
      await friendViewer.waitFor();
      // Tapping the right half moves on at once (the photo's 3 s need not pass).
      await friendViewer.getByRole('button', { name: storyTexts.next }).click();
      await expect.poll(() => friendViewer.locator('[data-story-type="video"]').count()).toBe(1);
      await friendViewer.waitFor({ state: 'detached', timeout: 20_000 });
      await expect.poll(() => theirs.getAttribute('data-unseen')).toBe('false');
      await friendPage.reload();
      await theirs.waitFor();
      expect(await theirs.getAttribute('data-unseen')).toBe('false');

      // The owner sees who viewed the photo, then deletes it.
      await page.reload();
      await ring(page, storyTexts.yourStory).click();
      await viewer.waitFor();
      await viewer.getByRole('button', { name: new RegExp(`^${storyTexts.viewers} 1$`) }).click();
      await viewer.getByRole('region', { name: storyTexts.viewers }).getByText(`${friend.firstname} ${friend.lastname}`).waitFor();
      await viewer.getByRole('button', { name: 'Delete story' }).click();
      await viewer.getByText(storyTexts.deleteConfirm).waitFor();
      await viewer.getByRole('button', { name: 'Delete', exact: true }).click();
      await toastWith(page, storyTexts.deleted).waitFor();
      await page.keyboard.press('Escape');
      await viewer.waitFor({ state: 'detached' });
      await page.reload();
      await ring(page, storyTexts.yourStory).click();
      await viewer.waitFor();
      expect(await viewer.locator('header span.rounded').count()).toBe(1);
      await page.keyboard.press('Escape');
    },
    LONG,
  );

  it(
    'fits a 375 px phone: the strip and the viewer',
    async () => {
      const page = await signedIn(owner, VIEWPORTS.phone);
      await page.goto('/');
      await ring(page, storyTexts.yourStory).waitFor();
      await noSidewaysScroll(page);
      await saveScreenshot(page, 'stories-strip-phone');
      await ring(page, storyTexts.yourStory).click();
      const viewer = page.getByTestId('story-viewer');
      await viewer.waitFor();
      const box = await viewer.locator('div').first().boundingBox();
      expect(box?.width).toBeLessThanOrEqual(VIEWPORTS.phone.width);
      await saveScreenshot(page, 'stories-viewer-phone');
      await page.keyboard.press('Escape');
      await viewer.waitFor({ state: 'detached' });
    },
    LONG,
  );
});
