/// <reference lib="dom" />
/**
 * The theme (decision 043) through the browser: a member picks Dark in Settings → General and the
 * page turns dark at once, and the server's own HTML carries it on the next load (no light first
 * paint), also on another device; Light stays light whatever the device prefers; System and
 * visitors follow the device's preference (emulated) without a reload. The browser's bar colour
 * (theme-color) and the logo's drawing follow the theme shown, and the logo's wordmark reads on the
 * bar it sits on.
 */
import { settingsTexts, themeLabels, type Theme } from '@kora/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymousContext, launchBrowser, VIEWPORTS } from './support/browser';
import { createMember, memberContext, type Member } from './support/members';
import { toastWith } from './support/page-helpers';
import { saveScreenshot } from './support/screenshots';

const LONG = 120_000;
/** The page canvas behind everything: light and dark (web/app/theme-palette.ts). */
const LIGHT_CANVAS = 'rgb(240, 242, 245)';
const DARK_CANVAS = 'rgb(15, 23, 42)';
const DARK_TEXT = 'rgb(241, 245, 249)';
/** The browser bar's colour: the brand in Light, the dark top bar in Dark (web/app/utils/app-colors.ts). */
const LIGHT_BAR = '#0a7d4f';
const DARK_BAR = '#1a2436';
const LIGHT_LOGO = '/images/logo.svg';
const DARK_LOGO = '/images/logo-dark.svg';

let browser: Browser;
const contexts: BrowserContext[] = [];

async function newContext(member: Member | null): Promise<BrowserContext> {
  const options = { viewport: VIEWPORTS.laptop };
  const context = member ? await memberContext(browser, member, options) : await anonymousContext(browser, options);
  contexts.push(context);
  return context;
}

/** What <html> says and the colour the page is painted in, as the browser computes them now. */
function painted(page: Page) {
  return page.evaluate(() => {
    const html = document.documentElement;
    return {
      dark: html.classList.contains('dark'),
      theme: html.dataset.theme,
      canvas: getComputedStyle(html).backgroundColor,
      text: getComputedStyle(html).color,
    };
  });
}

/** The <html> start tag of the page as the server sent it, before any script ran. */
async function serverHtmlTag(context: BrowserContext, path: string): Promise<string> {
  const response = await context.request.get(path);
  expect(response.status()).toBe(200);
  const tag = /<html[^>]*>/.exec(await response.text())?.[0];
  if (!tag) throw new Error(`no <html> tag in ${path}`);
  return tag;
}

/** The page's theme-color metas. */
function themeColors(page: Page) {
  return page
    .locator('meta[name="theme-color"]')
    .evaluateAll((metas) => metas.map((meta) => ({ content: meta.getAttribute('content'), media: meta.getAttribute('media') })));
}

/**
 * The logo drawing the top bar shows, and how its wordmark stands out from the bar: the image as
 * the browser picked it, drawn over the bar's own colour, and the wordmark's pixel (right of the
 * mark) of the highest contrast with it, which is the wordmark's fill.
 */
function logoOnBar(page: Page) {
  return page
    .getByRole('banner')
    .getByRole('link', { name: /home$/ })
    .locator('img')
    .evaluate(async (img: HTMLImageElement) => {
      await img.decode();
      const channel = (value: number) => {
        const c = value / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      };
      const luminance = (r: number, g: number, b: number) => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
      const [r, g, b] = getComputedStyle(img.closest('header')!).backgroundColor.match(/\d+/g)!.map(Number) as [number, number, number];
      const scale = 2;
      const canvas = Object.assign(document.createElement('canvas'), { width: 112 * scale, height: 32 * scale });
      const context = canvas.getContext('2d')!;
      context.fillStyle = `rgb(${r}, ${g}, ${b})`;
      context.fillRect(0, 0, canvas.width, canvas.height);
      context.drawImage(img, 0, 0, canvas.width, canvas.height);
      const { data } = context.getImageData(40 * scale, 0, 72 * scale, 32 * scale);
      const bar = luminance(r, g, b);
      let best = 1;
      for (let i = 0; i < data.length; i += 4) {
        const pixel = luminance(data[i]!, data[i + 1]!, data[i + 2]!);
        best = Math.max(best, (Math.max(pixel, bar) + 0.05) / (Math.min(pixel, bar) + 0.05));
      }
      return { drawing: new URL(img.currentSrc).pathname, wordmarkContrast: best };
    });
}

async function chooseTheme(page: Page, theme: Theme) {
  await page.getByLabel(settingsTexts.themeLabel).selectOption({ label: themeLabels[theme] });
  await page.getByRole('button', { name: 'Save' }).click();
  await toastWith(page, settingsTexts.saved).waitFor();
}

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await browser?.close();
});

describe('the theme', () => {
  it(
    'turns dark at once when Dark is saved, and the server paints it dark from then on, on another device too',
    async () => {
      const member = await createMember('dark');
      const context = await newContext(member);
      const page = await context.newPage();
      await page.goto('/settings');
      expect(await painted(page)).toMatchObject({ dark: false, theme: 'system', canvas: LIGHT_CANVAS });
      expect(await page.getByLabel(settingsTexts.themeLabel).inputValue()).toBe('system');
      expect(await themeColors(page)).toEqual([
        { content: LIGHT_BAR, media: '(prefers-color-scheme: light)' },
        { content: DARK_BAR, media: '(prefers-color-scheme: dark)' },
      ]);
      expect((await logoOnBar(page)).drawing).toBe(LIGHT_LOGO);

      await chooseTheme(page, 'dark');
      // No reload: the layout's data came back with the action.
      await expect.poll(() => painted(page)).toMatchObject({ dark: true, theme: 'dark', canvas: DARK_CANVAS });
      expect(page.url()).toContain('/settings');
      // The browser's bar runs into the dark top bar, and the logo is drawn for it and reads on it.
      expect(await themeColors(page)).toEqual([{ content: DARK_BAR, media: null }]);
      await expect.poll(async () => (await logoOnBar(page)).drawing).toBe(DARK_LOGO);
      expect((await logoOnBar(page)).wordmarkContrast).toBeGreaterThanOrEqual(4.5);
      await saveScreenshot(page, 'dark-settings-1280');
      await page.setViewportSize(VIEWPORTS.phone);
      await saveScreenshot(page, 'dark-settings-375');
      await page.setViewportSize(VIEWPORTS.laptop);

      // The first answer of the next load already says dark, for any page, bar colour and logo too.
      expect(await serverHtmlTag(context, '/')).toMatch(/class="dark"/);
      const html = await (await context.request.get('/')).text();
      expect(html).toContain(`<meta name="theme-color" content="${DARK_BAR}"/>`);
      expect(html).toContain(`src="${DARK_LOGO}"`);
      await page.goto('/');
      expect(await painted(page)).toMatchObject({ dark: true, canvas: DARK_CANVAS });
      await page.reload({ waitUntil: 'domcontentloaded' });
      expect(await painted(page)).toMatchObject({ dark: true, canvas: DARK_CANVAS });

      // Another browser the member signs in on never saw the Settings page: the server reads the choice.
      const other = await newContext(member);
      expect(await serverHtmlTag(other, '/')).toMatch(/class="dark"/);
      const otherPage = await other.newPage();
      await otherPage.goto('/friends', { waitUntil: 'domcontentloaded' });
      expect(await painted(otherPage)).toMatchObject({ dark: true, canvas: DARK_CANVAS });
    },
    LONG,
  );

  it(
    'stays light with Light on a device that prefers dark, and follows the device with System',
    async () => {
      const member = await createMember('light');
      const context = await newContext(member);
      const page = await context.newPage();
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.goto('/settings');
      // System is the default: the device prefers dark, so the page is dark with no class.
      expect(await painted(page)).toMatchObject({ dark: false, theme: 'system', canvas: DARK_CANVAS });
      // The browser picks the dark logo by the device's preference.
      const systemLogo = await logoOnBar(page);
      expect(systemLogo.drawing).toBe(DARK_LOGO);
      expect(systemLogo.wordmarkContrast).toBeGreaterThanOrEqual(4.5);

      await chooseTheme(page, 'light');
      await expect.poll(() => painted(page)).toMatchObject({ dark: false, theme: 'light', canvas: LIGHT_CANVAS });
      expect(await themeColors(page)).toEqual([{ content: LIGHT_BAR, media: null }]);
      await expect.poll(async () => (await logoOnBar(page)).drawing).toBe(LIGHT_LOGO);
      expect((await logoOnBar(page)).wordmarkContrast).toBeGreaterThanOrEqual(4.5);
      expect(await serverHtmlTag(context, '/')).not.toMatch(/class="dark"/);
      await page.reload();
      expect(await painted(page)).toMatchObject({ theme: 'light', canvas: LIGHT_CANVAS });

      await chooseTheme(page, 'system');
      await expect.poll(() => painted(page)).toMatchObject({ theme: 'system', canvas: DARK_CANVAS });
      await page.emulateMedia({ colorScheme: 'light' });
      expect(await painted(page)).toMatchObject({ canvas: LIGHT_CANVAS });
      await expect.poll(async () => (await logoOnBar(page)).drawing).toBe(LIGHT_LOGO);
      await page.emulateMedia({ colorScheme: 'dark' });
      expect(await painted(page)).toMatchObject({ canvas: DARK_CANVAS });
      await expect.poll(async () => (await logoOnBar(page)).drawing).toBe(DARK_LOGO);
    },
    LONG,
  );

  it(
    'follows the device for a visitor who is not signed in',
    async () => {
      const page = await (await newContext(null)).newPage();
      await page.goto('/login');
      expect(await painted(page)).toMatchObject({ dark: false, theme: 'system', canvas: LIGHT_CANVAS });
      await page.emulateMedia({ colorScheme: 'dark' });
      // Text turns light with the page, so it stays readable.
      expect(await painted(page)).toMatchObject({ canvas: DARK_CANVAS, text: DARK_TEXT });
    },
    LONG,
  );
});
