/**
 * Push devices through the gateway (decision 042), on the distributed and the embedded product:
 * the server's key, subscribing (idempotent by endpoint), removing only one's own, the refusals, and
 * a device forgotten when the session it was subscribed in signs out. Delivery to a push service is
 * the notifications service's own test (services/notifications/src/push/push.test.ts).
 */
import { pushTexts } from '@kora/contracts';
import { EVENTUAL_MS, readUntil } from '@kora/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { auth, json, signedInMember, signIn, type SignedIn } from './support/members.js';
import { api, MODE } from './support/product.js';
import { browserPushSubscription } from './support/push-device.js';

const PATH = '/api/notifications/push/subscriptions';

const device = () => browserPushSubscription('https://push.example.com/api-test');
const removal = (endpoint: string, token: string) =>
  api(`${PATH}?endpoint=${encodeURIComponent(endpoint)}`, { ...auth(token), method: 'DELETE' });

async function expectRefusal(res: Response, status: number, text: string) {
  expect(res.status, await res.clone().text()).toBe(status);
  expect(await res.json()).toMatchObject({ error: text, message: text, code: expect.any(String) });
}

describe(`push devices (${MODE})`, () => {
  let member: SignedIn & { member: { email: string; password: string } };
  let other: SignedIn;
  beforeAll(async () => {
    [member, other] = await Promise.all([signedInMember(), signedInMember()]);
  });

  it("answers the server's VAPID key to members only", async () => {
    expect((await api('/api/notifications/push/key')).status).toBe(401);
    const res = await api('/api/notifications/push/key', auth(member.token));
    expect(res.status).toBe(200);
    const { publicKey } = (await res.json()) as { publicKey: string };
    // An uncompressed P-256 point: 65 bytes.
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    expect(await (await api('/api/notifications/push/key', auth(other.token))).json()).toEqual({ publicKey });
  });

  it('subscribes a device once however often it is sent, and lets only its member remove it', async () => {
    const phone = device();
    for (let i = 0; i < 2; i++) {
      const res = await api(PATH, json(phone, member.token));
      expect(res.status, await res.clone().text()).toBe(200);
      expect(await res.json()).toMatchObject({ endpoint: phone.endpoint, lastUsedAt: null });
    }
    expect((await api(PATH, json(phone))).status).toBe(401);
    await expectRefusal(await removal(phone.endpoint, other.token), 404, pushTexts.notSubscribed);
    const removed = await removal(phone.endpoint, member.token);
    expect(removed.status).toBe(200);
    expect(await removed.json()).toEqual({ removed: true });
    await expectRefusal(await removal(phone.endpoint, member.token), 404, pushTexts.notSubscribed);
  });

  it('refuses what is not a subscription, and endpoints that are not a public https push service', async () => {
    await expectRefusal(await api(PATH, json({}, member.token)), 400, pushTexts.subscriptionInvalid);
    await expectRefusal(
      await api(PATH, json({ ...device(), keys: { p256dh: '', auth: 'x' } }, member.token)),
      400,
      pushTexts.subscriptionInvalid,
    );
    for (const endpoint of ['http://push.example.com/x', 'https://127.0.0.1/x', 'https://auth:4001/internal'])
      await expectRefusal(await api(PATH, json({ ...device(), endpoint }, member.token)), 400, pushTexts.endpointInvalid);
    await expectRefusal(await api(PATH, { ...auth(member.token), method: 'DELETE' }), 400, pushTexts.endpointInvalid);
  });

  it('forgets a device when the session it was subscribed in signs out, and only then', async () => {
    const [phone, laptop] = [device(), device()];
    const phoneSession = await signIn(member.member.email, member.member.password);
    expect((await api(PATH, json(phone, phoneSession.token))).status).toBe(200);
    expect((await api(PATH, json(laptop, member.token))).status).toBe(200);
    expect((await api('/api/signout', { method: 'POST', headers: { authorization: `Bearer ${phoneSession.token}` } })).status).toBe(204);
    // The notifications service learns of the sign-out through an event.
    const gone = await readUntil(
      async () => (await api(`${PATH}?endpoint=${encodeURIComponent(phone.endpoint)}`, { ...auth(member.token), method: 'DELETE' })).status,
      (status) => status === 404,
      EVENTUAL_MS,
    );
    expect(gone).toBe(404);
    expect((await removal(laptop.endpoint, member.token)).status).toBe(200);
  });
});
