/**
 * An erased member (`user.deleted`, decision 034): their posts and marks go with the counters
 * following, other members' posts stay, a replay does nothing more, and a write racing the erasure
 * either lands before it (and is erased) or is refused.
 */
import { type Post } from '@kora/contracts';
import { eventually, processed } from '@kora/testing';
import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { befriend, memberIds, postsServiceForFile, publish, registerMember } from '../test-support.js';

describe(`erasing a member (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  const file = postsServiceForFile();
  const nextId = memberIds();

  const erase = async (userId: number) => {
    const id = await publish(file.svc, 'user.deleted', { userId, profileFiles: [] }, userId, userId);
    await eventually(() => processed(file.svc, id));
    return id;
  };
  const rowsOf = async (userId: number) => {
    const t = file.svc.tables;
    const count = async (table: PgTable, column: PgColumn) => (await file.svc.ctx.db.select().from(table).where(eq(column, userId))).length;
    return (
      (await count(t.posts, t.posts.authorId)) +
      (await count(t.likes, t.likes.userId)) +
      (await count(t.comments, t.comments.userId)) +
      (await count(t.shares, t.shares.userId)) +
      (await count(t.saves, t.saves.userId)) +
      (await count(t.members, t.members.userId)) +
      (await count(t.friendships, t.friendships.userId)) +
      (await count(t.friendships, t.friendships.friendId))
    );
  };

  it("erases the member's posts and marks; others' posts stay with their counts corrected; a replay does nothing", async () => {
    const gone = nextId();
    const stays = nextId();
    await registerMember(file.svc, gone);
    await registerMember(file.svc, stays);
    await befriend(file.svc, gone, stays);
    const mine = await file.api.createPost(gone, 'my last words');
    const theirs = await file.api.createPost(stays, 'still here');
    await file.api.post(`/api/posts/${mine.id}/react`, stays, { reaction: 'like' });
    await file.api.post(`/api/posts/${theirs.id}/react`, gone, { reaction: 'like' });
    await file.api.post(`/api/posts/${theirs.id}/comment`, gone, { content: 'nice one' });
    await file.api.post(`/api/posts/${theirs.id}/share`, gone);
    expect((await file.api.post('/api/saves', gone, { postId: theirs.id })).statusCode).toBe(201);
    expect((await file.api.get(`/api/posts/${theirs.id}`, stays)).json<Post>()).toMatchObject({
      likeCount: 1,
      commentCount: 1,
      shareCount: 1,
    });
    expect(await rowsOf(gone)).toBeGreaterThan(0);

    await erase(gone);
    expect(await rowsOf(gone)).toBe(0);
    expect((await file.api.get(`/api/posts/${mine.id}`, stays)).statusCode).toBe(404);
    const after = (await file.api.get(`/api/posts/${theirs.id}`, stays)).json<Post>();
    expect(after).toMatchObject({ likeCount: 0, commentCount: 0, shareCount: 0 });
    expect(after.comments).toEqual([]);

    // The same event again, as Kafka may redeliver it under a new id: nothing moves below zero.
    await erase(gone);
    expect((await file.api.get(`/api/posts/${theirs.id}`, stays)).json<Post>()).toMatchObject({ likeCount: 0, commentCount: 0 });
  });

  it('a post, like or comment racing the erasure never survives it', async () => {
    const gone = nextId();
    const other = nextId();
    await registerMember(file.svc, gone);
    await registerMember(file.svc, other);
    await befriend(file.svc, gone, other);
    const target = await file.api.createPost(other, 'target');
    const writes = [
      ...Array.from({ length: 5 }, (_, i) => file.api.post('/api/posts', gone, { userId: gone, content: `late ${i}`, media: [] })),
      file.api.post(`/api/posts/${target.id}/react`, gone, { reaction: 'like' }),
      file.api.post(`/api/posts/${target.id}/comment`, gone, { content: 'late comment' }),
    ];
    const erased = erase(gone);
    const answers = await Promise.all(writes);
    await erased;
    // Refused as signed out, or (the friendship gone with the member) as a post they no longer see.
    for (const res of answers) expect([200, 201, 401, 404]).toContain(res.statusCode);
    expect(await rowsOf(gone)).toBe(0);
    // After the erasure every write is refused.
    const late = await file.api.post('/api/posts', gone, { userId: gone, content: 'too late', media: [] });
    expect(late.statusCode).toBe(401);
    expect(late.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect([401, 404]).toContain((await file.api.post(`/api/posts/${target.id}/comment`, gone, { content: 'again' })).statusCode);
    expect(await rowsOf(gone)).toBe(0);
  });
});
