/// <reference lib="dom" />
/**
 * Groups through the browser, against the running product (KORA_BASE_URL): an owner creates a
 * private group with a picture; another member finds it in Discover with an accent-free search
 * and asks to join ("Request sent", then "Pending approval", disabled); the owner hears of it (the
 * bell leads to the group's Requests tab) and approves; the member posts in the group and the
 * owner sees the post in the group and in the home feed, "in {title}" linking to the group. And a
 * member leaves a public group from the Joined Groups tab ("Left group"). Both viewports fit.
 * While an admin has groups turned off, the menu hides Groups and /groups says so.
 */
import { groupTexts, postTexts } from '@kora/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_URL, launchBrowser, VIEWPORTS } from './support/browser';
import { apiSignIn, createMember, memberContext, type Member } from './support/members';
import { bellItems, openBell, waitForLiveSocket } from './support/notifications';
import { noSidewaysScroll, toastWith } from './support/page-helpers';
import { solidPng } from './support/png';
import { saveScreenshot } from './support/screenshots';
import { mintAccessToken } from './support/tokens';

const LONG = 180_000;
const TAG = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

let browser: Browser;
const contexts: BrowserContext[] = [];

async function signedIn(member: Member, viewport: { width: number; height: number } = VIEWPORTS.laptop): Promise<Page> {
  const context = await memberContext(browser, member, { viewport });
  contexts.push(context);
  return context.newPage();
}

/** A group's card on /groups. */
function card(page: Page, title: string) {
  return page.getByRole('article', { name: title });
}

/** Creates a group through the API (for tests about what happens after). */
async function createGroupThroughApi(
  owner: Member,
  body: { title: string; privacy: 'public' | 'private'; description?: string },
): Promise<number> {
  const { token } = await apiSignIn(owner);
  const response = await fetch(`${BASE_URL}/api/groups`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { group_id?: number };
  if (response.status !== 201 || !answer.group_id) throw new Error(`creating a group answered ${response.status}`);
  return answer.group_id;
}

/** Switches groups on or off as an admin would (the site settings' features section). */
async function setGroupsFeature(on: boolean): Promise<void> {
  const token = await mintAccessToken({ userId: 1, role: 'admin' });
  const response = await fetch(`${BASE_URL}/api/admin/settings/features`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ groups: on }),
  });
  if (!response.ok) throw new Error(`switching groups answered ${response.status}`);
}

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await browser?.close();
});

describe('groups', () => {
  it(
    'a private group: created with a picture, found by an accent-free search, joined on approval, posted in',
    async () => {
      const [owner, member] = await Promise.all([createMember('gown'), createMember('gmem')]);
      const title = `Café Ọ̀ṣun ${TAG}`;
      const ownerPage = await signedIn(owner);
      const memberPage = await signedIn(member);

      // The owner creates the group: private, with a picture uploaded and previewed in the dialog.
      await ownerPage.goto('/groups');
      await ownerPage.getByRole('button', { name: 'Create group' }).click();
      const dialog = ownerPage.getByRole('dialog', { name: 'Create group' });
      await dialog.getByLabel('Title').fill(title);
      await dialog.getByLabel('Description').fill('Amala, ewedu and good company.');
      await dialog.getByRole('radio', { name: /Private group/ }).check();
      await dialog
        .getByLabel('Choose picture')
        .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: solidPng(160, [200, 90, 30]) });
      await expect.poll(() => dialog.locator('input[name="picture"]').inputValue(), { timeout: 20_000 }).toMatch(/^\/uploads\/images\//);
      await saveScreenshot(ownerPage, 'groups-create-dialog');
      await dialog.getByRole('button', { name: 'Create group' }).click();
      await ownerPage.waitForURL(/\/groups\/\d+$/);
      const groupPath = new URL(ownerPage.url()).pathname;
      await ownerPage.getByRole('heading', { level: 1, name: title }).waitFor();
      await toastWith(ownerPage, groupTexts.created).waitFor();
      expect(await ownerPage.locator('main img[src^="/uploads/images/"]').count()).toBeGreaterThan(0);
      await ownerPage.getByText('Private group').first().waitFor();
      await waitForLiveSocket(ownerPage);

      // The member finds it in Discover with neither accents nor the title's case, and asks to join.
      await memberPage.goto('/groups');
      await memberPage.getByRole('searchbox', { name: groupTexts.searchPlaceholder }).fill(`CAFE OSUN ${TAG}`);
      await memberPage.waitForURL((url) => url.searchParams.get('q') === `CAFE OSUN ${TAG}`);
      const found = card(memberPage, title);
      await found.waitFor();
      await found.getByRole('button', { name: groupTexts.join }).click();
      await toastWith(memberPage, groupTexts.requestSent).waitFor();
      const pending = found.getByRole('button', { name: groupTexts.pending });
      await pending.waitFor();
      expect(await pending.isDisabled()).toBe(true);
      await saveScreenshot(memberPage, 'groups-discover-pending');

      // Outside the group the member sees it is waiting, not its posts.
      await memberPage.goto(groupPath);
      await memberPage.getByText('Your request is waiting for approval').waitFor();

      // The owner hears of it: the bell's item leads to the Requests tab, which has the member.
      await expect
        .poll(async () => {
          const menu = await openBell(ownerPage);
          const text = await bellItems(ownerPage).allTextContents();
          await menu.press('Escape');
          return text.some((item) => item.includes(`asked to join ${title}`));
        })
        .toBe(true);
      await openBell(ownerPage);
      await bellItems(ownerPage)
        .filter({ hasText: `asked to join ${title}` })
        .first()
        .click();
      await ownerPage.waitForURL((url) => url.pathname === groupPath && url.searchParams.get('tab') === 'requests');
      const request = ownerPage
        .getByRole('list', { name: 'Join requests' })
        .getByRole('listitem')
        .filter({ hasText: `@${member.username}` });
      await request.waitFor();
      await saveScreenshot(ownerPage, 'groups-owner-requests');
      await request.getByRole('button', { name: 'Approve' }).click();
      await toastWith(ownerPage, groupTexts.approved).waitFor();
      await request.waitFor({ state: 'detached' });

      // The member, now in, posts in the group.
      await memberPage.reload();
      const composer = memberPage.getByRole('form', { name: 'Create a post' });
      await composer.waitFor();
      const words = `Who is cooking this weekend? ${TAG}`;
      await composer.getByLabel('Post text').fill(words);
      await composer.getByRole('button', { name: 'Post' }).click();
      await toastWith(memberPage, postTexts.created).waitFor();
      await memberPage.getByRole('article').filter({ hasText: words }).waitFor();
      await saveScreenshot(memberPage, 'groups-member-posts');

      // The owner sees it in the group, and in the home feed with "in {title}" leading to the group.
      await ownerPage.goto(groupPath);
      await ownerPage.getByRole('article').filter({ hasText: words }).waitFor();
      await expect
        .poll(
          async () => {
            await ownerPage.goto('/');
            return ownerPage.getByRole('article').filter({ hasText: words }).count();
          },
          { timeout: 20_000 },
        )
        .toBe(1);
      const inFeed = ownerPage.getByRole('article').filter({ hasText: words });
      const groupLink = inFeed.getByRole('link', { name: title });
      expect(await inFeed.textContent()).toContain(`in ${title}`);
      await groupLink.click();
      await ownerPage.waitForURL((url) => url.pathname === groupPath);
    },
    LONG,
  );

  it(
    'a member leaves a public group from Joined Groups, and a long search pages with Load more, on a phone',
    async () => {
      const [owner, member] = await Promise.all([createMember('gpo'), createMember('gpm')]);
      const title = `Lagos Runners ${TAG}`;
      const groupId = await createGroupThroughApi(owner, {
        title,
        privacy: 'public',
        description: 'Saturday mornings on the Lekki bridge.',
      });
      const page = await signedIn(member, VIEWPORTS.phone);

      // A public group lets the member in at once.
      await page.goto(`/groups/${groupId}`);
      await page.getByRole('button', { name: groupTexts.join }).click();
      await toastWith(page, groupTexts.requestSent).waitFor();
      await page.getByRole('button', { name: groupTexts.joined }).waitFor();
      await noSidewaysScroll(page);

      await page.goto(`/groups?tab=joined&q=${encodeURIComponent(TAG)}`);
      expect(await page.getByRole('tab', { name: 'Joined Groups' }).getAttribute('aria-selected')).toBe('true');
      const joined = card(page, title);
      await joined.getByRole('button', { name: groupTexts.joined }).click();
      await page.getByRole('menuitem', { name: 'Leave group' }).click();
      await toastWith(page, groupTexts.leftGroup).waitFor();
      await joined.getByRole('button', { name: groupTexts.join }).waitFor();
      await noSidewaysScroll(page);
      await saveScreenshot(page, 'groups-phone-joined');

      // Nothing left in Joined Groups for this search after a reload.
      await page.reload();
      await page.getByText(groupTexts.empty).waitFor();

      // A search with more than a page of results: 12 cards, Load more appends the rest, then the end.
      const many = `Surulere Chess ${TAG}`;
      for (let i = 1; i <= 13; i++)
        await createGroupThroughApi(owner, { title: `${many} ${String(i).padStart(2, '0')}`, privacy: 'public' });
      await page.goto(`/groups?tab=discover&q=${encodeURIComponent(many)}`);
      const cards = page.getByRole('list', { name: 'Groups' }).getByRole('article');
      await expect.poll(() => cards.count()).toBe(12);
      expect(await page.getByText(groupTexts.reachedEnd).count()).toBe(0);
      await page.getByRole('button', { name: groupTexts.loadMore }).click();
      await page.getByText(groupTexts.reachedEnd).waitFor();
      expect(await cards.count()).toBe(13);
      await noSidewaysScroll(page);
    },
    LONG,
  );

  it(
    'hides Groups from the menu and says so on /groups while an admin has groups turned off',
    async () => {
      const member = await createMember('goff');
      const page = await signedIn(member);
      const menuLink = page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Groups' });
      await page.goto('/groups');
      await menuLink.waitFor();
      try {
        await setGroupsFeature(false);
        // The gateway hears of the switch through an event; the page may say so (the gateway's
        // 404) a few seconds before the menu does (the web server keeps the site info that long).
        await expect
          .poll(
            async () => {
              await page.reload();
              const saysOff = await page.getByRole('heading', { name: 'Groups are turned off on this site.' }).count();
              return { saysOff, menuLinks: await menuLink.count() };
            },
            { timeout: 20_000 },
          )
          .toEqual({ saysOff: 1, menuLinks: 0 });
      } finally {
        await setGroupsFeature(true);
      }
      await expect
        .poll(
          async () => {
            await page.reload();
            return menuLink.count();
          },
          { timeout: 20_000 },
        )
        .toBe(1);
    },
    LONG,
  );
});
