/// <reference lib="dom" />
/**
 * Light media (decision 044) in the browser: the feed at a phone's and a laptop's size shows a
 * photo post as a <picture> with AVIF and WebP srcsets, an <img> with its width and height set
 * (the box has the photo's shape before it loads) and the placeholder painted behind it in the
 * server's HTML; the browser fetches a smaller variant, never the full-size WebP the old markup
 * loaded. Data saver (Settings → General) makes the 320-wide variant the one requested and keeps a
 * video from loading until it is tapped; on Automatic, a browser that sends `Save-Data: on` gets
 * the same.
 */
import { dataSaverLabels, mediaTexts, settingsTexts, type Post } from '@kora/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, VIEWPORTS, type Viewport } from './support/browser';
import { photoPost, videoPost } from './support/light-media';
import { createMember, memberContext, type Member } from './support/members';
import { toastWith } from './support/page-helpers';
import { saveScreenshot } from './support/screenshots';

const LONG = 240_000;
let browser: Browser;
const contexts: BrowserContext[] = [];

async function open(member: Member, viewport: Viewport, headers: Record<string, string> = {}): Promise<BrowserContext> {
  const context = await memberContext(browser, member, { viewport, extraHTTPHeaders: headers });
  contexts.push(context);
  return context;
}

/** Every stored image and video the page asks for, in order (paths only). */
function uploadsRequested(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/uploads/images/') || pathname.startsWith('/uploads/videos/')) seen.push(pathname);
  });
  return seen;
}

const base = (url: string) => url.replace(/\.webp$/, '');
const photoOf = (page: Page, post: Post) => page.locator(`img[src^="${base(post.images[0]!)}"]`);

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await browser?.close();
});

describe('light media', () => {
  let member: Member;
  let photo: Post;
  let clip: Post;

  beforeAll(async () => {
    member = await createMember('light');
    clip = await videoPost(member, 'A clip from the market');
    photo = await photoPost(member, 'Sunset over Lagos lagoon');
  }, LONG);

  for (const [name, viewport] of [
    ['phone', VIEWPORTS.phone],
    ['laptop', VIEWPORTS.laptop],
  ] as const) {
    it(
      `shows the photo at ${name} size with its shape, srcsets and placeholder, loading a variant`,
      async () => {
        const context = await open(member, viewport);
        // The server's HTML: the placeholder is painted before any script or image has run.
        const html = await (await context.request.get('/')).text();
        const tag = new RegExp(`<img[^>]*src="${base(photo.images[0]!)}[^"]*"[^>]*>`).exec(html)?.[0] ?? '';
        expect(tag).toMatch(/style="background-image:url\(&quot;data:image\/png;base64,/);
        expect(tag).toMatch(/width="1200"/);
        expect(tag).toMatch(/height="900"/);

        const page = await context.newPage();
        const requested = uploadsRequested(page);
        await page.goto('/');
        const img = photoOf(page, photo);
        await img.waitFor();
        await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
        const shown = await img.evaluate((el: HTMLImageElement) => {
          const sources = [...(el.parentElement?.querySelectorAll('source') ?? [])];
          return {
            width: el.getAttribute('width'),
            height: el.getAttribute('height'),
            ratio: el.getBoundingClientRect().width / el.getBoundingClientRect().height,
            sources: sources.map((s) => ({ type: s.type, srcset: s.srcset, sizes: s.sizes })),
            current: new URL(el.currentSrc).pathname,
            placeholder: el.dataset.placeholder ?? null,
          };
        });
        expect({ width: shown.width, height: shown.height }).toEqual({ width: '1200', height: '900' });
        expect(shown.ratio).toBeCloseTo(4 / 3, 1);
        expect(shown.sources.map((s) => s.type)).toEqual(['image/avif', 'image/webp']);
        expect(shown.sources[0]!.srcset).toBe(
          [320, 640, 1080, 1200].map((w) => `${base(photo.images[0]!)}${w === 1200 ? '' : `-${w}`}.avif ${w}w`).join(', '),
        );
        // Loaded: the placeholder is gone; the file is an AVIF variant, never the full-size WebP.
        expect(shown.placeholder).toBeNull();
        // The phone's 351-px box and the laptop's 680-px one: a narrower variant than the full size.
        expect(shown.current).toMatch(/-(640|1080)\.avif$/);
        expect(requested).not.toContain(photo.images[0]);
        // The video below waits: no byte of it before it is played.
        expect(requested.filter((url) => url.endsWith('.mp4'))).toEqual([]);
        await saveScreenshot(page, `light-media-feed-${name}`);
      },
      LONG,
    );
  }

  it(
    'with Data saver on, asks for the 320-wide photo and loads a video only when it is tapped',
    async () => {
      const context = await open(member, VIEWPORTS.phone);
      const page = await context.newPage();
      await page.goto('/settings');
      await page.getByLabel(settingsTexts.dataSaverLabel).selectOption({ label: dataSaverLabels.on });
      await saveScreenshot(page, 'light-media-settings-phone');
      await page.getByRole('button', { name: 'Save' }).click();
      await toastWith(page, settingsTexts.saved).waitFor();

      const requested = uploadsRequested(page);
      await page.goto('/');
      const img = photoOf(page, photo);
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
      expect(new URL(await img.evaluate((el: HTMLImageElement) => el.currentSrc)).pathname).toBe(`${base(photo.images[0]!)}-320.avif`);
      expect(requested.filter((url) => url.startsWith('/uploads/images/') && url.startsWith(base(photo.images[0]!)))).toEqual([
        `${base(photo.images[0]!)}-320.avif`,
      ]);

      // The video: its poster once near the screen, nothing of the file until the tap.
      const play = page.getByRole('button', { name: new RegExp(`^${mediaTexts.playVideo}`) });
      await play.scrollIntoViewIfNeeded();
      await page.waitForTimeout(1_000);
      expect(requested.filter((url) => url.endsWith('.mp4'))).toEqual([]);
      await saveScreenshot(page, 'light-media-data-saver-phone');
      await play.click();
      await expect
        .poll(() => requested.filter((url) => url.startsWith(clip.videos[0]!.replace(/\.mp4$/, '')) && url.endsWith('.mp4')))
        .not.toEqual([]);
      const video = page.locator(`video[aria-label^="Video 1 by"]`);
      await expect.poll(() => video.evaluate((el: HTMLVideoElement) => el.readyState)).toBeGreaterThan(0);

      // Back to Off: the full set of sizes again.
      await page.goto('/settings');
      await page.getByLabel(settingsTexts.dataSaverLabel).selectOption({ label: dataSaverLabels.off });
      await page.getByRole('button', { name: 'Save' }).click();
      await toastWith(page, settingsTexts.saved).waitFor();
      await page.goto('/');
      const srcset = await photoOf(page, photo).evaluate((el) => el.parentElement?.querySelector('source')?.srcset ?? '');
      expect(srcset.split(', ')).toHaveLength(4);
    },
    LONG,
  );

  it(
    'on Automatic, follows a browser that asks to save data (Save-Data: on)',
    async () => {
      const saver = await createMember('saver');
      const own = await photoPost(saver, 'Jollof, saved data', { width: 1000, height: 750 }, 7);
      const context = await open(saver, VIEWPORTS.laptop, { 'Save-Data': 'on' });
      const page = await context.newPage();
      const requested = uploadsRequested(page);
      await page.goto('/');
      const img = photoOf(page, own);
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
      expect(requested.filter((url) => url.startsWith(base(own.images[0]!)))).toEqual([`${base(own.images[0]!)}-320.avif`]);
      await saveScreenshot(page, 'light-media-save-data-laptop');
    },
    LONG,
  );
});
