/// <reference lib="dom" />
/**
 * Mentions and post visibility in the browser, against the running product: a post that mentions a
 * member shows their `@username` as a link to their profile (and an unknown `@name` and hostile
 * markup as plain text), and a member who limits their profile to friends has posts a stranger
 * cannot open by URL ("Post not found", 404) while a friend can.
 *
 * Run: KORA_BASE_URL=http://127.0.0.1:8080 [KORA_MAIL_SINK_URL=…] \
 *      npx vitest run --config tests/browser/vitest.config.ts mentions
 */
import { postTexts } from '@kora/contracts';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_URL, launchBrowser, VIEWPORTS } from './support/browser';
import { apiSignIn, createMember, memberContext, type Member } from './support/members';
import { createPostsThroughApi } from './support/posts';
import { saveScreenshot } from './support/screenshots';

const LONG = 120_000;

let browser: Browser;
let author: Member;
let mentioned: Member;

beforeAll(async () => {
  browser = await launchBrowser();
  [author, mentioned] = await Promise.all([createMember('menta'), createMember('mentb')]);
});

afterAll(async () => {
  await browser?.close();
});

async function putPrivacy(member: Member, values: Record<string, unknown>): Promise<void> {
  const { token } = await apiSignIn(member);
  const res = await fetch(`${BASE_URL}/api/settings/privacy`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(values),
  });
  if (res.status !== 200) throw new Error(`saving privacy answered ${res.status}: ${await res.text()}`);
}

describe('mentions and post visibility in the browser', () => {
  it(
    'shows a mention as a link to the member’s profile, other @words and markup as text',
    async () => {
      const text = `Jollof with @${mentioned.username} and @nobody_${Date.now().toString(36)} <img src=x onerror="window.__pwned=1">`;
      const [postId] = await createPostsThroughApi(author, [text]);
      for (const [name, viewport] of [
        ['1280', { width: 1280, height: 800 }],
        ['375', VIEWPORTS.phone],
      ] as const) {
        const context = await memberContext(browser, author, { viewport });
        try {
          const page = await context.newPage();
          const opened = await page.goto(`/posts/${postId}`);
          expect(opened?.status()).toBe(200);
          const card = page.getByRole('article').filter({ hasText: 'Jollof with' }).first();
          const link = card.getByRole('link', { name: `@${mentioned.username}`, exact: true });
          await link.waitFor();
          expect(await link.getAttribute('href')).toBe(`/profile/${mentioned.userId}`);
          expect(await card.getByRole('link', { name: /@nobody_/ }).count()).toBe(0);
          await card.getByText('<img src=x onerror="window.__pwned=1">', { exact: false }).first().waitFor();
          expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
          await saveScreenshot(page, `mentions-post-${name}`);
          if (name === '1280') {
            await link.click();
            await page.waitForURL(`**/profile/${mentioned.userId}`);
          }
        } finally {
          await context.close();
        }
      }
    },
    LONG,
  );

  it(
    "a friends-only member's post is not found by a stranger opening its URL",
    async () => {
      const [postId] = await createPostsThroughApi(author, ['Only for my friends']);
      await putPrivacy(author, { profileVisibility: 'friends' });
      const stranger = await createMember('mentc');
      const context = await memberContext(browser, stranger);
      try {
        const page = await context.newPage();
        // The settings event reaches the posts service shortly after the save.
        await expect.poll(async () => (await page.goto(`/posts/${postId}`))?.status(), { timeout: 20_000 }).toBe(404);
        await page.getByRole('heading', { level: 1, name: postTexts.notFound }).waitFor();
        expect(await page.getByText('Only for my friends').count()).toBe(0);
      } finally {
        await context.close();
        await putPrivacy(author, { profileVisibility: 'everyone' });
      }
    },
    LONG,
  );
});
