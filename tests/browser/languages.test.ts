/// <reference lib="dom" />
/**
 * The chosen language applied (decision 045), through the browser: a visitor whose browser asks for
 * Nigerian Pidgin reads the sign-in page in it; a member who picks "Naijá (Pidgin)" in Settings →
 * General reads every page in it after the save, at phone and laptop sizes, with no English text of
 * the catalogs left on the screen (a text Pidgin words differently showing in English is a text the
 * page did not take from the catalog in the member's language).
 */
import { catalogOf, languageLabels, loadLanguage, namespacesOf } from '@kora/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymousContext, launchBrowser, VIEWPORTS } from './support/browser';
import { createMember, memberContext } from './support/members';
import { saveScreenshot } from './support/screenshots';

const LONG = 180_000;
const PIDGIN = { 'accept-language': 'pcm-NG,pcm;q=0.9,en;q=0.5' };

/** The member pages walked in Pidgin. */
const PAGES = [
  '/',
  '/friends',
  '/groups',
  '/messages',
  '/notifications',
  '/wallet',
  '/packages',
  '/search?q=lagos',
  '/reels',
  '/saved',
  '/memories',
  '/settings',
  '/settings?tab=privacy',
  '/settings?tab=notifications',
  '/settings?tab=security',
  '/settings?tab=data',
];

let browser: Browser;
const contexts: BrowserContext[] = [];
/** Every catalog text without placeholders that Pidgin never uses as it is: such English must not show. */
let englishOnly: Map<string, string>;

beforeAll(async () => {
  browser = await launchBrowser();
  await loadLanguage('pcm');
  englishOnly = new Map();
  // A word Pidgin keeps as it is in one place ("Friends" in the menu) is no leak where the same
  // English word is worded otherwise in another ("Friends" as an audience).
  const pidginTexts = new Set(namespacesOf('pcm').flatMap((ns) => Object.values(catalogOf('pcm', ns) ?? {}).map((text) => text.trim())));
  for (const ns of namespacesOf('en')) {
    const english = catalogOf('en', ns) ?? {};
    for (const [key, text] of Object.entries(english)) {
      if (text.includes('{{') || text.trim().length < 3 || pidginTexts.has(text.trim())) continue;
      englishOnly.set(text.trim(), `${ns}:${key}`);
    }
  }
});

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await browser?.close();
});

/** The catalog keys whose English text the page shows (text, labels, placeholders, titles, alt texts). */
async function englishOnScreen(page: Page): Promise<string[]> {
  const shown = await page.evaluate(() => {
    const texts = new Set<string>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style, noscript, [hidden]')) continue;
      const text = node.textContent?.trim();
      if (text) texts.add(text);
    }
    for (const element of document.querySelectorAll('[aria-label], [placeholder], [title], img[alt]')) {
      for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
        const value = element.getAttribute(name)?.trim();
        if (value) texts.add(value);
      }
    }
    texts.add(document.title.split(' | ')[0]!.trim());
    return [...texts];
  });
  return shown.flatMap((text) => (englishOnly.has(text) ? [`${englishOnly.get(text)} "${text}"`] : []));
}

describe('languages', () => {
  it(
    'a visitor reads the sign-in page in the language their browser asks for, and English otherwise',
    async () => {
      const pidgin = await anonymousContext(browser, { viewport: VIEWPORTS.phone, extraHTTPHeaders: PIDGIN });
      const english = await anonymousContext(browser, { viewport: VIEWPORTS.phone });
      contexts.push(pidgin, english);
      const page = await pidgin.newPage();
      await page.goto('/login');
      expect(await page.getAttribute('html', 'lang')).toBe('pcm');
      expect(await englishOnScreen(page)).toEqual([]);
      await saveScreenshot(page, 'languages-login-pcm-phone');

      const other = await english.newPage();
      await other.goto('/login');
      expect(await other.getAttribute('html', 'lang')).toBe('en');
    },
    LONG,
  );

  it(
    'a member who picks Pidgin reads every page in it after the save, phone and laptop',
    async () => {
      const member = await createMember('naija');
      const context = await memberContext(browser, member, { viewport: VIEWPORTS.laptop });
      contexts.push(context);
      const page = await context.newPage();
      await page.goto('/settings');
      expect(await page.getAttribute('html', 'lang')).toBe('en');
      const general = page.locator('form').filter({ has: page.locator('select[name=language]') });
      // Only the languages the app reads in completely are offered.
      expect(await general.locator('select[name=language] option').allTextContents()).toEqual([languageLabels.en, languageLabels.pcm]);
      await general.locator('select[name=language]').selectOption({ label: languageLabels.pcm });
      await Promise.all([page.waitForEvent('load'), general.locator('button[type=submit]').click()]);
      await page.waitForFunction(() => document.documentElement.lang === 'pcm');
      // The saved choice is the member's, and the page after the reload reads in it.
      expect(await page.locator('select[name=language]').inputValue()).toBe('pcm');

      const leaks: string[] = [];
      for (const [viewport, size] of [
        ['laptop', VIEWPORTS.laptop],
        ['phone', VIEWPORTS.phone],
      ] as const) {
        await page.setViewportSize(size);
        for (const path of PAGES) {
          await page.goto(path);
          await page.waitForLoadState('networkidle');
          expect(await page.getAttribute('html', 'lang'), path).toBe('pcm');
          leaks.push(...(await englishOnScreen(page)).map((leak) => `${path}: ${leak}`));
          if (path === '/' || path === '/settings')
            await saveScreenshot(page, `languages-pcm-${path === '/' ? 'home' : 'settings'}-${viewport}`);
        }
      }
      // One line per leak, so the report names every one (an array's diff is cut short).
      expect([...new Set(leaks)].join('\n')).toBe('');
    },
    LONG * 2,
  );
});
