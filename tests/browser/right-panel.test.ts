/// <reference lib="dom" />
/**
 * The right panel from real data (decision 025), against the running product: a member who bought
 * a Pro package shows under Pro Users (linking to their profile, with Upgrade to /packages); a tag
 * of recent public posts trends with its count and links to its page; a friend of a friend is
 * suggested with their mutual friends, and the add button sends a request the other member
 * receives; a friend's share shows who shared and the post's words, linking to the post. The panel
 * arrives after the page (GET /resources/panel, private for a minute; signed-out visitors get none)
 * and shows on wide screens only. Screens at 1280x800 and 375x812.
 */
import { displayName, friendTexts, searchTexts } from '@kora/contracts';
import { eventually } from '@kora/testing/adapters';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymousContext, BASE_URL, launchBrowser, VIEWPORTS, type Viewport } from './support/browser';
import { befriendThroughApi, callAs, waitUntilFriendsKnow } from './support/friends';
import { createMember, memberContext, type Member } from './support/members';
import { toastWith } from './support/page-helpers';
import { createPostsThroughApi } from './support/posts';
import { runWord } from './support/search';
import { saveScreenshot } from './support/screenshots';
import { topUpThroughApi } from './support/wallet';

const LONG = 300_000;
const TREND = runWord('owambe');
const TREND_POSTS = 6;
/** The posts service computes trending at most once a minute; the panel lists the first five. */
const TRENDING_WAIT_MS = 90_000;
const SHARED_WORDS = `${runWord('Aso')} ebi for the wedding on Saturday`;

let browser: Browser;
const contexts: BrowserContext[] = [];
/** Looks at the panel; friends with `friend`. */
let viewer: Member;
let friend: Member;
/** A friend of `friend`: suggested to the viewer. */
let suggested: Member;
/** Bought VIP. */
let pro: Member;
/** Writes public posts (the trending tag, the shared post). */
let author: Member;

async function signedIn(member: Member, viewport: Viewport = VIEWPORTS.laptop): Promise<Page> {
  const context = await memberContext(browser, member, { viewport });
  contexts.push(context);
  return context.newPage();
}

function panelOf(page: Page) {
  return page.getByRole('complementary', { name: 'Highlights' });
}

/** GET `path` as `member` until `check` holds for its JSON answer (the read model learns from events). */
async function waitForApi(member: Member, path: string, check: (body: unknown) => boolean, timeoutMs = 30_000): Promise<void> {
  try {
    await eventually(async () => check(await (await callAs(member, 'GET', path)).json()), timeoutMs, 1_000);
  } catch (error) {
    throw new Error(`GET ${path} as member ${member.userId} never showed what the test needs`, { cause: error });
  }
}

beforeAll(async () => {
  browser = await launchBrowser();
  [viewer, friend, suggested, pro, author] = await Promise.all([
    createMember('rpv'),
    createMember('rpf'),
    createMember('rps'),
    createMember('rpp'),
    createMember('rpa'),
  ]);
  await waitUntilFriendsKnow(viewer, suggested);
  await befriendThroughApi(viewer, friend);
  await befriendThroughApi(friend, suggested);

  await createPostsThroughApi(
    author,
    Array.from({ length: TREND_POSTS }, (_, i) => `Owambe photos, part ${i + 1} #${TREND}`),
  );
  const [sharedPostId] = await createPostsThroughApi(author, [SHARED_WORDS]);
  await callAs(friend, 'POST', `/api/posts/${sharedPostId}/share`);

  await Promise.all([
    waitForApi(
      viewer,
      '/api/hashtags/trending?limit=5',
      (body) => (body as { tag: string }[]).some((item) => item.tag === TREND),
      TRENDING_WAIT_MS,
    ),
    waitForApi(viewer, '/api/shares/friends', (body) =>
      (body as { post: { id: number } }[]).some((share) => share.post.id === sharedPostId),
    ),
    waitForApi(viewer, '/api/friends/suggestions', (body) => (body as { id: number }[]).some((person) => person.id === suggested.userId)),
  ]);
}, LONG);

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await browser?.close();
});

describe('the right panel at 1280x800', () => {
  it(
    "shows a Pro member, a trending tag that links to its page, a suggestion and a friend's share",
    async () => {
      // The top-up waits with expect.poll, which only runs inside a test.
      await topUpThroughApi(pro, 7000);
      await callAs(pro, 'POST', '/api/packages/vip/purchase');
      await waitForApi(viewer, '/api/members/pro', (body) => (body as { id: number }[]).some((member) => member.id === pro.userId));

      const page = await signedIn(viewer);
      await page.goto('/');
      const panel = panelOf(page);
      await panel.getByRole('heading', { name: searchTexts.trendingTitle }).waitFor();
      expect(await panel.getAttribute('aria-busy')).toBeNull();
      // Pages do not exist: their strip is gone with the sample data.
      expect(await panel.getByRole('heading', { name: 'Pro Pages' }).count()).toBe(0);

      const proList = panel.getByRole('list', { name: searchTexts.proUsersTitle });
      expect(
        await proList
          .getByRole('link', { name: displayName(pro) })
          .first()
          .getAttribute('href'),
      ).toBe(`/profile/${pro.userId}`);
      expect(await panel.getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe('/packages');

      const trend = panel
        .getByRole('list', { name: searchTexts.trendingTitle })
        .getByRole('link')
        .filter({ hasText: `#${TREND}` });
      expect(await trend.getAttribute('href')).toBe(`/hashtags/${TREND}`);
      expect(await trend.getByText(`${TREND_POSTS} posts`, { exact: true }).isVisible()).toBe(true);

      const shares = panel.getByRole('list', { name: searchTexts.sharesTitle });
      const share = shares.getByRole('link').filter({ hasText: SHARED_WORDS });
      expect(await share.getByText(displayName(friend), { exact: true }).isVisible()).toBe(true);
      expect(await share.getAttribute('href')).toMatch(/^\/posts\/\d+$/);

      const suggestions = panel.getByRole('list', { name: searchTexts.suggestedTitle });
      const row = suggestions.getByRole('listitem').filter({ hasText: displayName(suggested) });
      expect(await row.getByText('1 mutual friend', { exact: true }).isVisible()).toBe(true);
      await saveScreenshot(page, 'right-panel-home-1280');

      await trend.click();
      await page.waitForURL((url) => url.pathname === `/hashtags/${TREND}`);
      await page.getByRole('heading', { level: 1, name: `#${TREND}` }).waitFor();
    },
    LONG,
  );

  it('the add button of a suggestion sends a request the other member sees', async () => {
    const page = await signedIn(viewer);
    await page.goto('/');
    const add = panelOf(page).getByRole('button', { name: `Add ${displayName(suggested)} as a friend` });
    await add.click();
    await toastWith(page, friendTexts.requestSent).waitFor();
    await panelOf(page)
      .getByRole('img', { name: `Request sent to ${displayName(suggested)}` })
      .waitFor();
    const incoming = (await (await callAs(suggested, 'GET', '/api/friends/requests')).json()) as { fromUserId: number }[];
    expect(incoming.some((request) => request.fromUserId === viewer.userId)).toBe(true);
  });

  it('comes from one resource route, private for a minute; a signed-out visitor gets none', async () => {
    const page = await signedIn(viewer);
    await page.goto('/');
    const answer = await page.request.get('/resources/panel');
    expect(answer.status()).toBe(200);
    expect(answer.headers()['cache-control']).toBe('private, max-age=60');
    const body = (await answer.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['proMembers', 'shares', 'suggestions', 'trending']);

    const visitor = await anonymousContext(browser);
    contexts.push(visitor);
    const refused = await visitor.request.get(`${BASE_URL}/resources/panel`, { maxRedirects: 0 });
    expect(refused.status()).toBe(302);
    expect(new URL(refused.headers()['location']!, BASE_URL).pathname).toBe('/login');
  });
});

describe('the right panel at 375x812', () => {
  it('is not shown on a phone, and the phone does not ask for it', async () => {
    const page = await signedIn(viewer, VIEWPORTS.phone);
    const asked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/resources/panel') asked.push(request.url());
    });
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    expect(await panelOf(page).isVisible()).toBe(false);
    expect(asked).toEqual([]);
    await saveScreenshot(page, 'right-panel-home-375');
  });
});
