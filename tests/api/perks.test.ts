/**
 * Pro perks through the gateway, in whichever mode the harness started (decision 023, Perks): a
 * card top-up (the fake Paystack of the embedded product, the sandbox of the distributed one)
 * reaches the sign-in record's balance and the member's notifications; buying VIP from the wallet
 * gives the verified badge on posts and among suggestions (featured first), a package
 * notification and the balance after it; boosts are refused without a plan and for another's post;
 * a boosted post is sponsored in a stranger's feed, never in a friend's or the author's; the
 * payments switch of the notification settings keeps payment notices away.
 */
import { formatNaira, PACKAGE_IDS, walletTexts, type Notification, type Post, type Suggestion } from '@kora/contracts';
import { eventually, readUntil } from '@kora/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { auth, befriend, signedInMember, signIn, type SignedIn } from './support/members.js';
import { notificationsOf } from './support/notifications.js';
import { createPost } from './support/posts.js';
import { api, body, MODE } from './support/product.js';
import { saveSettings } from './support/settings.js';
import { topUp } from './support/wallet.js';

type Member = SignedIn & { member: { email: string; password: string } };

async function refused(res: Response, status: number, text: string): Promise<void> {
  expect(res.status, await res.clone().text()).toBe(status);
  expect(await res.json()).toEqual({ error: text, message: text, code: expect.any(String) });
}

const balanceInSignIn = async (who: Member) =>
  (await signIn(who.member.email, who.member.password)).user as unknown as { user_wallet_balance: number };
const postAs = async (who: SignedIn, id: number) => body<Post>(await api(`/api/posts/${id}`, auth(who.token)));
const feedOf = async (who: SignedIn) => body<Post[]>(await api('/api/posts?limit=10', auth(who.token)));
const boost = (who: SignedIn, id: number) => api(`/api/posts/${id}/boost`, { method: 'POST', ...auth(who.token) });

describe(`Pro perks through the gateway (${MODE})`, () => {
  let ada: Member;
  let bola: Member;
  let chidi: Member;
  let post: Post;

  beforeAll(async () => {
    [ada, bola, chidi] = await Promise.all([signedInMember(), signedInMember(), signedInMember()]);
    await befriend(ada, bola);
    post = await createPost(ada, 'Jollof at the beach: come along');
    // A sponsored post takes a place after a page's first two posts: the stranger's feed has its own.
    for (const text of ['Suya night', 'Market run', 'Rainy Lagos']) await createPost(chidi, text);
  });

  it('refuses boosts to anonymous callers, without a plan, and of posts not yours', async () => {
    expect((await api(`/api/posts/${post.id}/boost`, { method: 'POST' })).status).toBe(401);
    await refused(await boost(ada, post.id), 402, walletTexts.boostNeedsPlan);
    await refused(await boost(bola, post.id), 403, walletTexts.boostNotYours);
    expect((await postAs(bola, post.id)).author.verified).toBe(false);
  });

  it('a top-up reaches the sign-in record and tells the member', async () => {
    await topUp(ada, 10_000);
    await eventually(async () => (await balanceInSignIn(ada)).user_wallet_balance === 10_000);
    const notice = await readUntil(
      async () => (await notificationsOf(ada)).find((n: Notification) => n.type === 'payment'),
      (n) => n !== undefined,
    );
    expect(notice).toMatchObject({
      actorId: ada.user.user_id,
      entityType: 'transaction',
      message: 'Your wallet was topped up with ₦10,000',
    });
  });

  it('buying VIP gives the badge, featured suggestions, a notice, the balance after it, and boosts sponsored to strangers only', async () => {
    expect(PACKAGE_IDS).toContain('vip');
    const bought = await api('/api/packages/vip/purchase', { method: 'POST', ...auth(ada.token) });
    expect(bought.status, await bought.clone().text()).toBe(200);

    // The badge, wherever names show: the post's author, suggestions (featured first).
    await eventually(async () => (await postAs(bola, post.id)).author.verified);
    const suggestions = await readUntil(
      async () => body<Suggestion[]>(await api('/api/friends/suggestions?limit=50', auth(chidi.token))),
      (list) => list.some((s) => s.id === ada.user.user_id && s.verified),
    );
    const flags = suggestions.map((s) => s.verified);
    expect(flags).toEqual([...flags].sort((a, b) => Number(b) - Number(a)));

    // The balance after the purchase in the sign-in record, and the notice.
    await eventually(async () => (await balanceInSignIn(ada)).user_wallet_balance === 10_000 - 6_050);
    const notice = await readUntil(
      async () => (await notificationsOf(ada)).find((n: Notification) => n.type === 'payment_package'),
      (n) => n !== undefined,
    );
    expect(notice!.message).toBe('You bought Kora VIP for ₦6,050: your Pro perks are on');

    // Boost (once posts has learnt the plan), then once more is refused.
    const boosted = await readUntil(
      () => boost(ada, post.id),
      (res) => res.status !== 402,
    );
    expect(boosted.status, await boosted.clone().text()).toBe(200);
    expect(await boosted.json()).toMatchObject({ postId: post.id, boostsLeft: 29 });
    await refused(await boost(ada, post.id), 409, walletTexts.alreadyBoosted);

    // Sponsored for the stranger (at most one a page), an ordinary post for the friend and the author.
    const strangers = await readUntil(
      () => feedOf(chidi),
      (page) => page.some((p) => p.sponsored),
    );
    expect(strangers.filter((p) => p.sponsored)).toHaveLength(1);
    for (const who of [bola, ada]) {
      const page = await feedOf(who);
      expect(page.find((p) => p.id === post.id)).toMatchObject({ sponsored: false, author: { verified: true } });
      expect(page.filter((p) => p.sponsored && p.author.id === ada.user.user_id)).toEqual([]);
    }
  });

  it('keeps payment notices away while the payments switch is off', async () => {
    const paymentNotices = async () =>
      (await notificationsOf(bola)).filter((n: Notification) => n.type === 'payment').map((n) => n.message);
    const noticeOf = (amount: number) => `Your wallet was topped up with ${formatNaira(amount)}`;
    // The switch reaches notifications as an event of another topic than the credits, so nothing
    // orders the two: top up while it is off, then (switch on) top up markers until one is noticed.
    // A marker's notice proves every earlier credit of the member was handled (one key, in order),
    // so the top-up made while off is judged only then; a top-up handled before the switch arrived
    // is not held against it, the round is tried again.
    let amount = 500;
    let silenced = false;
    const deadline = Date.now() + 90_000;
    while (!silenced && Date.now() < deadline) {
      amount += 1;
      await saveSettings(bola, 'notifications', { inappPayments: false });
      await topUp(bola, amount);
      await saveSettings(bola, 'notifications', { inappPayments: true });
      let marker = 700 + amount;
      for (let noticed = false; !noticed && Date.now() < deadline;) {
        marker += 1000;
        await topUp(bola, marker);
        noticed = (await readUntil(paymentNotices, (list) => list.includes(noticeOf(marker)), 3_000)).includes(noticeOf(marker));
      }
      silenced = !(await paymentNotices()).includes(noticeOf(amount));
    }
    expect(silenced).toBe(true);
  }, 120_000);
});
