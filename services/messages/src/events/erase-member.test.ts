/**
 * Erasure (decision 034) and the archive export (decision 035): `user.deleted` clears the member's
 * messages (they read as deleted, in place), removes their memberships and drops conversations
 * left with nobody; the export answers the member's conversations and the messages they sent.
 */
import { eventually, exportOf, exportRefusals, publishEvent } from '@kora/testing';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { befriend, memberIds, registerMembers, useMessagesService } from '../test-support.js';

const file = useMessagesService();
const nextId = memberIds();
const [ada, bola, gone, lonely] = [nextId(), nextId(), nextId(), nextId()];

describe('erasure and export', () => {
  let shared = 0;
  let alone = 0;
  beforeAll(async () => {
    await registerMembers(file.svc, [ada, bola, gone, lonely]);
    await befriend(file.svc, ada, gone);
    shared = (await file.api.start(gone, [ada, bola], { title: 'Erase me' })).id;
    await file.api.sent(gone, shared, 'my words');
    await file.api.sent(ada, shared, 'hers');
    alone = (await file.api.start(gone, [lonely])).id;
    await file.api.sent(gone, alone, 'nobody reads this');
    await file.api.post(`/api/messages/conversations/${alone}/decline`, lonely);
    await file.api.post(`/api/messages/conversations/${alone}/leave`, lonely);
  });

  it("exports the member's conversations and sent messages to siblings only", async () => {
    const sections = await exportOf(file.svc, gone);
    expect(sections.conversations!.map((c) => c.conversationId)).toEqual([shared, alone]);
    expect(sections['messages-sent']!.map((msg) => msg.body)).toEqual(['my words', 'nobody reads this']);
    expect(await exportRefusals(file.svc, gone)).toEqual([403, 403, 403]);
  });

  it("user.deleted clears the member's messages, memberships and the conversations left empty", async () => {
    await publishEvent(file.svc, 'user.deleted', { userId: gone, profileFiles: [] }, gone, null);
    const { conversations, conversationMembers: cm } = file.svc.tables;
    await eventually(async () => (await file.svc.ctx.db.select().from(cm).where(eq(cm.userId, gone))).length === 0);
    const page = await file.api.page(ada, shared);
    expect(page.map((msg) => [msg.senderId, msg.body, msg.deleted])).toEqual([
      [gone, '', true],
      [ada, 'hers', false],
    ]);
    expect(await file.svc.ctx.db.select().from(conversations).where(eq(conversations.id, alone))).toEqual([]);
    expect(await file.svc.ctx.db.select().from(cm).where(eq(cm.conversationId, alone))).toEqual([]);
    expect((await file.api.view(ada, shared)).members.map((mb) => mb.id).sort()).toEqual([ada, bola].sort());
  });
});
