/// <reference lib="dom" />
/**
 * Hashtags in the browser, against the running product (decision 025): `#tag` in a post and in a
 * comment is a link to /hashtags/{tag} (lower case, whatever case was written), a URL's #fragment
 * stays in its link; clicking a tag opens its page — "#tag", how many posts carry it, the posts
 * newest first a page at a time; an impossible tag is "Hashtag not found" (404) inside the app,
 * and a tag nobody used yet says so. Screens at 1280x800 and 375x812.
 */
import { postLimits, searchTexts } from '@kora/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, VIEWPORTS, type Viewport } from './support/browser';
import { callAs } from './support/friends';
import { createMember, memberContext, type Member } from './support/members';
import { noSidewaysScroll } from './support/page-helpers';
import { createPostsThroughApi } from './support/posts';
import { runWord, waitForSearch } from './support/search';
import { saveScreenshot } from './support/screenshots';

const LONG = 240_000;
/** Written with capitals in the post; its page and links are lower case. */
const TAG = runWord('Jollof');
const LOWER = TAG.toLowerCase();
const COMMENT_TAG = runWord('ofada');
const FRAGMENT = runWord('menu');
/** One more post than a page holds, so the tag's page loads a second. */
const PAGED_TAG = runWord('pepper');
const PAGED_COUNT = postLimits.feedPageSize + 1;

let browser: Browser;
const contexts: BrowserContext[] = [];
let author: Member;
let reader: Member;
let postId: number;

async function signedIn(member: Member, viewport: Viewport = VIEWPORTS.laptop): Promise<Page> {
  const context = await memberContext(browser, member, { viewport });
  contexts.push(context);
  return context.newPage();
}

beforeAll(async () => {
  browser = await launchBrowser();
  [author, reader] = await Promise.all([createMember('hta'), createMember('htr')]);
  await createPostsThroughApi(
    author,
    Array.from({ length: PAGED_COUNT }, (_, i) => `Pepper soup number ${i + 1} #${PAGED_TAG}`),
  );
  postId = (await createPostsThroughApi(author, [`Party rice tonight #${TAG}, recipe at https://example.com/rice#${FRAGMENT} 🍚`]))[0]!;
  await callAs(author, 'POST', `/api/posts/${postId}/comment`, { content: `Serve it with #${COMMENT_TAG} stew` });
  // The tags reach the read model as events.
  await waitForSearch(reader, 'hashtags', LOWER, (item) => item.tag === LOWER);
  await waitForSearch(reader, 'hashtags', PAGED_TAG, (item) => item.tag === PAGED_TAG && item.count === PAGED_COUNT);
}, LONG);

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await browser?.close();
});

describe('hashtag links and pages', () => {
  it(
    "links a post's and a comment's tags, keeps a URL's #fragment in its link, and a click opens the tag's page",
    async () => {
      const page = await signedIn(reader);
      await page.goto(`/posts/${postId}`);
      const card = page.getByRole('article').filter({ hasText: 'Party rice tonight' });
      await card.waitFor();
      const tagLink = card.getByRole('link', { name: `#${TAG}`, exact: true });
      expect(await tagLink.getAttribute('href')).toBe(`/hashtags/${LOWER}`);
      expect(await card.getByRole('link', { name: `https://example.com/rice#${FRAGMENT}` }).getAttribute('href')).toBe(
        `https://example.com/rice#${FRAGMENT}`,
      );
      expect(await card.getByRole('link', { name: `#${FRAGMENT}`, exact: true }).count()).toBe(0);
      expect(await card.getByRole('link', { name: `#${COMMENT_TAG}` }).getAttribute('href')).toBe(`/hashtags/${COMMENT_TAG}`);

      await tagLink.click();
      await page.waitForURL((url) => url.pathname === `/hashtags/${LOWER}`);
      await page.getByRole('heading', { level: 1, name: `#${LOWER}` }).waitFor();
      await expect.poll(() => page.title()).toBe(`#${LOWER} | Kora`);
      expect(await page.getByRole('main').getByText('1 post', { exact: true }).isVisible()).toBe(true);
      const feed = page.getByRole('feed', { name: `Posts with #${LOWER}` });
      expect(await feed.getByRole('article').count()).toBe(1);
      expect(await feed.getByRole('article').first().getByText('Party rice tonight', { exact: false }).isVisible()).toBe(true);
      await saveScreenshot(page, 'hashtag-page-1280');
    },
    LONG,
  );

  it('sends a tag written in capitals to its lower-case page', async () => {
    const page = await signedIn(reader);
    const response = await page.goto(`/hashtags/${TAG}`);
    expect(response?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe(`/hashtags/${LOWER}`);
  });

  it('shows the newest posts first and loads the next page at the end', async () => {
    const page = await signedIn(reader);
    await page.goto(`/hashtags/${PAGED_TAG}`);
    const articles = page.getByRole('feed', { name: `Posts with #${PAGED_TAG}` }).getByRole('article');
    await expect.poll(() => articles.count()).toBe(postLimits.feedPageSize);
    expect(
      await articles
        .first()
        .getByText(new RegExp(`Pepper soup number ${PAGED_COUNT} #`))
        .count(),
    ).toBe(1);
    expect(await page.getByRole('main').getByText(`${PAGED_COUNT} posts`, { exact: true }).isVisible()).toBe(true);
    // Reaching the end loads the next page by itself (the button is for keyboards and failures).
    await page.getByRole('button', { name: 'Load more' }).scrollIntoViewIfNeeded();
    await expect.poll(() => articles.count()).toBe(PAGED_COUNT);
    expect(
      await articles
        .last()
        .getByText(/Pepper soup number 1 #/)
        .count(),
    ).toBe(1);
  });

  it('answers "Hashtag not found" with 404 inside the app for something that cannot be a tag', async () => {
    const page = await signedIn(reader);
    const response = await page.goto('/hashtags/2026');
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: searchTexts.hashtagInvalid }).waitFor();
    expect(await page.getByRole('banner').getByRole('searchbox', { name: 'Search Kora' }).isVisible()).toBe(true);
  });

  it('says a tag nobody used has no posts yet', async () => {
    const page = await signedIn(reader);
    const unused = runWord('nobody');
    const response = await page.goto(`/hashtags/${unused}`);
    expect(response?.status()).toBe(200);
    await page.getByText(searchTexts.hashtagEmpty).waitFor();
    await page.getByRole('heading', { level: 1, name: `#${unused}` }).waitFor();
  });

  it('fits a phone', async () => {
    const page = await signedIn(reader, VIEWPORTS.phone);
    await page.goto(`/hashtags/${LOWER}`);
    await page.getByRole('heading', { level: 1, name: `#${LOWER}` }).waitFor();
    await noSidewaysScroll(page);
    await saveScreenshot(page, 'hashtag-page-375');
  });
});
