/// <reference lib="dom" />
/**
 * Messages through the browser (decision 039), against the running product with the real messages
 * and notifications services: two friends converse live both ways at 1280x800 and again at 375x812
 * (where the list and the conversation are two screens), each seeing the other typing and their
 * read marks; the Messages badge counts a message that arrives while the conversation is closed;
 * a member deletes a message for everyone; a group of three made in the New message dialog, renamed
 * and trimmed by its creator; a stranger's message waits as a request until it is accepted, and
 * "Who can message me: Nobody" refuses the next stranger. Also: older pages as the member scrolls
 * up, a photo sent, and a send lost on the way retried without a duplicate.
 *
 * The steps share the members and their pages, so they run in order.
 * Run: KORA_BASE_URL=http://127.0.0.1:8080 npx vitest run --config tests/browser/vitest.config.ts messages
 */
import { displayName, messageTexts, settingsTexts } from '@kora/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_URL, launchBrowser, VIEWPORTS, type Viewport } from './support/browser';
import { befriendThroughApi } from './support/friends';
import { apiSignIn, createMember, memberContext, type Member } from './support/members';
import { solidPng } from './support/png';
import { declinePushOffer } from './support/push';
import { explainedWait, recordLiveTrail, type LiveTrail } from './support/live-trail';
import { waitForLiveSocket } from './support/notifications';
import { noSidewaysScroll, toastWith } from './support/page-helpers';
import { saveScreenshot } from './support/screenshots';

const LONG = 180_000;
/** Frames travel through the bus between the messages and notifications services. */
const LIVE_MS = 20_000;
const RUN = Date.now().toString(36);

let browser: Browser;
const contexts: BrowserContext[] = [];
let a: Member;
let b: Member;
let c: Member;
let stranger: Member;
let conversationPath: string;

beforeAll(async () => {
  browser = await launchBrowser();
  [a, b, c, stranger] = await Promise.all([createMember('msga'), createMember('msgb'), createMember('msgc'), createMember('msgs')]);
  await Promise.all([befriendThroughApi(a, b), befriendThroughApi(a, c)]);
}, LONG);

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await browser?.close();
});

/** Each page's live trail, so a live wait that times out says where the event stopped. */
const trails = new Map<Page, LiveTrail>();

async function pageOf(member: Member, viewport: Viewport): Promise<Page> {
  const context = await memberContext(browser, member, { viewport });
  await declinePushOffer(context);
  contexts.push(context);
  const page = await context.newPage();
  trails.set(page, recordLiveTrail(page));
  return page;
}

/** Waits until `watcher` shows that `typer` is typing. */
async function seesTyping(watcher: Page, typerPage: Page, typer: Member): Promise<void> {
  await explainedWait(watcher.getByText(messageTexts.typing(displayName(typer))).waitFor({ timeout: LIVE_MS }), {
    typer: trails.get(typerPage)!,
    watcher: trails.get(watcher)!,
  });
}

const composer = (page: Page) => page.getByRole('textbox', { name: messageTexts.composerPlaceholder });
const bubble = (page: Page, text: string | RegExp) => page.locator('[data-message-id]').filter({ hasText: text }).last();
const receipt = (page: Page) => page.getByTestId('receipt');
/** The top bar's Messages link (the quick link on wide screens, its own button on a phone) and its count. */
async function messagesBadge(page: Page): Promise<number> {
  const label =
    (await page
      .getByRole('banner')
      .getByRole('link', { name: /^Messages/ })
      .getAttribute('aria-label')) ?? '';
  const match = /, (\d+)\+? unread$/.exec(label);
  return match ? Number(match[1]) : 0;
}

/** Types as a member does, a key at a time (each keystroke may signal typing). */
async function typeSlowly(page: Page, text: string): Promise<void> {
  await composer(page).click();
  await composer(page).pressSequentially(text, { delay: 40 });
}

describe('two friends converse', () => {
  it(
    'at 1280x800: A starts from B’s profile, both see typing, messages and read marks live both ways',
    async () => {
      const [pageA, pageB] = await Promise.all([pageOf(a, VIEWPORTS.laptop), pageOf(b, VIEWPORTS.laptop)]);
      await pageA.goto(`/profile/${b.userId}`);
      await pageA
        .getByRole('main')
        .getByRole('button', { name: `${messageTexts.messageButton} ${displayName(b)}` })
        .click();
      await pageA.waitForURL(/\/messages\/\d+$/);
      conversationPath = new URL(pageA.url()).pathname;
      // Side by side: the list and the conversation.
      await pageA.getByRole('heading', { name: messageTexts.title, level: 1 }).waitFor();
      await pageA.getByRole('heading', { name: displayName(b) }).waitFor();

      await pageB.goto(conversationPath);
      await Promise.all([waitForLiveSocket(pageA), waitForLiveSocket(pageB)]);

      await typeSlowly(pageA, 'Hi Bola 👋 see https://kora.ng/help');
      await seesTyping(pageB, pageA, a);
      await composer(pageA).press('Enter');
      await bubble(pageB, 'Hi Bola 👋').waitFor({ timeout: LIVE_MS });
      // The link is a safe link; the emoji as typed.
      const link = bubble(pageB, 'Hi Bola').getByRole('link', { name: 'https://kora.ng/help' });
      expect(await link.getAttribute('rel')).toContain('noopener');
      expect(await link.getAttribute('target')).toBe('_blank');
      // B has it open: A sees it read.
      await expect.poll(() => receipt(pageA).textContent(), { timeout: LIVE_MS }).toBe(messageTexts.seen);

      // B answers on two lines (Shift+Enter), replying to A's message.
      await bubble(pageB, 'Hi Bola').getByRole('button', { name: messageTexts.messageActions }).click();
      await pageB.getByRole('menuitem', { name: messageTexts.reply }).click();
      await typeSlowly(pageB, 'Hello Ada!');
      await seesTyping(pageA, pageB, b);
      await composer(pageB).press('Shift+Enter');
      await composer(pageB).pressSequentially('See you at 5');
      await composer(pageB).press('Enter');
      const answer = bubble(pageA, 'See you at 5');
      await answer.waitFor({ timeout: LIVE_MS });
      expect(await answer.innerText()).toContain('Hello Ada!\nSee you at 5');
      expect(await answer.innerText()).toContain('Hi Bola');
      await expect.poll(() => receipt(pageB).textContent(), { timeout: LIVE_MS }).toBe(messageTexts.seen);
      await saveScreenshot(pageA, 'messages-conversation-1280');
      await saveScreenshot(pageB, 'messages-conversation-b-1280');

      // A deletes a message for everyone: B sees "Message deleted".
      await composer(pageA).fill('Oops, wrong chat');
      await composer(pageA).press('Enter');
      await bubble(pageB, 'Oops, wrong chat').waitFor({ timeout: LIVE_MS });
      await bubble(pageA, 'Oops, wrong chat').getByRole('button', { name: messageTexts.messageActions }).click();
      await pageA.getByRole('menuitem', { name: messageTexts.deleteForEveryone }).click();
      await pageA.getByRole('dialog').getByRole('button', { name: messageTexts.deleteForEveryone }).click();
      await bubble(pageB, messageTexts.messageDeleted).waitFor({ timeout: LIVE_MS });
      expect(await pageB.getByText('Oops, wrong chat').count()).toBe(0);

      // B leaves the conversation for the list: A's next message counts on B's badge and row.
      await pageB.goto('/messages');
      await waitForLiveSocket(pageB);
      expect(await messagesBadge(pageB)).toBe(0);
      await composer(pageA).fill('Are you there?');
      await composer(pageA).press('Enter');
      await expect.poll(() => messagesBadge(pageB), { timeout: LIVE_MS }).toBe(1);
      const row = pageB
        .getByRole('list', { name: messageTexts.inbox })
        .getByRole('link')
        .filter({ hasText: displayName(a) });
      await row.getByText('Are you there?').waitFor();
      await row.getByText(messageTexts.unreadInConversation(1)).waitFor();
      await saveScreenshot(pageB, 'messages-list-unread-1280');
      await row.click();
      await bubble(pageB, 'Are you there?').waitFor();
      await expect.poll(() => messagesBadge(pageB), { timeout: LIVE_MS }).toBe(0);
    },
    LONG,
  );

  it(
    'at 375x812: the list and the conversation are two screens, and the conversation stays live',
    async () => {
      const [pageA, pageB] = await Promise.all([pageOf(a, VIEWPORTS.phone), pageOf(b, VIEWPORTS.phone)]);
      await pageA.goto('/messages');
      const list = pageA.getByRole('list', { name: messageTexts.inbox });
      await list.waitFor();
      await saveScreenshot(pageA, 'messages-list-375');
      await list
        .getByRole('link')
        .filter({ hasText: displayName(b) })
        .click();
      await pageA.waitForURL((url) => url.pathname === conversationPath);
      // Only the conversation, with the way back.
      await saveScreenshot(pageA, 'messages-opened-375');
      await expect.poll(() => pageA.getByRole('list', { name: messageTexts.inbox }).isVisible()).toBe(false);
      await pageA.getByRole('link', { name: messageTexts.backToList }).waitFor();

      await pageB.goto(conversationPath);
      await Promise.all([waitForLiveSocket(pageA), waitForLiveSocket(pageB)]);
      await typeSlowly(pageB, 'On my phone now');
      await seesTyping(pageA, pageB, b);
      await composer(pageB).press('Enter');
      await bubble(pageA, 'On my phone now').waitFor({ timeout: LIVE_MS });
      await expect.poll(() => receipt(pageB).textContent(), { timeout: LIVE_MS }).toBe(messageTexts.seen);

      await typeSlowly(pageA, 'Me too 📱');
      await seesTyping(pageB, pageA, a);
      await composer(pageA).press('Enter');
      await bubble(pageB, 'Me too 📱').waitFor({ timeout: LIVE_MS });
      await expect.poll(() => receipt(pageA).textContent(), { timeout: LIVE_MS }).toBe(messageTexts.seen);

      // The composer is pinned at the bottom of the screen, the newest message just above it.
      const box = await composer(pageA).boundingBox();
      expect(box!.y + box!.height).toBeGreaterThan(VIEWPORTS.phone.height - 90);
      await noSidewaysScroll(pageA);
      await saveScreenshot(pageA, 'messages-conversation-375');
      await saveScreenshot(pageB, 'messages-conversation-b-375');

      await pageA.getByRole('link', { name: messageTexts.backToList }).click();
      await pageA.waitForURL((url) => url.pathname === '/messages');
      await pageA.getByRole('list', { name: messageTexts.inbox }).waitFor();
    },
    LONG,
  );
});

describe('a group of three', () => {
  it(
    'A starts it in the New message dialog; B and C get its messages live and A sees who has read',
    async () => {
      const [pageA, pageB, pageC] = await Promise.all([
        pageOf(a, VIEWPORTS.laptop),
        pageOf(b, VIEWPORTS.laptop),
        pageOf(c, VIEWPORTS.laptop),
      ]);
      await pageA.goto('/messages');
      await pageA.getByRole('main').getByRole('button', { name: messageTexts.newMessage }).click();
      const dialog = pageA.getByRole('dialog', { name: messageTexts.newMessage });
      for (const member of [b, c]) {
        await dialog.getByRole('searchbox', { name: messageTexts.searchMembers }).fill(member.username);
        await dialog.getByRole('button', { name: messageTexts.chooseMember(displayName(member)) }).click({ timeout: LIVE_MS });
      }
      const title = `Beach Saturday ${RUN}`;
      await dialog.getByRole('textbox', { name: messageTexts.conversationTitle }).fill(title);
      await saveScreenshot(pageA, 'messages-new-group-1280');
      await dialog.getByRole('button', { name: messageTexts.start }).click();
      await pageA.waitForURL(/\/messages\/\d+$/);
      const groupPath = new URL(pageA.url()).pathname;
      await pageA.getByRole('heading', { name: title }).waitFor();

      await Promise.all([pageB.goto(groupPath), pageC.goto(groupPath)]);
      await Promise.all([waitForLiveSocket(pageA), waitForLiveSocket(pageB), waitForLiveSocket(pageC)]);
      await composer(pageA).fill('Who is bringing the suya?');
      await composer(pageA).press('Enter');
      await Promise.all([bubble(pageB, 'suya').waitFor({ timeout: LIVE_MS }), bubble(pageC, 'suya').waitFor({ timeout: LIVE_MS })]);
      await expect
        .poll(async () => (await receipt(pageA).textContent()) ?? '', { timeout: LIVE_MS })
        .toMatch(new RegExp(`^Seen by (${displayName(b)}, ${displayName(c)}|${displayName(c)}, ${displayName(b)})$`));

      await composer(pageC).fill('Me! 🍢');
      await composer(pageC).press('Enter');
      await Promise.all([bubble(pageA, 'Me! 🍢').waitFor({ timeout: LIVE_MS }), bubble(pageB, 'Me! 🍢').waitFor({ timeout: LIVE_MS })]);
      // In a group, each run of messages carries its sender's name.
      await bubble(pageB, 'Me! 🍢').getByText(displayName(c)).first().waitFor();
      await saveScreenshot(pageA, 'messages-group-1280');

      // The creator renames the group (the others see it live) and removes C.
      await pageA.getByRole('button', { name: messageTexts.conversationDetails }).click();
      const details = pageA.getByRole('dialog', { name: messageTexts.conversationDetails });
      const renamed = `Beach Sunday ${RUN}`;
      await details.getByRole('textbox', { name: messageTexts.conversationTitle }).fill(renamed);
      await details.getByRole('button', { name: messageTexts.rename }).click();
      await toastWith(pageA, messageTexts.renamed).waitFor();
      await pageB.getByRole('heading', { name: renamed }).waitFor({ timeout: LIVE_MS });
      await saveScreenshot(pageA, 'messages-group-details-1280');
      await details.getByRole('button', { name: `${messageTexts.removeMember} ${displayName(c)}` }).click();
      await toastWith(pageA, messageTexts.memberRemoved).waitFor();
      await expect.poll(() => details.getByRole('listitem').count()).toBe(2);
      // B, not the creator, may only leave.
      await pageB.getByRole('button', { name: messageTexts.conversationDetails }).click();
      const theirs = pageB.getByRole('dialog', { name: messageTexts.conversationDetails });
      expect(await theirs.getByRole('button', { name: messageTexts.rename }).count()).toBe(0);
      await theirs.getByRole('button', { name: messageTexts.leave }).click();
      await pageB.waitForURL((url) => url.pathname === '/messages');

      // The list's search finds conversations by their name and their members' names.
      await details.getByRole('button', { name: 'Close' }).click();
      await details.waitFor({ state: 'detached' });
      const search = pageA.getByRole('searchbox', { name: messageTexts.searchPlaceholder });
      await search.fill('Sunday');
      await search.press('Enter');
      await pageA.waitForURL((url) => url.searchParams.get('q') === 'Sunday');
      const found = pageA.getByRole('list', { name: messageTexts.inbox }).getByRole('link');
      await expect.poll(() => found.allInnerTexts()).toEqual([expect.stringContaining(renamed)]);
      await search.fill('zzz-nobody-here');
      await search.press('Enter');
      await pageA.getByText(messageTexts.noMatches).waitFor();
    },
    LONG,
  );
});

describe('a request from a stranger', () => {
  it(
    'waits under Requests until accepted, then the conversation flows both ways',
    async () => {
      const [pageS, pageB] = await Promise.all([pageOf(stranger, VIEWPORTS.laptop), pageOf(b, VIEWPORTS.phone)]);
      await pageS.goto(`/profile/${b.userId}`);
      await pageS
        .getByRole('main')
        .getByRole('button', { name: `${messageTexts.messageButton} ${displayName(b)}` })
        .click();
      await pageS.waitForURL(/\/messages\/\d+$/);
      const path = new URL(pageS.url()).pathname;
      await composer(pageS).fill('Hello, we met at the market');
      await composer(pageS).press('Enter');
      await bubble(pageS, 'we met at the market').waitFor();
      // Nothing tells the sender whether a request was seen.
      expect(await receipt(pageS).count()).toBe(0);

      await pageB.goto('/messages?folder=requests');
      const requests = pageB.getByRole('list', { name: messageTexts.requests });
      await requests
        .getByRole('link')
        .filter({ hasText: displayName(stranger) })
        .click();
      await pageB.waitForURL((url) => url.pathname === path);
      await pageB.getByText(messageTexts.requestNotice(displayName(stranger))).waitFor();
      expect(await composer(pageB).count()).toBe(0);
      await saveScreenshot(pageB, 'messages-request-375');
      await pageB.getByRole('button', { name: messageTexts.accept }).click();
      await toastWith(pageB, messageTexts.requestAccepted).waitFor();

      await Promise.all([waitForLiveSocket(pageS), waitForLiveSocket(pageB)]);
      await composer(pageB).fill('Oh hi! Yes, the tomatoes');
      await composer(pageB).press('Enter');
      await bubble(pageS, 'the tomatoes').waitFor({ timeout: LIVE_MS });
      await composer(pageS).fill('That was me');
      await composer(pageS).press('Enter');
      await bubble(pageB, 'That was me').waitFor({ timeout: LIVE_MS });
      await expect.poll(() => receipt(pageS).textContent(), { timeout: LIVE_MS }).toBe(messageTexts.seen);
    },
    LONG,
  );
});

/** `count` messages from `from` in conversation `id`, through the API with one sign-in. */
async function sendThroughApi(from: Member, id: number, bodies: string[]): Promise<void> {
  const { token } = await apiSignIn(from);
  for (const body of bodies) {
    const response = await fetch(`${BASE_URL}/api/messages/conversations/${id}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ clientId: crypto.randomUUID(), body }),
    });
    if (!response.ok) throw new Error(`sending answered ${response.status}: ${await response.text()}`);
  }
}

describe('history, photos and retries', () => {
  it(
    'loads older messages as the member scrolls up, keeping the place, down to the beginning',
    async () => {
      const id = Number(conversationPath.split('/').pop());
      await sendThroughApi(
        b,
        id,
        Array.from({ length: 70 }, (_, index) => `Old news number ${index + 1}`),
      );
      const pageA = await pageOf(a, VIEWPORTS.laptop);
      await pageA.goto(conversationPath);
      await bubble(pageA, 'Old news number 70').waitFor();
      // The newest page is 50 messages: the first ones come when scrolling up.
      expect(await pageA.getByText('Old news number 1', { exact: true }).count()).toBe(0);
      const history = pageA.getByRole('region', { name: displayName(b) });
      for (let round = 0; round < 10; round += 1) {
        await history.evaluate((element) => element.scrollTo({ top: 0 }));
        if (await pageA.getByText(messageTexts.beginning).isVisible()) break;
        await pageA.waitForTimeout(300);
      }
      await pageA.getByText('Old news number 1', { exact: true }).waitFor();
      await pageA.getByText(messageTexts.beginning).waitFor();
      // Each message once.
      expect(await pageA.getByText('Old news number 20', { exact: true }).count()).toBe(1);
    },
    LONG,
  );

  it(
    'sends a photo, and retries a send lost on the way without storing it twice',
    async () => {
      const [pageA, pageB] = await Promise.all([pageOf(a, VIEWPORTS.laptop), pageOf(b, VIEWPORTS.laptop)]);
      await Promise.all([pageA.goto(conversationPath), pageB.goto(conversationPath)]);
      await Promise.all([waitForLiveSocket(pageA), waitForLiveSocket(pageB)]);

      await pageA
        .locator('input[type=file]')
        .setInputFiles({ name: 'beach.png', mimeType: 'image/png', buffer: solidPng(120, [30, 144, 255]) });
      await pageA.getByRole('list', { name: messageTexts.attach }).getByRole('img', { name: messageTexts.photo }).waitFor();
      await composer(pageA).fill('The beach today');
      await composer(pageA).press('Enter');
      const photo = bubble(pageB, 'The beach today');
      await photo.waitFor({ timeout: LIVE_MS });
      await photo.getByRole('img', { name: messageTexts.photo }).waitFor();

      // The first attempt never reaches the server: the bubble offers a retry, which sends it once.
      let dropped = false;
      await pageA.route('**/resources/conversations/*', async (route) => {
        const body = route.request().postData() ?? '';
        if (!dropped && route.request().method() === 'POST' && body.includes('intent=send')) {
          dropped = true;
          await route.abort('internetdisconnected');
        } else await route.continue();
      });
      await composer(pageA).fill('Sent through a tunnel');
      await composer(pageA).press('Enter');
      const failed = pageA.getByRole('button', { name: messageTexts.sendFailed });
      await failed.waitFor();
      await failed.click();
      await bubble(pageB, 'Sent through a tunnel').waitFor({ timeout: LIVE_MS });
      await bubble(pageA, 'Sent through a tunnel').waitFor();
      await pageA.waitForTimeout(1_000);
      expect(await pageB.locator('[data-message-id]').filter({ hasText: 'Sent through a tunnel' }).count()).toBe(1);
      expect(await pageA.locator('[data-message-id]').filter({ hasText: 'Sent through a tunnel' }).count()).toBe(1);
      await saveScreenshot(pageB, 'messages-photo-1280');
    },
    LONG,
  );
});

describe('who may message', () => {
  it(
    '"Who can message me: Nobody" refuses a stranger with the contract\'s text',
    async () => {
      const [pageC, pageS] = await Promise.all([pageOf(c, VIEWPORTS.laptop), pageOf(stranger, VIEWPORTS.laptop)]);
      await pageC.goto('/settings?tab=privacy');
      await pageC.getByLabel(messageTexts.messagePolicyLabel).selectOption('nobody');
      await pageC.getByRole('button', { name: 'Save' }).click();
      await toastWith(pageC, settingsTexts.saved).waitFor();

      await pageS.goto(`/profile/${c.userId}`);
      await expect
        .poll(
          async () => {
            await pageS
              .getByRole('main')
              .getByRole('button', { name: `${messageTexts.messageButton} ${displayName(c)}` })
              .click();
            return toastWith(pageS, messageTexts.cantMessage).isVisible();
          },
          { timeout: LIVE_MS, interval: 1_000 },
        )
        .toBe(true);
      expect(new URL(pageS.url()).pathname).toBe(`/profile/${c.userId}`);
    },
    LONG,
  );
});
