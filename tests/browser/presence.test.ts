/// <reference lib="dom" />
/**
 * Presence through the browser: two friends; A opens the app (its live socket is up), and B sees
 * a green "Online" dot on A's picture in Your Friends. With A's showOnline off (PUT
 * /api/settings/privacy, the settings service), B sees no dot.
 *
 * Run: KORA_BASE_URL=http://127.0.0.1:8080 npx vitest run --config tests/browser/vitest.config.ts presence
 */
import { displayName, notificationTexts } from '@kora/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENTUAL_MS } from '@kora/testing/adapters';
import { launchBrowser } from './support/browser';
import { befriendThroughApi, callAs } from './support/friends';
import { createMember, memberContext, type Member } from './support/members';
import { waitForLiveSocket } from './support/notifications';
import { saveScreenshot } from './support/screenshots';

const LONG = 120_000;

let browser: Browser;
let contexts: BrowserContext[] = [];
let a: Member;
let b: Member;
let pageA: Page;
let pageB: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  [a, b] = await Promise.all([createMember('pra'), createMember('prb')]);
  await befriendThroughApi(a, b);
  const [contextA, contextB] = await Promise.all([memberContext(browser, a), memberContext(browser, b)]);
  contexts = [contextA, contextB];
  [pageA, pageB] = await Promise.all([contextA.newPage(), contextB.newPage()]);
}, LONG);

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await browser?.close();
});

/** A's card in B's Your Friends list. */
const cardOfA = (page: Page) => page.getByRole('list', { name: 'Your Friends' }).getByRole('listitem', { name: displayName(a) });
/** Whether A's card shows the dot, after loading /friends afresh. */
async function dotShown(page: Page): Promise<boolean> {
  await page.goto('/friends');
  await cardOfA(page).waitFor();
  return (await cardOfA(page).getByText(notificationTexts.online, { exact: true }).count()) > 0;
}

describe('presence', () => {
  it(
    "B sees a green dot on A's picture while A has the app open",
    async () => {
      await pageA.goto('/');
      await waitForLiveSocket(pageA);
      await expect.poll(() => dotShown(pageB), { timeout: EVENTUAL_MS, interval: 500 }).toBe(true);
      await saveScreenshot(pageB, 'presence-friends-online');
    },
    LONG,
  );

  it(
    'with showOnline off, B sees no dot',
    async () => {
      await callAs(a, 'PUT', '/api/settings/privacy', { showOnline: false });
      await expect.poll(() => dotShown(pageB), { timeout: EVENTUAL_MS, interval: 500 }).toBe(false);
      // A is still there: the dot went because of the setting, not because A left.
      await callAs(a, 'PUT', '/api/settings/privacy', { showOnline: true });
      await expect.poll(() => dotShown(pageB), { timeout: EVENTUAL_MS, interval: 500 }).toBe(true);
    },
    LONG,
  );

  it(
    'A leaves: the dot goes',
    async () => {
      await pageA.close();
      await expect.poll(() => dotShown(pageB), { timeout: EVENTUAL_MS, interval: 500 }).toBe(false);
    },
    LONG,
  );
});
