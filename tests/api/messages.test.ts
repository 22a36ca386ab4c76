/**
 * Messages through the gateway (decision 039), on the embedded and the distributed product: two
 * friends converse (201, then a retried send answers the stored message with 200), a stranger's
 * message waits as a request and reads like an unanswered conversation to its sender, an outsider
 * and an admin read 404, and a block refuses every send 403.
 */
import { messageTexts as t, type Conversation, type Message } from '@kora/contracts';
import { readUntil } from '@kora/testing';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { auth, befriend, json, signedInMember, type SignedIn } from './support/members.js';
import { api, bearer, body, MODE } from './support/product.js';

const start = (who: SignedIn, memberIds: number[]) =>
  readUntil(
    () => api('/api/messages/conversations', json({ memberIds }, who.token)),
    (res) => res.status !== 404,
  );
const send = (who: SignedIn, id: number, text: string, clientId = randomUUID()) =>
  api(`/api/messages/conversations/${id}/messages`, json({ clientId, body: text }, who.token));
const list = async (who: SignedIn, folder = 'inbox') =>
  body<Conversation[]>(await api(`/api/messages/conversations?folder=${folder}`, auth(who.token)));

describe(`messages through the gateway (${MODE})`, () => {
  let ada: SignedIn;
  let bola: SignedIn;
  let chidi: SignedIn;
  let dayo: SignedIn;
  beforeAll(async () => {
    [ada, bola, chidi, dayo] = await Promise.all([signedInMember(), signedInMember(), signedInMember(), signedInMember()]);
    await befriend(ada, bola);
  });

  it('two friends converse; a retried send answers the stored message; outsiders, admins and anonymous callers are refused', async () => {
    const res = await start(ada, [bola.user.user_id]);
    expect(res.status, await res.clone().text()).toBe(201);
    const conversation = await body<Conversation>(res);
    expect(conversation.kind).toBe('direct');
    const id = conversation.id;
    // The friendship reaches the messages service through the bus; started before it did, Bola's is a request.
    if ((await list(bola, 'requests')).some((c) => c.id === id)) {
      expect((await api(`/api/messages/conversations/${id}/accept`, { ...auth(bola.token), method: 'POST' })).status).toBe(204);
    }
    expect((await list(bola)).map((c) => c.id)).toContain(id);
    const clientId = randomUUID();
    const first = await send(ada, id, '  Beach at 5?  ', clientId);
    expect(first.status, await first.clone().text()).toBe(201);
    const sent = await body<Message>(first);
    expect(sent).toMatchObject({ body: 'Beach at 5?', senderId: ada.user.user_id, clientId, deleted: false });
    const again = await send(ada, id, 'Beach at 5?', clientId);
    expect(again.status).toBe(200);
    expect((await body<Message>(again)).id).toBe(sent.id);

    expect((await send(bola, id, 'Yes!')).status).toBe(201);
    const page = await body<Message[]>(await api(`/api/messages/conversations/${id}/messages`, auth(bola.token)));
    expect(page.map((msg) => msg.body)).toEqual(['Beach at 5?', 'Yes!']);
    const read = await api(`/api/messages/conversations/${id}/read`, json({ messageId: page[1]!.id }, ada.token));
    expect(await body<object>(read)).toMatchObject({ conversationId: id, lastReadId: page[1]!.id });

    const outsider = await api(`/api/messages/conversations/${id}/messages`, auth(chidi.token));
    expect(outsider.status).toBe(404);
    expect(await body<object>(outsider)).toMatchObject({ error: t.conversationNotFound });
    const admin = await api(`/api/messages/conversations/${id}`, { headers: await bearer({ userId: chidi.user.user_id, role: 'admin' }) });
    expect(admin.status).toBe(404);
    expect((await api(`/api/messages/conversations/${id}`)).status).toBe(401);
    const missing = await api('/api/messages/conversations/999999999999', auth(ada.token));
    expect(await body<object>(missing)).toMatchObject({ error: t.conversationNotFound });
  });

  it("a stranger's message waits in the recipient's requests and reads like an unanswered conversation to its sender", async () => {
    const res = await start(chidi, [dayo.user.user_id]);
    expect(res.status, await res.clone().text()).toBe(201);
    const { id } = await body<Conversation>(res);
    expect((await send(chidi, id, 'Hello from a stranger')).status).toBe(201);
    const requests = await list(dayo, 'requests');
    expect(requests.map((c) => c.id)).toContain(id);
    expect((await list(dayo)).map((c) => c.id)).not.toContain(id);
    const seen = requests.find((c) => c.id === id)!;
    await api(`/api/messages/conversations/${id}/read`, json({ messageId: seen.lastMessage!.id }, dayo.token));
    const senderView = await body<Conversation>(await api(`/api/messages/conversations/${id}`, auth(chidi.token)));
    expect(senderView.members.find((mb) => mb.id === dayo.user.user_id)).toMatchObject({
      active: true,
      readUpTo: null,
      deliveredUpTo: null,
    });
    expect((await api(`/api/messages/conversations/${id}/accept`, { ...auth(dayo.token), method: 'POST' })).status).toBe(204);
    expect((await list(dayo)).map((c) => c.id)).toContain(id);
  });

  it('a block refuses starting and every send, 403', async () => {
    const res = await start(ada, [chidi.user.user_id]);
    expect(res.status).toBe(201);
    const { id } = await body<Conversation>(res);
    expect((await api('/api/friends/blocks', json({ userId: ada.user.user_id }, chidi.token))).status).toBe(201);
    const refused = await readUntil(
      () => send(ada, id, 'still there?'),
      (r) => r.status === 403,
    );
    expect(await body<object>(refused)).toMatchObject({ error: t.cantMessage });
    const again = await start(ada, [chidi.user.user_id]);
    expect(again.status).toBe(403);
    expect((await list(ada)).map((c) => c.id)).not.toContain(id);
  });
});
