/// <reference lib="dom" />
/**
 * Hostile content in the browser (decision 026): a member whose names, bio and profile details, posts,
 * comments, reel caption, group title and description, story and representative application carry
 * script payloads (tests/browser/support/hostile.ts). Every screen that shows them — the home feed,
 * the post page, the profile, the search tabs, the hashtag page, notifications (the page and the
 * bell), the stories viewer, the reel, the groups list and the group, friends, and the back
 * office's users, posts and representatives — is visited at 1280x800 and 375x812, and on each:
 * nothing ran (no `window.__pwned`, no dialog), the CSP reported nothing (a blocked inline handler
 * means the escaping failed), no injected element or script is in the DOM, the payloads are shown
 * as text, every link is http(s) with rel="noopener noreferrer" when it leaves, and the document's
 * CSP is nonce-based. An external link in a post opens a page that has no opener and no referrer.
 *
 * Run: flock /tmp/kora-heavy.lock npm test -- --only=distributed --files=browser/hostile-content.test
 */
import { displayName, storyTexts } from '@kora/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesForm } from '../support/media-files';
import { createAdmin, adminContext } from './support/admins';
import { BASE_URL, contextPool, launchBrowser, VIEWPORTS, type Viewport } from './support/browser';
import { befriendThroughApi, callAs } from './support/friends';
import {
  expectNothingExecuted,
  expectBidiIsolated,
  expectSafeLinks,
  expectShownLiterally,
  expectStrictCsp,
  hostileText,
  LONG_WORD,
  RTL_OVERRIDE,
  watchPage,
  XSS,
} from './support/hostile';
import { apiSignIn, createMember, memberContext, type Member } from './support/members';
import { noSidewaysScroll } from './support/page-helpers';
import { solidPng } from './support/png';
import { createPostsThroughApi } from './support/posts';
import { reelThroughApi, untilReelReady } from './support/reels';
import { saveScreenshot } from './support/screenshots';
import { createGroupThroughApi, runWord, waitForSearch } from './support/search';

const LONG = 300_000;
const WORD = runWord('hostile');
const TAG = runWord('xss');
/** An external address (its query names a bad scheme), written in the post with a quote-breaking tail. */
const EXTERNAL_LINK = `https://example.com/${WORD}?next=javascript:__pwned=1`;
const QUOTE_BREAKER = `${EXTERNAL_LINK}"><svg/onload=__pwned=1>`;
const NAMES = { firstname: XSS.img, lastname: `${WORD}${RTL_OVERRIDE}${XSS.svg}` };
const POST_TEXT = hostileText([`#${TAG}`, WORD, QUOTE_BREAKER]);
const COMMENT_TEXT = hostileText([`comment ${WORD}`]);
const BIO = hostileText().slice(0, 480);
const CITY = XSS.script;
const GROUP_TITLE = `${WORD} ${XSS.img}`;
const GROUP_DESCRIPTION = hostileText();
const REEL_CAPTION = hostileText([`reel ${WORD}`]);
const REPRESENTATIVE = {
  name: `${XSS.svg} ${WORD}`,
  note: hostileText().slice(0, 600),
};

let browser: Browser;
const pool = contextPool();
let hostile: Member;
let friend: Member;
let admin: Member;
let postId: number;
let groupId: number;
let reelId: number;

/** Member-visible texts a screen must show literally (the names as the app joins them). */
const hostileName = () => displayName(hostile);

beforeAll(async () => {
  browser = await launchBrowser();
  [hostile, friend, admin] = await Promise.all([createMember('hsx', NAMES), createMember('hsf'), createAdmin('hsa')]);
  await befriendThroughApi(hostile, friend);

  await callAs(hostile, 'PUT', `/api/users/${hostile.userId}`, { bio: BIO });
  await callAs(hostile, 'PUT', '/api/settings/profile', { city: CITY, work: XSS.iframe, website: EXTERNAL_LINK });
  postId = (await createPostsThroughApi(hostile, [POST_TEXT]))[0]!;
  await callAs(hostile, 'POST', `/api/posts/${postId}/comment`, { content: COMMENT_TEXT });
  // The friend's own post, liked and commented on by the hostile member: notifications for the friend.
  const [friendPost] = await createPostsThroughApi(friend, [`An ordinary day ${WORD}`]);
  await callAs(hostile, 'POST', `/api/posts/${friendPost}/comment`, { content: XSS.script });
  await callAs(hostile, 'POST', `/api/posts/${friendPost}/react`, { reaction: 'like' });
  groupId = await createGroupThroughApi(hostile, GROUP_TITLE, GROUP_DESCRIPTION);
  await storyThroughApi(hostile);
  reelId = await reelThroughApi(hostile, REEL_CAPTION);
  await representativeApplication();
  await untilReelReady(hostile, reelId);
  // Search is a read model fed by events: wait until it has the post, the member and the group.
  await waitForSearch(friend, 'posts', WORD, (item) => item.id === postId);
  await waitForSearch(friend, 'people', WORD, (item) => item.user_id === hostile.userId || item.id === hostile.userId);
  await waitForSearch(friend, 'groups', WORD, (item) => item.group_id === groupId || item.id === groupId);
}, LONG);

afterAll(async () => {
  await pool.closeAll();
  await browser?.close();
});

async function storyThroughApi(member: Member): Promise<void> {
  const { token } = await apiSignIn(member);
  const form = filesForm([{ data: solidPng(320, [200, 30, 60]), name: 'story.png', type: 'image/png' }], 'media');
  const answer = await fetch(`${BASE_URL}/api/stories`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  if (answer.status !== 201) throw new Error(`posting a story answered ${answer.status}: ${await answer.text()}`);
}

async function representativeApplication(): Promise<void> {
  const answer = await fetch(`${BASE_URL}/api/representatives`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: REPRESENTATIVE.name,
      username: `rep.${WORD}`,
      phone: '+234 803 123 4567',
      email: `rep-${WORD}@example.ng`,
      state: XSS.template,
      residentAddress: XSS.iframe,
      residentialState: XSS.anchor,
      proposedLocation: XSS.script,
      koraUsername: `k${WORD}`,
      note: REPRESENTATIVE.note,
    }),
  });
  if (answer.status !== 201) throw new Error(`the representative application answered ${answer.status}: ${await answer.text()}`);
}

async function watchedPage(context: Parameters<typeof pool.open>[0]): Promise<Page> {
  const page = await pool.open(context);
  await watchPage(page);
  return page;
}

/** Goes to `path`, checks the document's CSP, waits for `texts`, then every no-execution and link check. */
async function checkScreen(page: Page, path: string, texts: string[], screen: string, then?: () => Promise<void>): Promise<void> {
  const response = await page.goto(path);
  expectStrictCsp(response, screen);
  if (then) await then();
  await expectShownLiterally(page, texts, screen);
  await expectNothingExecuted(page, screen);
  await expectSafeLinks(page, screen);
  await expectBidiIsolated(page, NAMES.lastname, screen);
  await saveScreenshot(page, `hostile-${screen}`);
}

/** Texts that stand for the whole payload set on a screen: each executable payload and the trick texts. */
const PAYLOAD_TEXTS = [...Object.values(XSS), `${RTL_OVERRIDE}gnp.exe`, LONG_WORD];

for (const [size, viewport] of [
  ['1280', VIEWPORTS.laptop],
  ['375', VIEWPORTS.phone],
] as [string, Viewport][]) {
  describe(`hostile content at ${size}px`, () => {
    it(
      'member screens show every payload as text and run none of it',
      async () => {
        const page = await watchedPage(memberContext(browser, friend, { viewport }));
        await checkScreen(page, '/', [hostileName(), QUOTE_BREAKER, XSS.script, XSS.iframe], `feed-${size}`);
        await checkScreen(page, `/posts/${postId}`, [hostileName(), ...PAYLOAD_TEXTS, QUOTE_BREAKER, `comment ${WORD}`], `post-${size}`);
        // A very long word wraps inside its card: the page never scrolls sideways.
        await noSidewaysScroll(page);
        await checkScreen(
          page,
          `/profile/${hostile.userId}`,
          [hostileName(), BIO.slice(0, 200), CITY, XSS.iframe, EXTERNAL_LINK.replace('https://', '')],
          `profile-${size}`,
        );
        await noSidewaysScroll(page);
        for (const type of ['posts', 'people', 'groups'] as const) {
          const shown = { posts: [hostileName(), QUOTE_BREAKER, XSS.script], people: [hostileName()], groups: [GROUP_TITLE] }[type];
          await checkScreen(page, `/search?${new URLSearchParams({ q: WORD, type })}`, shown, `search-${type}-${size}`);
        }
        await checkScreen(page, `/search?${new URLSearchParams({ q: TAG, type: 'hashtags' })}`, [`#${TAG}`], `search-hashtags-${size}`);
        await checkScreen(page, `/hashtags/${TAG}`, [hostileName(), QUOTE_BREAKER, XSS.script], `hashtag-${size}`);
        await checkScreen(page, '/notifications', [hostileName()], `notifications-${size}`);
        await checkScreen(page, '/friends', [hostileName()], `friends-${size}`);
        await checkScreen(page, `/groups?q=${WORD}`, [GROUP_TITLE], `groups-${size}`);
        await checkScreen(page, `/groups/${groupId}`, [GROUP_TITLE, XSS.script, XSS.img], `group-${size}`);
        await noSidewaysScroll(page);
        await checkScreen(page, `/reels/${reelId}`, [`reel ${WORD}`, XSS.script, XSS.img], `reel-${size}`);
      },
      LONG,
    );

    it(
      "the bell's list and the stories viewer name the hostile member as text",
      async () => {
        const page = await watchedPage(memberContext(browser, friend, { viewport }));
        await checkScreen(page, '/', [hostileName()], `bell-${size}`, async () => {
          await page
            .getByRole('banner')
            .getByRole('button', { name: /^Notifications/ })
            .click();
          await page.getByRole('menu').waitFor();
        });
        await page.keyboard.press('Escape');
        await checkScreen(page, '/', [hostileName()], `story-${size}`, async () => {
          await page
            .getByRole('region', { name: storyTexts.title })
            .locator('button[data-unseen]')
            .filter({ hasText: WORD })
            .first()
            .click();
          await page.getByTestId('story-viewer').waitFor();
        });
      },
      LONG,
    );

    it(
      'the back office shows the hostile member, post and application as text',
      async () => {
        const page = await watchedPage(adminContext(browser, admin, { viewport }));
        await checkScreen(page, `/admin/users?search=${hostile.username}`, [XSS.img], `admin-users-${size}`);
        await checkScreen(page, `/admin/posts?search=${WORD}`, [XSS.script, XSS.svg], `admin-posts-${size}`);
        await checkScreen(
          page,
          '/admin/representatives?status=new',
          [REPRESENTATIVE.name, XSS.template, XSS.iframe, XSS.anchor, XSS.script],
          `admin-representatives-${size}`,
        );
      },
      LONG,
    );
  });
}

describe('links in member content', () => {
  it(
    'an external link opens in a new page with no opener and no referrer; bad schemes are never links',
    async () => {
      const context = await memberContext(browser, friend, { viewport: VIEWPORTS.laptop });
      const page = await pool.open(Promise.resolve(context));
      await watchPage(page);
      // No network leaves the machine: the outside site is answered here.
      await context.route('https://example.com/**', (route) =>
        route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>outside</title><p>outside</p>' }),
      );
      await page.goto(`/posts/${postId}`);
      const link = page.getByRole('main').getByRole('link', { name: EXTERNAL_LINK }).first();
      await link.waitFor();
      expect(await link.getAttribute('rel')).toContain('noopener');
      const [opened] = await Promise.all([context.waitForEvent('page'), link.click()]);
      await opened.waitForLoadState();
      expect(new URL(opened.url()).hostname).toBe('example.com');
      expect(await opened.evaluate(() => ({ opener: window.opener, referrer: document.referrer }))).toEqual({ opener: null, referrer: '' });
      await expectNothingExecuted(page, 'external link');

      // The product refuses a profile website that is not http(s): it is never stored, so never a link.
      const { token } = await apiSignIn(hostile);
      for (const website of ['javascript:alert(1)//example.com', 'data:text/html,hi.example', 'vbscript:msgbox(1)//a.b']) {
        const answer = await fetch(`${BASE_URL}/api/settings/profile`, {
          method: 'PUT',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ website }),
        });
        expect(answer.status, website).toBe(400);
        expect(Object.keys(await answer.json()).sort(), website).toEqual(['code', 'error', 'message']);
      }
    },
    LONG,
  );

  it('each document gets its own CSP nonce, stamped on the app’s own inline scripts only', async () => {
    const page = await watchedPage(memberContext(browser, friend, { viewport: VIEWPORTS.laptop }));
    const first = expectStrictCsp(await page.goto(`/posts/${postId}`), 'first load');
    const second = expectStrictCsp(await page.reload(), 'reload');
    expect(second).not.toBe(first);
    const nonce = second.slice("'nonce-".length, -1);
    const inline = await page.evaluate(() =>
      Array.from(document.scripts)
        .filter((s) => !s.src)
        .map((s) => s.nonce),
    );
    expect(inline.length).toBeGreaterThan(0);
    expect(inline.every((value) => value === nonce)).toBe(true);
    await expectNothingExecuted(page, 'nonce');
  });
});
