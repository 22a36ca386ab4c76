/**
 * Who may message whom (decision 039): blocks and message policies refuse 403 without saying why,
 * a stranger's conversation waits as a request that its sender cannot tell from an unanswered
 * one, accepting lets marks flow, declining stores the sender's later messages for them alone, and
 * in a group a blocked member's messages are left out of the blocker's pages.
 */
import { messageTexts as t, type Conversation } from '@kora/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  befriend,
  block,
  expectError,
  memberIds,
  outboxEvents,
  registerMembers,
  setMessagePolicy,
  useMessagesService,
} from '../test-support.js';
import type { Message } from '@kora/contracts';

const file = useMessagesService();
const nextId = memberIds();
const url = (id: number, path = '') => `/api/messages/conversations/${id}${path}`;
const start = (from: number, memberIds: number[], extra: object = {}) =>
  file.api.post('/api/messages/conversations', from, { memberIds, ...extra });

describe('who may message whom', () => {
  const [ada, bola, chidi, dayo, efe, femi] = [nextId(), nextId(), nextId(), nextId(), nextId(), nextId()];
  beforeAll(async () => {
    await registerMembers(file.svc, [ada, bola, chidi, dayo, efe, femi]);
    await befriend(file.svc, ada, bola);
  });

  it('a block either way refuses starting and every send, and hides the direct conversation from both lists', async () => {
    const { id } = await file.api.start(ada, [efe]);
    await file.api.sent(ada, id, 'hi');
    await block(file.svc, efe, ada);
    expectError(await start(ada, [efe]), 403, t.cantMessage);
    expectError(await start(efe, [ada]), 403, t.cantMessage);
    expectError(await file.api.send(ada, id, 'still?'), 403, t.cantMessage);
    expectError(await file.api.send(efe, id, 'still?'), 403, t.cantMessage);
    expect((await file.api.list(ada)).map((c) => c.id)).not.toContain(id);
    expect((await file.api.list(efe, '?folder=requests')).map((c) => c.id)).not.toContain(id);
    await block(file.svc, efe, ada, false);
    expect((await file.api.send(ada, id, 'again')).statusCode).toBe(201);
  });

  it("the recipient's policy: nobody refuses everyone, friends refuses strangers", async () => {
    await setMessagePolicy(file.svc, bola, 'nobody');
    expectError(await start(ada, [bola]), 403, t.cantMessage);
    await setMessagePolicy(file.svc, bola, 'friends');
    expect((await start(ada, [bola])).statusCode).toBe(201);
    expectError(await start(chidi, [bola]), 403, t.cantMessage);
    expectError(await start(chidi, [dayo, bola], { title: 'Mixed' }), 403, t.cantMessage);
    await setMessagePolicy(file.svc, bola, 'everyone');
  });

  it("a stranger's message is a request: the sender's view has the shape of an unanswered conversation, no bell, no marks", async () => {
    const res = await start(chidi, [dayo]);
    expect(res.statusCode).toBe(201);
    const { id } = res.json<Conversation>();
    const message = await file.api.sent(chidi, id, 'hello stranger');
    expect((await file.api.list(dayo, '?folder=requests')).map((c) => c.id)).toContain(id);
    expect((await file.api.list(dayo)).map((c) => c.id)).not.toContain(id);
    const [event] = (await outboxEvents(file.svc, 'message.sent')).filter((e) => (e.payload.message as Message).id === message.id);
    expect(event?.payload).toMatchObject({ memberIds: expect.arrayContaining([chidi, dayo]), notifyIds: [] });
    expect((await file.api.get('/api/messages/unread', dayo)).json()).toMatchObject({ requests: 1, unreadTotal: 0 });

    const unanswered = await file.api.view(chidi, id);
    await file.api.post(url(id, '/delivered'), dayo, { messageId: message.id });
    await file.api.post(url(id, '/read'), dayo, { messageId: message.id });
    expect(await file.api.view(chidi, id)).toEqual(unanswered);
    expect((await outboxEvents(file.svc, 'conversation.read')).filter((e) => e.payload.conversationId === id)).toEqual([]);
    expect((await file.api.post(url(id, '/typing'), dayo)).statusCode).toBe(204);

    expectError(await file.api.post(url(id, '/accept'), chidi), 409, t.notRequest);
    expect((await file.api.post(url(id, '/accept'), dayo)).statusCode).toBe(204);
    expect((await file.api.list(dayo)).map((c) => c.id)).toContain(id);
    expect((await file.api.view(chidi, id)).members.find((mb) => mb.id === dayo)).toMatchObject({ readUpTo: message.id });
    const after = await file.api.sent(chidi, id, 'thanks');
    const [sent] = (await outboxEvents(file.svc, 'message.sent')).filter((e) => (e.payload.message as Message).id === after.id);
    expect(sent?.payload.notifyIds).toEqual([dayo]);
  });

  it('declining tells the sender nothing; their later messages are stored for them alone', async () => {
    const { id } = await file.api.start(femi, [chidi]);
    await file.api.sent(femi, id, 'first');
    const before = await file.api.view(femi, id);
    expect((await file.api.post(url(id, '/decline'), chidi)).statusCode).toBe(204);
    expectError(await file.api.get(url(id), chidi), 404, t.conversationNotFound);
    const later = await file.api.send(femi, id, 'are you there?');
    expect(later.statusCode).toBe(201);
    const seen = await file.api.view(femi, id);
    expect(seen.members.find((mb) => mb.id === chidi)).toEqual(before.members.find((mb) => mb.id === chidi));
    const [event] = (await outboxEvents(file.svc, 'message.sent')).filter(
      (e) => (e.payload.message as Message).id === later.json<Message>().id,
    );
    expect(event?.payload).toMatchObject({ memberIds: [femi], notifyIds: [] });
    const changed = (await outboxEvents(file.svc, 'conversation.changed')).filter(
      (e) => e.payload.conversationId === id && e.actorId === chidi,
    );
    expect(changed.map((e) => e.payload.memberIds)).toEqual([[chidi]]);
    // Chidi comes back by starting it himself: the messages sent after his decline stay Femi's alone.
    expect((await start(chidi, [femi])).statusCode).toBe(200);
    expect((await file.api.page(chidi, id)).map((msg) => msg.body)).toEqual(['first']);
  });

  it("in a group, a blocked member's messages are left out of the blocker's pages, list and counts", async () => {
    const { id } = await file.api.start(ada, [bola, dayo], { title: 'Group' });
    await block(file.svc, bola, dayo);
    const hidden = await file.api.sent(dayo, id, 'from dayo');
    const shown = await file.api.sent(ada, id, 'from ada');
    expect((await file.api.page(bola, id)).map((msg) => msg.id)).toEqual([shown.id]);
    expect((await file.api.page(ada, id)).map((msg) => msg.id)).toEqual([hidden.id, shown.id]);
    const [event] = (await outboxEvents(file.svc, 'message.sent')).filter((e) => (e.payload.message as Message).id === hidden.id);
    expect(event?.payload.memberIds).not.toContain(bola);
    expect((await file.api.view(bola, id)).unreadCount).toBe(1);
  });

  it('lists newest activity first, pages by cursor and searches names and titles', async () => {
    const [x, y, z] = [nextId(), nextId(), nextId()];
    await registerMembers(file.svc, [x, y, z]);
    const first = await file.api.start(x, [y, z], { title: 'Lagos trip' });
    const second = await file.api.start(x, [y]);
    await file.api.sent(x, first.id, 'bump');
    const page1 = await file.api.get('/api/messages/conversations?limit=1', x);
    expect(page1.json<Conversation[]>().map((c) => c.id)).toEqual([first.id]);
    const cursor = page1.headers['x-next-cursor'] as string;
    const page2 = await file.api.list(x, `?limit=1&cursor=${cursor}`);
    expect(page2.map((c) => c.id)).toEqual([second.id]);
    expect((await file.api.list(x, '?q=lagos')).map((c) => c.id)).toEqual([first.id]);
    expect((await file.api.list(x, `?q=user${y}`)).map((c) => c.id)).toEqual([first.id, second.id]);
    expect((await file.api.list(x, `?q=user${z}`)).map((c) => c.id)).toEqual([first.id]);
    expectError(await file.api.get('/api/messages/conversations?cursor=bogus!', x), 400, t.cursorInvalid);
  });
});
