/// <reference lib="dom" />
/**
 * The social screens in Nigerian Pidgin (decision 045): a member who chose Naijá in Settings →
 * General reads the home feed (composer, post cards, counts), the Friends page and the Groups page
 * in Pidgin, from the server's first answer on. Screens at 375x812 and 1280x800.
 */
import { postScreenTexts } from '@kora/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, VIEWPORTS, type Viewport } from './support/browser';
import { callAs } from './support/friends';
import { createMember, memberContext, type Member } from './support/members';
import { noSidewaysScroll } from './support/page-helpers';
import { createPostsThroughApi } from './support/posts';
import { saveScreenshot } from './support/screenshots';

const LONG = 240_000;

let browser: Browser;
const contexts: BrowserContext[] = [];
let reader: Member;
let postId: number;

async function signedIn(member: Member, viewport: Viewport): Promise<Page> {
  const context = await memberContext(browser, member, { viewport });
  contexts.push(context);
  return context.newPage();
}

beforeAll(async () => {
  browser = await launchBrowser();
  reader = await createMember('pcr');
  await callAs(reader, 'PUT', '/api/settings/profile', { language: 'pcm' });
  postId = (await createPostsThroughApi(reader, ['Jollof for everybody this Sunday']))[0]!;
  await callAs(reader, 'POST', `/api/posts/${postId}/react`, { reaction: 'like' });
}, LONG);

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await browser?.close();
});

describe('social screens in Pidgin', () => {
  for (const [name, viewport] of [
    ['phone', VIEWPORTS.phone],
    ['laptop', VIEWPORTS.laptop],
  ] as const) {
    it(
      `shows the feed, a post card, Friends and Groups in Pidgin (${name})`,
      async () => {
        const page = await signedIn(reader, viewport);
        await page.goto('/');
        expect(await page.locator('html').getAttribute('lang')).toBe('pcm');
        await page.getByRole('textbox', { name: 'Wetin you wan post' }).waitFor();
        expect(await page.getByRole('textbox', { name: 'Wetin you wan post' }).getAttribute('placeholder')).toBe(
          `Wetin dey your mind, ${reader.firstname}?`,
        );
        const card = page.getByRole('article', { name: `Post from ${reader.firstname} ${reader.lastname}` });
        await card.waitFor();
        await card.getByText('1 like', { exact: true }).waitFor();
        await card.getByRole('textbox', { name: 'Write comment' }).waitFor();
        // No English left on the card where Pidgin has its own words.
        expect(await card.getByRole('textbox', { name: postScreenTexts.writeComment }).count()).toBe(0);
        await noSidewaysScroll(page);
        await saveScreenshot(page, `social-pidgin-feed-${name}`);

        await page.goto('/friends');
        await page.getByRole('heading', { name: 'People Wey You Fit Know' }).waitFor();
        await page.getByPlaceholder('Search with name or username').waitFor();
        await saveScreenshot(page, `social-pidgin-friends-${name}`);

        await page.goto('/groups');
        await page.getByRole('button', { name: 'Make group' }).waitFor();
        await page.getByRole('tab', { name: 'Groups wey I join' }).waitFor();
        await saveScreenshot(page, `social-pidgin-groups-${name}`);
      },
      LONG,
    );
  }
});
