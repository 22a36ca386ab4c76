/// <reference lib="dom" />
/**
 * Navigation on every screen (decision 025): on a phone the drawer offers every destination of the
 * left menu after the product's own entries, in sections, honouring the admin's feature switches,
 * scrolling inside itself on a short phone, keeping focus inside and giving it back to the menu
 * button; at 1280x800 the left menu's Settings is on screen without scrolling; the not-found pages
 * keep the app's layout for a signed-in member (and stand alone for a visitor); Unsave on the
 * Saved page takes the post off the list at once and brings it back with "Unsave post failed" if
 * the call fails.
 */
import { postTexts } from '@kora/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { control } from '../api/support/product';
import { putSettings } from './support/admins';
import { anonymousContext, contextPool, launchBrowser, VIEWPORTS, type Viewport } from './support/browser';
import { callAs } from './support/friends';
import { createMember, memberContext, type Member } from './support/members';
import { toastWith } from './support/page-helpers';
import { createPostsThroughApi } from './support/posts';
import { saveScreenshot } from './support/screenshots';

const LONG = 120_000;

let browser: Browser;
let member: Member;
const pool = contextPool();

function memberPage(viewport: Viewport): Promise<Page> {
  return pool.open(memberContext(browser, member, { viewport, reducedMotion: 'reduce' }));
}

beforeAll(async () => {
  browser = await launchBrowser();
  member = await createMember('nav');
}, LONG);

afterAll(async () => {
  await pool.closeAll();
  await browser?.close();
});

const SPEC_ENTRIES = ['Home', 'Profile', 'Friends', 'Messages', 'Notifications'];
const MAIN_ENTRIES = ['Popular', 'My Offers', 'My Blogs', 'Saved', 'Scheduled', 'Memories', 'Packages'];
const EXPLORE_ENTRIES = ['People', 'Representative', 'Wallet', 'Pages', 'Groups', 'Events', 'Reels', 'Watch', 'Blogs', 'Offers'];

async function openDrawer(page: Page) {
  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await drawer.waitFor();
  return drawer;
}

/** The drawer's links and its Logout button, in document order. */
async function drawerLabels(page: Page): Promise<string[]> {
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  return (await drawer.locator('nav li > a, nav li > form > button').allInnerTexts()).map((text) => text.trim());
}

describe('the drawer on a phone', () => {
  it(
    'offers the spec entries first, then every left-menu destination in sections, Logout last',
    async () => {
      const page = await memberPage(VIEWPORTS.phone);
      await page.goto('/');
      const drawer = await openDrawer(page);
      expect(await drawerLabels(page)).toEqual([...SPEC_ENTRIES, ...MAIN_ENTRIES, ...EXPLORE_ENTRIES, 'Settings', 'Logout']);
      for (const heading of ['Main', 'Explore', 'Account']) {
        expect(await drawer.getByRole('heading', { name: heading, exact: true }).count()).toBe(1);
      }
      const hrefOf = (name: string) => drawer.getByRole('link', { name, exact: true }).getAttribute('href');
      expect(await hrefOf('Profile')).toBe(`/profile/${member.userId}`);
      expect(await hrefOf('Popular')).toBe('/mine/popular');
      expect(await hrefOf('People')).toBe('/friends');
      expect(await hrefOf('Settings')).toBe('/settings');
      await saveScreenshot(page, 'navigation-drawer-375');

      await drawer.getByRole('link', { name: 'Representative', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/representative');
      await drawer.waitFor({ state: 'detached' });
    },
    LONG,
  );

  it(
    'hides what the admin switched off, as the left menu does',
    async () => {
      const page = await memberPage(VIEWPORTS.phone);
      // The switch reaches the web server through an event and its few seconds' cache: ask again.
      const labelsAfterReload = async () => {
        await page.goto('/');
        await openDrawer(page);
        return drawerLabels(page);
      };
      await putSettings('features', { groups: false, payments: false });
      try {
        await expect
          .poll(async () => (await labelsAfterReload()).filter((label) => ['Groups', 'Wallet', 'Packages'].includes(label)), {
            timeout: 20_000,
          })
          .toEqual([]);
        const labels = await drawerLabels(page);
        expect(labels).toContain('Reels');
        expect(labels.at(-1)).toBe('Logout');
      } finally {
        await putSettings('features', { groups: true, payments: true });
      }
      await expect.poll(async () => (await labelsAfterReload()).includes('Groups'), { timeout: 20_000 }).toBe(true);
    },
    LONG,
  );

  it(
    'scrolls inside itself on a short phone, keeps focus inside and gives it back to the menu button',
    async () => {
      const page = await memberPage({ width: 375, height: 560 });
      await page.goto('/');
      const drawer = await openDrawer(page);
      const list = drawer.getByRole('navigation', { name: 'Mobile menu' });
      const sizes = await list.evaluate((nav) => ({ scroll: nav.scrollHeight, client: nav.clientHeight }));
      expect(sizes.scroll).toBeGreaterThan(sizes.client);
      const logout = drawer.getByRole('button', { name: 'Logout' });
      await logout.scrollIntoViewIfNeeded();
      expect(await logout.isVisible()).toBe(true);
      expect(await list.evaluate((nav) => nav.scrollTop)).toBeGreaterThan(0);
      await saveScreenshot(page, 'navigation-drawer-short-phone');

      // Tab goes round inside the drawer (more presses than it has stops) and never behind it.
      const stops = (await drawerLabels(page)).length + 1;
      for (let press = 0; press < stops + 5; press += 1) {
        await page.keyboard.press('Tab');
        expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))).toBe(true);
      }
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'detached' });
      // Radix hands focus back a task after the drawer leaves the page.
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Open menu');
    },
    LONG,
  );
});

describe('the left menu at 1280x800', () => {
  it(
    'shows Settings without scrolling the page, also with Mine open',
    async () => {
      const page = await memberPage(VIEWPORTS.laptop);
      await page.goto('/');
      const menu = page.getByRole('navigation', { name: 'Main menu' });
      const settings = menu.getByRole('link', { name: 'Settings', exact: true });
      const onScreen = async () => {
        const box = await settings.boundingBox();
        return box !== null && box.y >= 0 && box.y + box.height <= VIEWPORTS.laptop.height;
      };
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      expect(await onScreen()).toBe(true);
      await menu.getByRole('button', { name: 'Mine' }).click();
      await menu.getByRole('link', { name: 'My Blogs' }).waitFor();
      expect(await onScreen()).toBe(true);
      await saveScreenshot(page, 'navigation-left-menu-1280');

      // Scrolling a long page keeps the menu (and Settings) where it is.
      await page.goto('/help');
      await page.mouse.wheel(0, 2000);
      expect(await onScreen()).toBe(true);
    },
    LONG,
  );
});

describe('the not-found page', () => {
  it.each([
    ['an unknown path', '/no-such-page/at/all'],
    ['/not-found', '/not-found'],
    ['a 404 a page throws inside the layout', '/reels/not-a-reel'],
  ])('keeps the top bar and menus for a signed-in member: %s', async (_what, pathname) => {
    const page = await memberPage(VIEWPORTS.laptop);
    const response = await page.goto(pathname);
    expect(response?.status()).toBe(404);
    expect(await page.getByRole('heading', { name: 'Page not found' }).isVisible()).toBe(true);
    expect(await page.getByRole('banner').getByRole('button', { name: 'Account menu' }).isVisible()).toBe(true);
    expect(await page.getByRole('navigation', { name: 'Main menu' }).isVisible()).toBe(true);
    if (pathname === '/not-found') await saveScreenshot(page, 'navigation-not-found-1280');
  });

  it('keeps the drawer for a signed-in member on a phone', async () => {
    const page = await memberPage(VIEWPORTS.phone);
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await openDrawer(page);
    await saveScreenshot(page, 'navigation-not-found-drawer-375');
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Saved', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/saved');
  });

  it('stands alone for a signed-out visitor', async () => {
    const page = await pool.open(anonymousContext(browser, { viewport: VIEWPORTS.laptop }));
    for (const pathname of ['/no-such-page', '/not-found']) {
      const response = await page.goto(pathname);
      expect(response?.status()).toBe(404);
      expect(new URL(page.url()).pathname).toBe(pathname);
      expect(await page.getByRole('heading', { name: 'Page not found' }).isVisible()).toBe(true);
      expect(await page.getByRole('navigation', { name: 'Main menu' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Account menu' }).count()).toBe(0);
    }
  });
});

describe('Unsave on the Saved page', () => {
  it(
    'takes the post off the list before the server answers, and brings it back when the call fails',
    async () => {
      const tag = Date.now().toString(36);
      const [kept, unsaved] = await createPostsThroughApi(member, [`Kept saved ${tag}`, `Unsaved at once ${tag}`]);
      for (const postId of [kept, unsaved]) {
        const saved = await callAs(member, 'POST', '/api/saves', { postId });
        expect(saved.status).toBe(201);
      }
      const page = await memberPage(VIEWPORTS.laptop);
      await page.goto('/saved');
      const feed = page.getByRole('feed', { name: 'Saved Posts' });
      const card = (text: string) => feed.getByRole('article').filter({ hasText: text });
      await card(`Unsaved at once ${tag}`).waitFor();

      // Hold the call: the post must already be gone while it is on its way.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let asked = false;
      await page.route(`**/resources/posts/${unsaved}**`, async (route) => {
        asked = true;
        await held;
        await route.continue();
      });
      await card(`Unsaved at once ${tag}`).getByRole('button', { name: 'Post options' }).click();
      await page.getByRole('menuitem', { name: 'Unsave Post' }).click();
      await expect.poll(() => card(`Unsaved at once ${tag}`).count()).toBe(0);
      await expect.poll(() => asked).toBe(true);
      expect(await card(`Kept saved ${tag}`).count()).toBe(1);
      release();
      await toastWith(page, postTexts.unsaved).waitFor();
      await page.unroute(`**/resources/posts/${unsaved}**`);
      await page.reload();
      await card(`Kept saved ${tag}`).waitFor();
      expect(await card(`Unsaved at once ${tag}`).count()).toBe(0);

      // The posts service down: the post leaves, then comes back with the product's text.
      await control('stop', 'posts');
      try {
        await card(`Kept saved ${tag}`).getByRole('button', { name: 'Post options' }).click();
        await page.getByRole('menuitem', { name: 'Unsave Post' }).click();
        await toastWith(page, 'Unsave post failed').waitFor({ timeout: 30_000 });
        await card(`Kept saved ${tag}`).waitFor();
      } finally {
        await control('start', 'posts');
      }
    },
    LONG,
  );
});
