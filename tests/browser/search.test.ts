/// <reference lib="dom" />
/**
 * Search in the browser, against the running product (decision 025): the top bar's search opens
 * /search; People finds a member whose name is written with accents from words typed without them
 * (with Add Friend, which the other member receives); Posts finds a post by a word with the feed's
 * card (Like works) and never a friends-only member's post to a stranger; Groups and Hashtags find
 * theirs and link to their pages; the tabs are links that say which is open and take the keyboard;
 * more results load at the end of the list; the prompt, "No results" and the titles. Screens of
 * each tab at 1280x800 and 375x812.
 */
import { friendTexts, searchTexts } from '@kora/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, VIEWPORTS, type Viewport } from './support/browser';
import { callAs, waitUntilFriendsKnow } from './support/friends';
import { createMember, memberContext, type Member } from './support/members';
import { noSidewaysScroll, toastWith } from './support/page-helpers';
import { createPostsThroughApi } from './support/posts';
import { createGroupThroughApi, runWord, savePrivacyThroughApi, waitForSearch } from './support/search';
import { saveScreenshot } from './support/screenshots';

const LONG = 240_000;
const SURNAME = runWord('Nwánkwó');
const TYPED_NAME = `adaeze ${SURNAME.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()}`;
const WORD = runWord('kolanut');
const GROUP_TITLE = `${runWord('Ogbete')} Traders`;
const TAG = runWord('suya');
/** More tags than a page holds (20), all starting alike, so the Hashtags tab has a second page. */
const PAGED_PREFIX = runWord('pg');
const PAGED_TAGS = Array.from({ length: 22 }, (_, i) => `${PAGED_PREFIX}${String.fromCharCode(97 + i)}`);

let browser: Browser;
const contexts: BrowserContext[] = [];
let viewer: Member;
let person: Member;
let author: Member;
let hidden: Member;
let groupId: number;
let publicPostId: number;

async function signedIn(member: Member, viewport: Viewport = VIEWPORTS.laptop): Promise<Page> {
  const context = await memberContext(browser, member, { viewport });
  contexts.push(context);
  return context.newPage();
}

function searchUrl(q: string, type?: string): string {
  return `/search?${new URLSearchParams(type ? { q, type } : { q })}`;
}

function tabs(page: Page) {
  return page.getByRole('navigation', { name: 'Search results' });
}

beforeAll(async () => {
  browser = await launchBrowser();
  [viewer, person, author, hidden] = await Promise.all([
    createMember('srv'),
    createMember('srp', { firstname: 'Adaéze', lastname: SURNAME }),
    createMember('sra'),
    createMember('srh'),
  ]);
  publicPostId = (await createPostsThroughApi(author, [`Fresh ${WORD} at Balogun market #${TAG}`]))[0]!;
  await createPostsThroughApi(hidden, [`Private ${WORD} plans for the weekend`]);
  await createPostsThroughApi(author, [PAGED_TAGS.map((tag) => `#${tag}`).join(' ')]);
  groupId = await createGroupThroughApi(author, GROUP_TITLE, 'Kola and bitter kola, wholesale.');
  await waitUntilFriendsKnow(viewer, person);

  // The read model learns of posts, names and groups from events: wait until it has.
  const hiddenPost = (item: Record<string, unknown>) => (item.author as { id?: number } | undefined)?.id === hidden.userId;
  await waitForSearch(viewer, 'posts', WORD, hiddenPost);
  await waitForSearch(viewer, 'posts', WORD, (item) => item.id === publicPostId);
  await waitForSearch(viewer, 'people', TYPED_NAME, (item) => item.id === person.userId);
  await waitForSearch(viewer, 'groups', GROUP_TITLE, (item) => item.group_id === groupId);
  // Then the stranger's posts go to friends only: once that reaches search, the viewer no longer finds them.
  await savePrivacyThroughApi(hidden, { profileVisibility: 'friends' });
  await waitForSearch(viewer, 'posts', WORD, hiddenPost, false);
}, LONG);

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await browser?.close();
});

describe('search at 1280x800', () => {
  it(
    'the top bar finds a person by a name typed without its accents; Add Friend sends a request the person receives',
    async () => {
      const page = await signedIn(viewer);
      await page.goto('/');
      const box = page.getByRole('banner').getByRole('searchbox', { name: 'Search Kora' });
      await box.fill(TYPED_NAME);
      await box.press('Enter');
      await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === TYPED_NAME);
      // The address changes when the loader has answered; the title follows on the next render.
      await expect.poll(() => page.title()).toBe(`${TYPED_NAME} - ${searchTexts.pageTitle} | Kora`);
      // The box keeps the words on the results page.
      expect(await box.inputValue()).toBe(TYPED_NAME);
      expect(await tabs(page).getByRole('link', { name: 'People' }).getAttribute('aria-current')).toBe('page');

      const row = page.getByRole('list', { name: 'People' }).getByRole('listitem', { name: `Adaéze ${SURNAME}` });
      await row.waitFor();
      expect(await row.getByText(`@${person.username}`).isVisible()).toBe(true);
      expect(await row.getByRole('link').first().getAttribute('href')).toBe(`/profile/${person.userId}`);
      await saveScreenshot(page, 'search-people-1280');

      await row.getByRole('button', { name: 'Add Friend' }).click();
      await toastWith(page, friendTexts.requestSent).waitFor();
      await row.getByText('Requested').waitFor();
      const incoming = (await (await callAs(person, 'GET', '/api/friends/requests')).json()) as { fromUserId: number }[];
      expect(incoming.some((request) => request.fromUserId === viewer.userId)).toBe(true);
    },
    LONG,
  );

  it(
    "Posts finds a post by a word, with the feed's card, but not a friends-only stranger's post",
    async () => {
      const page = await signedIn(viewer);
      await page.goto(searchUrl(WORD));
      // The tabs are links the keyboard reaches one after the other.
      await tabs(page).getByRole('link', { name: 'People' }).focus();
      await page.keyboard.press('Tab');
      const postsTab = tabs(page).getByRole('link', { name: 'Posts' });
      expect(await postsTab.evaluate((element) => element === document.activeElement)).toBe(true);
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.searchParams.get('type') === 'posts');
      // The address changes as the navigation starts; the tab follows once the results render.
      await expect.poll(() => postsTab.getAttribute('aria-current')).toBe('page');
      expect(await tabs(page).getByRole('link', { name: 'People' }).getAttribute('aria-current')).toBeNull();

      const feed = page.getByRole('feed', { name: `Posts matching ${WORD}` });
      const card = feed.getByRole('article').filter({ hasText: `Fresh ${WORD} at Balogun market` });
      await card.waitFor();
      expect(await feed.getByText(`Private ${WORD} plans`).count()).toBe(0);
      // The card's tag is a link to the tag's page.
      expect(await card.getByRole('link', { name: `#${TAG}` }).getAttribute('href')).toBe(`/hashtags/${TAG}`);
      await saveScreenshot(page, 'search-posts-1280');

      const like = card.getByRole('button', { name: 'Like' });
      await like.click();
      await expect.poll(() => like.getAttribute('aria-pressed')).toBe('true');
      // The button turns at once; the like is stored when its request lands.
      const hasLiked = async () =>
        ((await (await callAs(viewer, 'GET', `/api/posts/${publicPostId}`)).json()) as { hasLiked: boolean }).hasLiked;
      await expect.poll(hasLiked).toBe(true);
    },
    LONG,
  );

  it('Groups finds a group and links to its page', async () => {
    const page = await signedIn(viewer);
    await page.goto(searchUrl(GROUP_TITLE, 'groups'));
    const link = page.getByRole('list', { name: 'Groups' }).getByRole('link').filter({ hasText: GROUP_TITLE });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe(`/groups/${groupId}`);
    expect(await link.getByText('1 member').isVisible()).toBe(true);
    await saveScreenshot(page, 'search-groups-1280');
    await link.click();
    await page.waitForURL((url) => url.pathname === `/groups/${groupId}`);
  });

  it('Hashtags finds a tag with its count and links to its page', async () => {
    const page = await signedIn(viewer);
    await page.goto(searchUrl(TAG, 'hashtags'));
    const link = page
      .getByRole('list', { name: 'Hashtags' })
      .getByRole('link')
      .filter({ hasText: `#${TAG}` });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe(`/hashtags/${TAG}`);
    expect(await link.getByText('1 post', { exact: true }).isVisible()).toBe(true);
    await saveScreenshot(page, 'search-hashtags-1280');
  });

  it('loads the next page of a tab at the end of the list', async () => {
    const page = await signedIn(viewer);
    await page.goto(searchUrl(PAGED_PREFIX, 'hashtags'));
    const rows = page.getByRole('list', { name: 'Hashtags' }).getByRole('listitem');
    await expect.poll(() => rows.count()).toBe(20);
    // Reaching the end loads the next page by itself (the button is for keyboards and failures).
    await page.getByRole('button', { name: 'Load more' }).scrollIntoViewIfNeeded();
    await expect.poll(() => rows.count()).toBe(PAGED_TAGS.length);
    const shown = (await rows.allInnerTexts()).map((text) => text.split('\n')[0]!.trim());
    expect(new Set(shown)).toEqual(new Set(PAGED_TAGS.map((tag) => `#${tag}`)));
    expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);
  });

  it('shows the prompt without words, "No results" when nothing matches, and a blank search goes nowhere', async () => {
    const page = await signedIn(viewer);
    await page.goto('/search');
    expect(await page.title()).toBe(`${searchTexts.pageTitle} | Kora`);
    await page.getByRole('heading', { name: searchTexts.promptTitle }).waitFor();
    expect(await page.getByText(searchTexts.promptBody).isVisible()).toBe(true);
    await saveScreenshot(page, 'search-prompt-1280');

    const nothing = runWord('zzqx');
    await page.goto(searchUrl(nothing, 'posts'));
    await page.getByText(searchTexts.noResults(nothing)).waitFor();
    expect(await page.getByText(searchTexts.noResultsHint).isVisible()).toBe(true);

    await page.goto('/');
    const box = page.getByRole('banner').getByRole('searchbox', { name: 'Search Kora' });
    await box.fill('   ');
    await box.press('Enter');
    // Give a navigation the chance to start: there must be none.
    await page.waitForLoadState('networkidle');
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('works without scripts: the top bar is a plain form and the tabs are plain links', async () => {
    const context = await memberContext(browser, viewer, { viewport: VIEWPORTS.laptop, javaScriptEnabled: false });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto('/');
    const box = page.getByRole('banner').getByRole('searchbox', { name: 'Search Kora' });
    await box.fill(WORD);
    await box.press('Enter');
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === WORD);
    await tabs(page).getByRole('link', { name: 'Posts' }).click();
    await page.getByText(`Fresh ${WORD} at Balogun market`).waitFor();
  });
});

describe('search at 375x812', () => {
  it(
    "the phone's search row leads to /search, and every tab fits the width",
    async () => {
      const page = await signedIn(viewer, VIEWPORTS.phone);
      await page.goto('/');
      await page.getByRole('button', { name: 'Search' }).click();
      const box = page.getByRole('searchbox', { name: 'Search Kora' });
      await box.fill(TYPED_NAME);
      await box.press('Enter');
      await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === TYPED_NAME);
      await page
        .getByRole('list', { name: 'People' })
        .getByRole('listitem', { name: `Adaéze ${SURNAME}` })
        .waitFor();
      await noSidewaysScroll(page);
      await saveScreenshot(page, 'search-people-375');

      for (const [type, q, shows] of [
        ['posts', WORD, `Fresh ${WORD} at Balogun market`],
        ['groups', GROUP_TITLE, GROUP_TITLE],
        ['hashtags', TAG, `#${TAG}`],
      ] as const) {
        await page.goto(searchUrl(q, type));
        await page.getByRole('main').getByText(shows).first().waitFor();
        await noSidewaysScroll(page);
        await saveScreenshot(page, `search-${type}-375`);
      }
    },
    LONG,
  );
});
