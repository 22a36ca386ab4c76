/// <reference lib="dom" />
/**
 * Kora as an installable app (decision 041), at a phone's size: the manifest and its icons, the
 * service worker taking control, the offline page when the network is gone (and the real page once
 * it is back), and what the worker keeps: build files and the offline page only, the member's traces
 * forgotten on sign-out.
 */
import { offlineTexts } from '@kora/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, VIEWPORTS } from './support/browser';
import { createMember, memberContext, type Member } from './support/members';
import { noSidewaysScroll } from './support/page-helpers';
import { saveScreenshot } from './support/screenshots';

let browser: Browser;
let member: Member;
let context: BrowserContext;
let page: Page;

/** Width and height from a PNG's header (the IHDR chunk right after the signature). */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Every cache of the origin and the paths it holds. */
function cachedPaths(target: Page): Promise<Record<string, string[]>> {
  return target.evaluate(async () => {
    const found: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const requests = await (await caches.open(name)).keys();
      found[name] = requests.map((request) => new URL(request.url).pathname);
    }
    return found;
  });
}

/** The page's theme-color metas. */
function themeColors(target: Page) {
  return target
    .locator('meta[name="theme-color"]')
    .evaluateAll((metas) => metas.map((meta) => ({ content: meta.getAttribute('content'), media: meta.getAttribute('media') })));
}

/** The page's canvas and the logo drawing it shows (the dark one's wordmark is the dark palette's brand green). */
function offlinePaint(target: Page) {
  return target.evaluate(() => {
    const logo = document.querySelector('img')!;
    return {
      canvas: getComputedStyle(document.documentElement).backgroundColor,
      card: getComputedStyle(document.querySelector('main > div')!).backgroundColor,
      heading: getComputedStyle(document.querySelector('h1')!).color,
      darkLogo: decodeURIComponent(logo.currentSrc).includes('fill="#4fc892"'),
    };
  });
}

beforeAll(async () => {
  // Notifications: the full browser (the headless shell has none).
  browser = await launchBrowser({ full: true });
  member = await createMember('pwa');
  context = await memberContext(browser, member, { viewport: VIEWPORTS.phone });
  page = await context.newPage();
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('installable app', () => {
  it('links a manifest with the site name, start and scope, standalone display, brand colours and PNG icons', async () => {
    await page.goto('/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    // The member keeps the System theme: the bar's colour follows the device, light or dark.
    expect(await themeColors(page)).toEqual([
      { content: '#0a7d4f', media: '(prefers-color-scheme: light)' },
      { content: '#1a2436', media: '(prefers-color-scheme: dark)' },
    ]);

    const answer = await context.request.get(href!);
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = JSON.parse(await answer.text());
    expect(manifest).toMatchObject({ start_url: '/', scope: '/', display: 'standalone', theme_color: '#0a7d4f' });
    expect(manifest.name).toMatch(/\S/);
    expect(manifest.short_name).toMatch(/\S/);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/);

    const icons = manifest.icons as { src: string; sizes: string; type: string; purpose: string }[];
    expect(icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
    for (const icon of icons) {
      const file = await context.request.get(icon.src);
      expect(file.status(), icon.src).toBe(200);
      expect(file.headers()['content-type'], icon.src).toBe('image/png');
      const [width, height] = icon.sizes.split('x').map(Number);
      expect(pngSize(await file.body()), icon.src).toEqual({ width, height });
    }

    const touchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
    const touch = await context.request.get(touchIcon!);
    expect(touch.headers()['content-type']).toBe('image/png');
    expect(pngSize(await touch.body())).toEqual({ width: 180, height: 180 });
  });

  it('registers a service worker, served fresh from the root, that controls the page after a reload', async () => {
    const worker = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return { state: registration.active?.state, script: registration.active?.scriptURL ?? '', scope: registration.scope };
    });
    expect(worker.state).toBe('activated');
    expect(new URL(worker.script).pathname).toBe('/sw.js');
    expect(new URL(worker.scope).pathname).toBe('/');

    const script = await context.request.get(new URL(worker.script).pathname + new URL(worker.script).search);
    expect(script.status()).toBe(200);
    expect(script.headers()['cache-control']).toBe('no-cache');
    expect(script.headers()['content-type']).toMatch(/javascript/);

    await page.reload();
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(worker.script);
    // Controlled, the page's build files are kept; the pages themselves never are.
    await expect
      .poll(
        async () =>
          Object.values(await cachedPaths(page))
            .flat()
            .filter((path) => path.startsWith('/assets/')).length,
      )
      .toBeGreaterThan(0);
  });

  it('keeps nothing but build files and the offline page', async () => {
    await page.goto('/friends');
    const kept = await cachedPaths(page);
    const paths = Object.values(kept).flat();
    expect(paths).toContain('/offline.html');
    expect(paths.filter((path) => path !== '/offline.html' && !path.startsWith('/assets/'))).toEqual([]);
  });

  it('shows the offline page when a page cannot load, and the page again once back online', async () => {
    await context.setOffline(true);
    try {
      await page.goto('/friends');
      expect(new URL(page.url()).pathname).toBe('/friends');
      await page.getByRole('heading', { level: 1, name: offlineTexts.heading }).waitFor();
      await page.getByText(offlineTexts.body).waitFor();
      const retry = page.getByRole('link', { name: offlineTexts.retry });
      expect(await retry.isVisible()).toBe(true);
      // Styled as the product (the brand button), not a bare page.
      expect(await retry.evaluate((link) => getComputedStyle(link).backgroundColor)).toBe('rgb(10, 125, 79)');
      expect(await page.getByRole('img', { name: /\S/ }).evaluate((img: HTMLImageElement) => img.naturalWidth > 0)).toBe(true);
      await noSidewaysScroll(page);
      await saveScreenshot(page, 'pwa-offline-375');
      await page.setViewportSize(VIEWPORTS.laptop);
      await saveScreenshot(page, 'pwa-offline-1280');
      await page.setViewportSize(VIEWPORTS.phone);

      // The same page on a device that prefers dark: it cannot know the member's choice, so it follows the device.
      expect(await offlinePaint(page)).toEqual({
        canvas: 'rgb(240, 242, 245)',
        card: 'rgb(255, 255, 255)',
        heading: 'rgb(15, 23, 42)',
        darkLogo: false,
      });
      expect(await themeColors(page)).toHaveLength(2);
      await page.emulateMedia({ colorScheme: 'dark' });
      await expect
        .poll(() => offlinePaint(page))
        .toEqual({ canvas: 'rgb(15, 23, 42)', card: 'rgb(26, 36, 54)', heading: 'rgb(241, 245, 249)', darkLogo: true });
      expect(await page.getByRole('img', { name: /\S/ }).evaluate((img: HTMLImageElement) => img.naturalWidth > 0)).toBe(true);
      await saveScreenshot(page, 'pwa-offline-dark-375');
      await page.setViewportSize(VIEWPORTS.laptop);
      await saveScreenshot(page, 'pwa-offline-dark-1280');
      await page.setViewportSize(VIEWPORTS.phone);
      await page.emulateMedia({ colorScheme: 'light' });
    } finally {
      await context.setOffline(false);
    }
    await page.getByRole('link', { name: offlineTexts.retry }).click();
    await page.waitForURL((url) => url.pathname === '/friends');
    await page.getByRole('heading', { level: 1, name: offlineTexts.heading }).waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBe('true');
  });

  it('shows a push message as a notification with its text, tag and page', async () => {
    await context.grantPermissions(['notifications']);
    const cdp = await context.newCDPSession(page);
    const registrationId = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const ours = registrations.find((registration) => !registration.isDeleted && new URL(registration.scopeURL).pathname === '/');
        if (ours) resolve(ours.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    const payload = { title: 'Ada liked your post', body: 'Jollof or fried rice?', url: '/posts/7', tag: 'post-7' };
    const origin = new URL(page.url()).origin;
    const id = await registrationId;
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    const deliver = () => cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: id, data: JSON.stringify(payload) });
    const shown = () =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
          data: n.data,
        })),
      );
    // On a loaded machine a delivered push has gone unshown; one delivered again with the same tag
    // replaces the first rather than adding to it, so it is delivered again until one shows.
    await deliver();
    await expect
      .poll(
        async () => {
          const list = await shown();
          if (list.length === 0) await deliver();
          return list;
        },
        { timeout: 30_000, interval: 3_000 },
      )
      .toEqual([{ title: payload.title, body: payload.body, tag: payload.tag, data: { url: new URL(payload.url, page.url()).href } }]);
    await cdp.detach();
  });

  it("forgets the member's build files on sign-out", async () => {
    await page.goto('/');
    const memberFiles = (paths: Record<string, string[]>) =>
      Object.values(paths)
        .flat()
        .filter((path) => /^\/assets\/_app[.-]/.test(path));
    await expect.poll(async () => memberFiles(await cachedPaths(page)).length).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/login');

    await expect.poll(async () => memberFiles(await cachedPaths(page))).toEqual([]);
    const paths = Object.values(await cachedPaths(page)).flat();
    expect(paths.filter((path) => path !== '/offline.html' && !path.startsWith('/assets/'))).toEqual([]);
  });
});
