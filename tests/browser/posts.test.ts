/// <reference lib="dom" />
/**
 * Posts through the browser, against the running product (KORA_BASE_URL, the gateway) with the real
 * posts and media services: a fresh member posts text, a photo and a video from the composer (upload
 * progress, "Posting...", the toast, the post on top), watches the video go from "Processing video…"
 * to playable, likes and unlikes, comments three times (preview of 2, expand, collapse), shares
 * through the modal, saves and finds the post in /saved, unsaves, and deletes it behind the
 * confirmation, after which /posts/{id} says "Post not found". Likes, comments, shares and saves
 * happen without a page reload.
 *
 * The steps share one member, one page and one post, so they run in order.
 * Run: KORA_BASE_URL=http://127.0.0.1:8080 [KORA_MAIL_SINK_URL=…] \
 *      npx vitest run --config tests/browser/vitest.config.ts posts
 */
import { displayName, mediaTexts, postLimits, postTexts } from '@kora/contracts';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeVideo } from '../support/media-files';
import { launchBrowser, VIEWPORTS } from './support/browser';
import { saveScreenshot } from './support/screenshots';
import { createMember, memberContext, type Member } from './support/members';
import { markDocument, noSidewaysScroll, recordStates, seenStates, stillSameDocument, toastWith } from './support/page-helpers';
import { createPostsThroughApi } from './support/posts';
import { solidPng } from './support/png';

const LONG = 120_000;
/** Transcoding a 2-second clip on a busy test machine, plus the events that tell the post. */
const VIDEO_READY_MS = 90_000;

let browser: Browser;
let context: BrowserContext;
let member: Member;
let page: Page;
const postText = `Jollof at the beach ${Date.now().toString(36)}`;
let postId: number;

beforeAll(async () => {
  browser = await launchBrowser();
  member = await createMember('posts');
  context = await memberContext(browser, member);
  page = await context.newPage();
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

const feed = () => page.getByRole('feed', { name: 'News Feed' });
/** The post made by this suite, wherever it is listed. */
const ourPost = (scope: Page | Locator = page) => scope.getByRole('article').filter({ hasText: postText }).first();

const screenshot = (name: string) => saveScreenshot(page, name);

async function openPostMenu(card: Locator) {
  await card.getByRole('button', { name: 'Post options' }).click();
  return page.getByRole('menu');
}

describe('posts in the browser', () => {
  it(
    'posts text, a photo and a video from the composer and shows it on top',
    async () => {
      await page.goto('/');
      const composer = page.getByRole('form', { name: 'Create a post' });
      const text = composer.getByPlaceholder(`What's on your mind, ${member.firstname}?`, { exact: true });
      await text.waitFor();
      const postButton = composer.getByRole('button', { name: 'Post', exact: true });
      expect(await postButton.isDisabled()).toBe(true);

      // Whitespace alone is not a post.
      await text.fill('   ');
      expect(await postButton.isDisabled()).toBe(true);
      await text.fill(postText);
      expect(await postButton.isEnabled()).toBe(true);

      // Previews, each removable on its own.
      await composer.getByLabel('Photo', { exact: true }).setInputFiles([
        { name: 'beach.png', mimeType: 'image/png', buffer: solidPng(160, [240, 180, 40]) },
        { name: 'extra.png', mimeType: 'image/png', buffer: solidPng(64, [40, 40, 200]) },
      ]);
      await composer.getByRole('img', { name: 'Chosen photo 2' }).waitFor();
      await composer.getByRole('button', { name: 'Remove photo 2' }).click();
      expect(await composer.getByRole('img', { name: /^Chosen photo/ }).count()).toBe(1);
      await composer
        .getByLabel('Video', { exact: true })
        .setInputFiles({ name: 'clip.mp4', mimeType: 'video/mp4', buffer: await makeVideo(2) });
      await composer.getByLabel('Chosen video 1').waitFor();
      await screenshot('posts-composer-1440');

      await recordStates(page, {
        posting: { selector: 'form[aria-label="Create a post"] button[type="submit"]', text: 'Posting...' },
        progress: { selector: 'form[aria-label="Create a post"] [role="progressbar"]' },
        disabled: { selector: 'form[aria-label="Create a post"] textarea:disabled' },
        processing: { selector: '[role="feed"] [role="article"]', text: 'Processing video…' },
      });
      await postButton.click();
      await toastWith(page, postTexts.created).waitFor({ timeout: 60_000 });
      expect(await seenStates(page)).toEqual(expect.arrayContaining(['disabled', 'posting', 'progress']));

      // The composer is empty again and the post is the first of the feed.
      expect(await text.inputValue()).toBe('');
      expect(await composer.getByRole('img', { name: /^Chosen photo/ }).count()).toBe(0);
      const first = feed().getByRole('article').first();
      expect(await first.innerText()).toContain(postText);
      expect(await first.getAttribute('aria-label')).toBe(`Post by ${displayName(member)}`);
      const photo = first.getByRole('img', { name: `Photo by ${displayName(member)}` });
      await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

      const href = await first.locator('a[href^="/posts/"]').first().getAttribute('href');
      postId = Number(href?.split('/').pop());
      expect(postId).toBeGreaterThan(0);
    },
    LONG,
  );

  it(
    'shows "Processing video…" until the video is transcoded, then a playable video',
    async () => {
      const card = ourPost();
      const player = card.locator('video');
      // The post is created right after the upload, before the worker can have finished: the card
      // showed the notice (recorded since Post was pressed, however brief it was).
      await expect.poll(() => seenStates(page), { timeout: 5_000 }).toContain('processing');
      if ((await player.count()) === 0) await screenshot('posts-video-processing-1440');
      await player.waitFor({ timeout: VIDEO_READY_MS });
      expect(await card.getByText('Processing video…').count()).toBe(0);
      // Nothing of the video is fetched before the member plays it (decision 044).
      expect(await player.getAttribute('preload')).toBe('none');
      expect(await player.getAttribute('controls')).not.toBeNull();

      // Playable: the browser decodes its first frame.
      const readyState = await player.evaluate(
        (video: HTMLVideoElement) =>
          new Promise<number>((resolve, reject) => {
            if (video.readyState >= 2) return resolve(video.readyState);
            video.addEventListener('loadeddata', () => resolve(video.readyState), { once: true });
            video.addEventListener('error', () => reject(new Error(`video error ${video.error?.code}`)), { once: true });
            video.muted = true;
            video.play().catch(() => undefined);
          }),
      );
      expect(readyState).toBeGreaterThanOrEqual(2);
      await screenshot('posts-video-ready-1440');
    },
    VIDEO_READY_MS + 30_000,
  );

  it('likes and unlikes without a reload, and the like is stored', async () => {
    await markDocument(page);
    const card = ourPost();
    const like = card.getByRole('button', { name: 'Like', exact: true });
    expect(await like.getAttribute('aria-pressed')).toBe('false');

    const answered = page.waitForResponse((r) => r.url().includes(`/resources/posts/${postId}`) && r.request().method() === 'POST');
    await like.click();
    await expect.poll(() => like.getAttribute('aria-pressed')).toBe('true');
    await card.getByText('1 like', { exact: true }).waitFor();
    await answered;

    await page.reload();
    await markDocument(page);
    const reloaded = ourPost().getByRole('button', { name: 'Like', exact: true });
    expect(await reloaded.getAttribute('aria-pressed')).toBe('true');
    await reloaded.click();
    await expect.poll(() => reloaded.getAttribute('aria-pressed')).toBe('false');
    await expect.poll(() => ourPost().getByText('1 like', { exact: true }).count()).toBe(0);
    expect(await stillSameDocument(page)).toBe(true);
  });

  it(
    'comments three times: a preview of 2, "View all 3 comments", "Show fewer comments"',
    async () => {
      await markDocument(page);
      const card = ourPost();
      const box = card.getByRole('textbox', { name: 'Write a comment' });
      const send = card.getByRole('button', { name: 'Send comment' });
      await box.fill('  ');
      expect(await send.isDisabled()).toBe(true);

      for (const n of [1, 2, 3]) {
        await box.fill(`Comment number ${n}`);
        if (n === 3) await box.press('Enter');
        else await send.click();
        await card.getByText(`${n} comment${n === 1 ? '' : 's'}`, { exact: true }).waitFor();
        expect(await box.inputValue()).toBe('');
      }
      const comments = card.getByRole('list', { name: 'Comments' });
      expect(await comments.getByRole('listitem').count()).toBe(2);
      expect(await comments.getByText('Comment number 3').count()).toBe(0);

      await card.getByRole('button', { name: 'View all 3 comments' }).click();
      await comments.getByText('Comment number 3').waitFor();
      expect(await comments.getByRole('listitem').count()).toBe(3);
      await card.getByRole('button', { name: 'Show fewer comments' }).click();
      await expect.poll(() => comments.getByRole('listitem').count()).toBe(2);
      await card.getByRole('button', { name: 'View all 3 comments' }).waitFor();
      expect(await stillSameDocument(page)).toBe(true);
      await screenshot('posts-comments-1440');
    },
    LONG,
  );

  it('shares through the Share Post modal (Share needs text; the card shows the share)', async () => {
    await markDocument(page);
    const card = ourPost();
    await card.getByRole('button', { name: 'Share', exact: true }).click();
    let dialog = page.getByRole('dialog', { name: 'Share Post' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    await card.getByRole('button', { name: 'Share', exact: true }).click();
    dialog = page.getByRole('dialog', { name: 'Share Post' });
    const share = dialog.getByRole('button', { name: 'Share', exact: true });
    expect(await share.isDisabled()).toBe(true);
    await dialog.getByRole('textbox').fill('   ');
    expect(await share.isDisabled()).toBe(true);
    await dialog.getByRole('textbox').fill('You have to see this');
    await share.click();
    await toastWith(page, postTexts.shared).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await card.getByRole('button', { name: 'Shared', exact: true }).waitFor();
    await card.getByText('1 share', { exact: true }).waitFor();
    expect(await stillSameDocument(page)).toBe(true);
  });

  it(
    'saves the post, finds it in /saved, and unsaves it',
    async () => {
      let menu = await openPostMenu(ourPost());
      await menu.getByRole('menuitem', { name: 'Save Post' }).click();
      await toastWith(page, postTexts.saved).waitFor();
      menu = await openPostMenu(ourPost());
      await menu.getByRole('menuitem', { name: 'Unsave Post' }).waitFor();
      await page.keyboard.press('Escape');

      await page.goto('/saved');
      await page.getByRole('heading', { level: 1, name: 'Saved Posts' }).waitFor();
      const saved = ourPost(page.getByRole('feed', { name: 'Saved Posts' }));
      await saved.waitFor();
      await markDocument(page);
      menu = await openPostMenu(saved);
      await menu.getByRole('menuitem', { name: 'Unsave Post' }).click();
      await toastWith(page, postTexts.unsaved).waitFor();
      expect(await stillSameDocument(page)).toBe(true);

      await page.reload();
      await page.getByText(postTexts.noSaved, { exact: true }).waitFor();
    },
    LONG,
  );

  it('lists the post on the profile and has no memories for a new member', async () => {
    await page.goto(`/profile/${member.userId}`);
    await ourPost(page.getByRole('feed', { name: `Posts by ${displayName(member)}` })).waitFor();

    await page.goto('/memories');
    await page.getByRole('heading', { level: 1, name: 'On This Day' }).waitFor();
    await page.getByText(postTexts.noMemories, { exact: true }).waitFor();
  });

  it('fits a phone screen', async () => {
    await page.setViewportSize(VIEWPORTS.phone);
    try {
      await page.goto('/');
      await ourPost(feed()).waitFor();
      await noSidewaysScroll(page);
      await screenshot('posts-feed-375');
    } finally {
      await page.setViewportSize(VIEWPORTS.desktop);
    }
  });

  it(
    "offers Save Post but not Delete post on someone else's post",
    async () => {
      const other = await createMember('postsb');
      const otherContext = await memberContext(browser, other);
      try {
        const otherPage = await otherContext.newPage();
        await otherPage.goto(`/posts/${postId}`);
        const card = otherPage.getByRole('article').filter({ hasText: postText });
        await card.getByRole('button', { name: 'Post options' }).click();
        const menu = otherPage.getByRole('menu');
        await menu.getByRole('menuitem', { name: 'Save Post' }).waitFor();
        expect(await menu.getByRole('menuitem', { name: 'Delete post' }).count()).toBe(0);
      } finally {
        await otherContext.close();
      }
    },
    LONG,
  );

  it(
    'opens the post page, deletes the post behind a confirmation, and then the page says "Post not found"',
    async () => {
      const opened = await page.goto(`/posts/${postId}`);
      expect(opened?.status()).toBe(200);
      await ourPost().waitFor();

      await page.goto('/');
      let menu = await openPostMenu(ourPost(feed()));
      await menu.getByRole('menuitem', { name: 'Delete post' }).click();
      let confirm = page.getByRole('dialog', { name: 'Delete post?' });
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await confirm.waitFor({ state: 'detached' });
      expect(await ourPost(feed()).count()).toBe(1);

      menu = await openPostMenu(ourPost(feed()));
      await menu.getByRole('menuitem', { name: 'Delete post' }).click();
      confirm = page.getByRole('dialog', { name: 'Delete post?' });
      await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
      await toastWith(page, postTexts.deleted).waitFor();
      await expect.poll(() => ourPost(feed()).count()).toBe(0);
      await page.getByText(postTexts.noPosts, { exact: true }).waitFor();

      const gone = await page.goto(`/posts/${postId}`);
      expect(gone?.status()).toBe(404);
      await page.getByRole('heading', { level: 1, name: postTexts.notFound }).waitFor();
      await screenshot('posts-not-found-1440');
    },
    LONG,
  );

  it("shows the server's reason when a post or an upload is refused, and keeps what was written", async () => {
    await page.goto('/');
    const composer = page.getByRole('form', { name: 'Create a post' });
    const text = composer.getByLabel('Post text');
    const postButton = composer.getByRole('button', { name: 'Post', exact: true });
    await text.fill('a'.repeat(5001));
    await postButton.click();
    await composer
      .getByRole('alert')
      .filter({ hasText: /^Posts can be at most \d+ characters long$/ })
      .waitFor();
    expect(await postButton.isEnabled()).toBe(true);

    // A text file named .png: refused by the media service (magic bytes), not by the browser.
    await text.fill('Look at this');
    await composer
      .getByLabel('Photo', { exact: true })
      .setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not a picture') });
    await postButton.click();
    await composer.getByRole('alert').filter({ hasText: mediaTexts.unsupported }).waitFor();
    expect(await text.inputValue()).toBe('Look at this');
    expect(await postButton.isEnabled()).toBe(true);
  });
});

describe('long lists', () => {
  it(
    'loads more posts on scroll in the feed and with Load more on the profile',
    async () => {
      const writer = await createMember('pages');
      const total = postLimits.feedPageSize + 5;
      await createPostsThroughApi(
        writer,
        Array.from({ length: total }, (_, n) => `Paged post ${n + 1}`),
      );
      const writerContext = await memberContext(browser, writer);
      try {
        const writerPage = await writerContext.newPage();
        await writerPage.goto('/');
        const list = writerPage.getByRole('feed', { name: 'News Feed' });
        const articles = list.getByRole('article');
        // A boost running elsewhere may take one place of a page as a sponsored post (decision 023).
        const own = articles.filter({ hasNot: writerPage.locator('[data-sponsored]') });
        expect(await articles.count()).toBe(postLimits.feedPageSize);
        expect(await articles.first().innerText()).toContain(`Paged post ${total}`);
        await writerPage.getByRole('button', { name: 'Load more' }).scrollIntoViewIfNeeded();
        await expect.poll(() => own.count()).toBe(total);
        expect(await own.last().innerText()).toContain('Paged post 1');
        // The end of the list: nothing more to load.
        expect(await writerPage.getByRole('button', { name: 'Load more' }).count()).toBe(0);

        // The button alone, as in a browser without IntersectionObserver (else scrolling to the
        // button would already load the page and take the button away).
        const buttonPage = await writerContext.newPage();
        await buttonPage.addInitScript(() => {
          delete (window as { IntersectionObserver?: unknown }).IntersectionObserver;
        });
        await buttonPage.goto(`/profile/${writer.userId}`);
        const profilePosts = buttonPage.getByRole('feed', { name: `Posts by ${displayName(writer)}` }).getByRole('article');
        expect(await profilePosts.count()).toBe(postLimits.feedPageSize);
        await buttonPage.getByRole('button', { name: 'Load more' }).click();
        await expect.poll(() => profilePosts.count()).toBe(total);
        expect(await buttonPage.getByRole('button', { name: 'Load more' }).count()).toBe(0);
      } finally {
        await writerContext.close();
      }
    },
    LONG,
  );
});
