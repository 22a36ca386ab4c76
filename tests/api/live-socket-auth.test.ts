/**
 * The live socket through the gateway, authenticated each way a client can send the access token
 * (decision 015): `Authorization: Bearer`, the `kora_at` cookie (from the site's own origin), a
 * `bearer.<token>` subprotocol beside `kora`, and `?access_token=`. Each socket receives the
 * notification a like makes; a wrong token and a token whose session was signed out are refused.
 */
import { readUntil } from '@kora/testing';
import { openSocket, refusedHandshake, wsUrl, type LiveSocket } from '@kora/testing/websocket';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, signedInMember, signIn, type SignedIn } from './support/members.js';
import { api, BASE_URL, MODE } from './support/product.js';

describe(`the live socket's four ways to authenticate (${MODE})`, () => {
  let owner: SignedIn;
  let liker: SignedIn;
  const sockets: [string, LiveSocket][] = [];

  beforeAll(async () => {
    [owner, liker] = await Promise.all([signedInMember(), signedInMember()]);
  });
  afterAll(() => {
    for (const [, socket] of sockets) socket.ws.close();
  });

  it('opens with a bearer header, the cookie, a subprotocol and the query, and each gets the live notification', async () => {
    const url = wsUrl(BASE_URL);
    sockets.push(['bearer header', await openSocket(url, { authorization: `Bearer ${owner.token}` })]);
    sockets.push(['cookie', await openSocket(url, { cookie: `kora_at=${owner.token}` }, { origin: BASE_URL })]);
    const viaProtocol = await openSocket(url, {}, { protocols: ['kora', `bearer.${owner.token}`] });
    expect(viaProtocol.ws.protocol).toBe('kora');
    sockets.push(['subprotocol', viaProtocol]);
    sockets.push(['query', await openSocket(`${url}?access_token=${encodeURIComponent(owner.token)}`, {})]);

    const created = await api('/api/posts', json({ userId: owner.user.user_id, content: 'Live, four ways' }, owner.token));
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    expect((await api(`/api/posts/${id}/react`, json({ reaction: 'like' }, liker.token))).status).toBe(200);

    await readUntil(async () => sockets.every(([, s]) => s.pushed().length > 0), Boolean, 30_000);
    for (const [way, socket] of sockets) {
      expect(socket.pushed(), way).toEqual([expect.objectContaining({ type: 'post_like', entityId: id, actorId: liker.user.user_id })]);
    }
  }, 60_000);

  it('refuses a wrong token, each way', async () => {
    const url = wsUrl(BASE_URL);
    const wrong = 'not.a.token';
    for (const [way, refused] of [
      ['bearer header', refusedHandshake(url, { headers: { authorization: `Bearer ${wrong}` } })],
      ['cookie', refusedHandshake(url, { headers: { cookie: `kora_at=${wrong}` }, origin: BASE_URL })],
      ['query', refusedHandshake(`${url}?access_token=${wrong}`)],
    ] as const) {
      expect((await refused).status, way).toBe(401);
    }
    const protocol = await openSocket(url, {}, { protocols: ['kora', `bearer.${wrong}`] }).then(
      () => 'opened',
      (error: Error) => error.message,
    );
    expect(protocol).toBe('handshake answered 401');
  });

  it('refuses the token of a session that signed out', async () => {
    const member = await signedInMember();
    const again = await signIn(member.member.email, member.member.password);
    expect((await api('/api/signout', { method: 'POST', headers: { authorization: `Bearer ${member.token}` } })).status).toBe(204);
    const url = wsUrl(BASE_URL);
    // Revocation reaches every gateway replica through the shared store: allow it a moment.
    const refusal = async () => (await refusedHandshake(`${url}?access_token=${member.token}`).catch(() => ({ status: 101 }))).status;
    expect(await readUntil(refusal, (status) => status === 401, 10_000)).toBe(401);
    expect((await refusedHandshake(url, { headers: { authorization: `Bearer ${member.token}` } })).status).toBe(401);
    // The member's other session is untouched.
    const live = await openSocket(`${url}?access_token=${again.token}`, {});
    live.ws.close();
  }, 60_000);
});
