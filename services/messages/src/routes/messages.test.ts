/**
 * Sending and reading messages (decision 039): retries and concurrent repeats store one row, pages
 * and catch-up read every message once in ascending order, bad input gets the contract's texts,
 * deletion for everyone, read and delivered marks, and the events each change announces.
 */
import { messageTexts as t, type Message } from '@kora/contracts';
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { rowsOf } from '@kora/platform/service';
import { beforeAll, describe, expect, it } from 'vitest';
import { befriend, expectError, memberIds, outboxEvents, registerMembers, useMessagesService } from '../test-support.js';

const file = useMessagesService();
const nextId = memberIds();
const [ada, bola, chidi] = [nextId(), nextId(), nextId()];
const url = (id: number, path = '') => `/api/messages/conversations/${id}${path}`;
const photo = (n: number) => ({ url: `/uploads/images/${String(n).padStart(32, 'a')}.webp` });
const video = { url: `/uploads/videos/${'b'.repeat(32)}.mp4` };

describe('messages', () => {
  let id = 0;
  beforeAll(async () => {
    await registerMembers(file.svc, [ada, bola, chidi]);
    await befriend(file.svc, ada, bola);
    id = (await file.api.start(ada, [bola])).id;
  });

  it('a retried send answers the stored message with 200, and concurrent repeats store one row', async () => {
    const clientId = randomUUID();
    const first = await file.api.send(ada, id, 'once', clientId);
    expect(first.statusCode).toBe(201);
    const again = await file.api.send(ada, id, 'once', clientId);
    expect(again.statusCode).toBe(200);
    expect(again.json<Message>().id).toBe(first.json<Message>().id);

    const racing = randomUUID();
    const answers = await Promise.all([1, 2, 3, 4].map(() => file.api.send(ada, id, 'racing', racing)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 201]);
    expect(new Set(answers.map((r) => r.json<Message>().id)).size).toBe(1);
    const m = file.svc.tables.messages;
    expect(await file.svc.ctx.db.select().from(m).where(eq(m.clientId, racing))).toHaveLength(1);
    const sent = (await outboxEvents(file.svc, 'message.sent')).filter((e) => (e.payload.message as Message).clientId === racing);
    expect(sent).toHaveLength(1);
  });

  // Two transactions at once need separate connections: PGlite runs one at a time, so only PostgreSQL can interleave them.
  it.runIf(process.env.KORA_TEST_TARGET === 'real')(
    'a send waiting for the lock while the caller is removed is refused 404 and stores nothing',
    async () => {
      const { id: convo } = await file.api.start(ada, [bola, chidi], { title: 'Removal' });
      const { conversations, conversationMembers: cm, messages } = file.svc.tables;
      const db = file.svc.ctx.db;
      const clientId = randomUUID();
      let sending: Promise<{ statusCode: number }> | undefined;
      await db.transaction(async (tx) => {
        // As a removal does: the conversation's lock, then the member out.
        await tx.select().from(conversations).where(eq(conversations.id, convo)).for('update');
        await tx
          .update(cm)
          .set({ state: 'left', leftAt: new Date() })
          .where(and(eq(cm.conversationId, convo), eq(cm.userId, chidi)));
        sending = file.api.send(chidi, convo, 'too late', clientId);
        // Committed only once the send's checks passed and it waits for the lock.
        const like = `%${file.svc.ctx.schema}%`;
        const waiting = async () =>
          rowsOf(await db.execute(sql`select 1 from pg_stat_activity where wait_event_type = 'Lock' and query like ${like}`)).length > 0;
        for (let i = 0; i < 200 && !(await waiting()); i++) await new Promise((r) => setTimeout(r, 25));
        expect(await waiting()).toBe(true);
      });
      expect((await sending!).statusCode).toBe(404);
      expect(await db.select().from(messages).where(eq(messages.clientId, clientId))).toEqual([]);
    },
  );

  it('announces message.sent keyed by the conversation: every member, the inbox ones to notify', async () => {
    const message = await file.api.sent(bola, id, 'evented');
    const [event] = (await outboxEvents(file.svc, 'message.sent')).filter((e) => (e.payload.message as Message).id === message.id);
    expect(event).toMatchObject({
      key: String(id),
      actorId: bola,
      payload: { conversationId: id, memberIds: expect.arrayContaining([ada, bola]), notifyIds: [ada], title: null, message },
    });
    expect((event!.payload.memberIds as number[]).length).toBe(2);
  });

  it('pages newest first by default, older with before, catch-up with after: ascending, no gaps or repeats', async () => {
    const { id: convo } = await file.api.start(ada, [chidi, bola], { title: 'Paging' });
    const sent: number[] = [];
    for (let i = 0; i < 7; i++) sent.push((await file.api.sent(i % 2 ? ada : bola, convo, `m${i}`)).id);
    const newest = await file.api.page(ada, convo, '?limit=3');
    expect(newest.map((msg) => msg.id)).toEqual(sent.slice(4));
    const older = await file.api.page(ada, convo, `?limit=3&before=${newest[0]!.id}`);
    expect(older.map((msg) => msg.id)).toEqual(sent.slice(1, 4));
    const seen: number[] = [];
    let after = 0;
    for (;;) {
      const page = await file.api.page(ada, convo, `?limit=2&after=${after}`);
      seen.push(...page.map((msg) => msg.id));
      if (page.length < 2) break;
      after = page[page.length - 1]!.id;
    }
    expect(seen).toEqual(sent);
    expectError(await file.api.get(url(convo, '/messages?before=abc'), ada), 400, t.cursorInvalid);
  });

  it('refuses bad input with the contract texts', async () => {
    const send = (payload: object) => file.api.post(url(id, '/messages'), ada, payload);
    expectError(await send({ clientId: randomUUID(), body: '   ' }), 400, t.bodyEmpty);
    expectError(await send({ clientId: randomUUID(), body: 'x'.repeat(4001) }), 400, t.bodyTooLong);
    expect((await send({ clientId: randomUUID(), body: 'x'.repeat(4000) })).statusCode).toBe(201);
    expectError(await send({ clientId: 'nope', body: 'hi' }), 400, t.clientIdInvalid);
    expectError(await send({ clientId: randomUUID(), body: 5 }), 400, t.bodyInvalid);
    expectError(await send({ clientId: randomUUID(), media: [{ url: 'http://evil.example/x.png' }] }), 400, t.mediaInvalid);
    expectError(await send({ clientId: randomUUID(), media: [1, 2, 3, 4, 5].map(photo) }), 400, t.tooManyPhotos);
    expectError(await send({ clientId: randomUUID(), media: [photo(1), video] }), 400, t.photosOrVideo);
    expectError(await send({ clientId: randomUUID(), body: 'hi', replyToId: 999_999_999 }), 400, t.replyNotFound);
    const withMedia = await send({ clientId: randomUUID(), media: [photo(1), photo(2)] });
    expect(withMedia.statusCode).toBe(201);
    expect(withMedia.json<Message>().media).toEqual([
      { url: photo(1).url, type: 'image', posterUrl: null, state: 'ready', durationSeconds: null, error: null },
      { url: photo(2).url, type: 'image', posterUrl: null, state: 'ready', durationSeconds: null, error: null },
    ]);
    const other = await file.api.start(ada, [chidi, bola], { title: 'Elsewhere' });
    const elsewhere = await file.api.sent(ada, other.id, 'not here');
    expectError(await send({ clientId: randomUUID(), body: 'hi', replyToId: elsewhere.id }), 400, t.replyNotFound);
    const original = await file.api.sent(bola, id, 'reply to me');
    const reply = await send({ clientId: randomUUID(), body: 'replying', replyToId: original.id });
    expect(reply.json<Message>().replyTo).toEqual({ id: original.id, senderId: bola, excerpt: 'reply to me', deleted: false });
    expectError(await file.api.post('/api/messages/conversations', ada, { memberIds: [] }), 400, t.membersRequired);
    expectError(await file.api.post('/api/messages/conversations', ada, { memberIds: [ada] }), 400, t.notYourself);
    expectError(await file.api.post('/api/messages/conversations', ada, { memberIds: [999_999_999_999] }), 404, t.memberNotFound);
    expectError(await file.api.post('/api/messages/conversations', ada, { memberIds: [bola, chidi] }), 400, t.groupTitleRequired);
    expectError(await file.api.get('/api/messages/conversations?folder=spam', ada), 400, t.folderInvalid);
    expectError(await file.api.post(url(id, '/read'), ada, { messageId: -1 }), 400, t.readInvalid);
  });

  it('the sender deletes for everyone (403 for anyone else); everyone reads deleted', async () => {
    const message = await file.api.sent(ada, id, 'regret');
    expectError(await file.api.delete(url(id, `/messages/${message.id}`), bola), 403, t.notSender);
    const deleted = await file.api.delete(url(id, `/messages/${message.id}`), ada);
    expect(deleted.json<Message>()).toMatchObject({ id: message.id, body: '', media: [], deleted: true });
    const seen = (await file.api.page(bola, id)).find((msg) => msg.id === message.id);
    expect(seen).toMatchObject({ body: '', deleted: true });
    expectError(await file.api.delete(url(id, '/messages/999999999999'), ada), 404, t.messageNotFound);
    const [event] = (await outboxEvents(file.svc, 'message.deleted')).filter((e) => (e.payload.message as Message).id === message.id);
    expect(event?.payload).toMatchObject({ conversationId: id, memberIds: expect.arrayContaining([ada, bola]) });
  });

  it('read and delivered marks move forward only and are announced; the badge counts unread inbox messages', async () => {
    const { id: convo } = await file.api.start(bola, [ada, chidi], { title: 'Marks' });
    const a = await file.api.sent(bola, convo, 'one');
    const b = await file.api.sent(bola, convo, 'two');
    expect((await file.api.view(ada, convo)).unreadCount).toBe(2);
    const before = (await file.api.get('/api/messages/unread', ada)).json<{ unreadTotal: number }>().unreadTotal;
    const read = await file.api.post(url(convo, '/read'), ada, { messageId: a.id });
    expect(read.json()).toEqual({ conversationId: convo, lastReadId: a.id, unreadTotal: before - 1 });
    const back = await file.api.post(url(convo, '/read'), ada, { messageId: 0 });
    expect(back.json()).toMatchObject({ lastReadId: a.id });
    expect((await file.api.post(url(convo, '/delivered'), chidi, { messageId: b.id })).statusCode).toBe(204);
    const view = await file.api.view(bola, convo);
    expect(view.members.find((mb) => mb.id === ada)).toMatchObject({ readUpTo: a.id, deliveredUpTo: a.id });
    // Chidi is a stranger to Bola: his membership is a request, and his marks are his alone until he accepts.
    expect(view.members.find((mb) => mb.id === chidi)).toMatchObject({ deliveredUpTo: null, readUpTo: null });
    expect((await file.api.view(chidi, convo)).members.find((mb) => mb.id === chidi)).toMatchObject({ deliveredUpTo: b.id });
    const reads = (await outboxEvents(file.svc, 'conversation.read')).filter((e) => e.payload.conversationId === convo);
    expect(reads.map((e) => e.payload)).toEqual([
      { conversationId: convo, memberIds: expect.arrayContaining([ada, bola, chidi]), userId: ada, readUpTo: a.id },
    ]);
    const delivered = (await outboxEvents(file.svc, 'conversation.delivered')).filter((e) => e.payload.conversationId === convo);
    expect(delivered).toEqual([]);
    expect((await file.api.post(url(convo, '/accept'), chidi)).statusCode).toBe(204);
    expect((await file.api.view(bola, convo)).members.find((mb) => mb.id === chidi)).toMatchObject({ deliveredUpTo: b.id });
    await file.api.post(url(convo, '/delivered'), ada, { messageId: b.id });
    const flowing = (await outboxEvents(file.svc, 'conversation.delivered')).filter((e) => e.payload.conversationId === convo);
    expect(flowing.map((e) => e.payload)).toEqual([
      { conversationId: convo, memberIds: expect.arrayContaining([ada, bola, chidi]), userId: ada, deliveredUpTo: b.id },
    ]);
  });

  it('unread messages are counted up to 100 per conversation (the badge shows 99+ beyond 99)', async () => {
    const { id: convo } = await file.api.start(bola, [ada, chidi], { title: 'Busy' });
    const total = async () => (await file.api.get('/api/messages/unread', ada)).json<{ unreadTotal: number }>().unreadTotal;
    const before = await total();
    const m = file.svc.tables.messages;
    const rows = Array.from({ length: 105 }, (_, i) => ({ conversationId: convo, senderId: bola, clientId: randomUUID(), body: `n${i}` }));
    await file.svc.ctx.db.insert(m).values(rows);
    expect((await file.api.view(ada, convo)).unreadCount).toBe(100);
    const listed = (await file.api.get('/api/messages/conversations?q=Busy', ada)).json<{ id: number; unreadCount: number }[]>();
    expect(listed.find((c) => c.id === convo)?.unreadCount).toBe(100);
    expect(await total()).toBe(before + 100);
  });

  it('typing is passed on through the bus at most once per 3 s (204 either way), never through the outbox', async () => {
    expect((await file.api.post(url(id, '/typing'), ada)).statusCode).toBe(204);
    expect((await file.api.post(url(id, '/typing'), ada)).statusCode).toBe(204);
    expect(await outboxEvents(file.svc, 'conversation.typing')).toEqual([]);
    const hit = await file.svc.ctx.store.hit(`messages:typing:${id}:${ada}`, 3000);
    expect(hit.count).toBe(3);
  });

  it('the creator renames a group and adds and removes members; others 403; a member leaves', async () => {
    const { id: convo } = await file.api.start(ada, [bola], { title: 'Crew', group: true });
    const renamed = await file.api.patch(url(convo), ada, { title: '  Crew 2 ' });
    expect(renamed.json()).toMatchObject({ title: 'Crew 2', kind: 'group' });
    expectError(await file.api.patch(url(convo), bola, { title: 'Mine' }), 403, t.notCreator);
    expectError(await file.api.patch(url(id), ada, { title: 'Direct' }), 400, t.notGroup);
    const added = await file.api.post(url(convo, '/members'), ada, { memberIds: [chidi] });
    expect(added.json<{ members: { id: number }[] }>().members.map((mb) => mb.id)).toContain(chidi);
    expectError(await file.api.post(url(convo, '/members'), bola, { memberIds: [chidi] }), 403, t.notCreator);
    expect((await file.api.delete(url(convo, `/members/${chidi}`), ada)).statusCode).toBe(204);
    expectError(await file.api.get(url(convo), chidi), 404, t.conversationNotFound);
    const changed = (await outboxEvents(file.svc, 'conversation.changed')).filter((e) => e.payload.conversationId === convo);
    expect(changed.at(-1)?.payload.memberIds).toEqual(expect.arrayContaining([ada, bola, chidi]));
    expect((await file.api.post(url(convo, '/leave'), bola)).statusCode).toBe(204);
    expectError(await file.api.get(url(convo), bola), 404, t.conversationNotFound);
    expect((await file.api.view(ada, convo)).members.find((mb) => mb.id === bola)).toMatchObject({ active: false });
  });
});
