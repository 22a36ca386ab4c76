/**
 * Names everywhere: every member a post answer carries (the author, commenters, the
 * actor of a pending mention) has `name`, the snapshot's display name: first and last name, else
 * the username; `member<id>` for a member the snapshot does not know yet (contracts' unknownMember).
 */
import { unknownMember, type Post, type PostComment } from '@kora/contracts';
import { eventually } from '@kora/testing';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { memberIds, postsServiceForFile, publish, registerMember, setPrivacy, snapshot } from '../test-support.js';

describe(`member names in posts (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  const file = postsServiceForFile();
  const nextId = memberIds();

  /** A member whose names were both cleared (an account from before names were asked for). */
  async function nameless(id: number, username: string): Promise<void> {
    await registerMember(file.svc, id, username);
    await publish(file.svc, 'user.updated', { ...snapshot(id, username), firstname: ' ', lastname: '' }, id, id);
    const { members } = file.svc.tables;
    await eventually(async () => (await file.svc.ctx.db.select().from(members).where(eq(members.userId, id)))[0]?.displayName === username);
  }

  it('names the author and the commenters by their display names, in the post, the feed and the comment answer', async () => {
    const [ada, bola] = [nextId(), nextId()];
    await registerMember(file.svc, ada, `ada${ada}`);
    await registerMember(file.svc, bola, `bola${bola}`);
    const post = await file.api.createPost(ada, 'Jollof tonight');
    expect(post.author).toMatchObject({ id: ada, username: `ada${ada}`, name: 'Ada Obi' });

    const comment = await file.api.post(`/api/posts/${post.id}/comment`, bola, { content: 'Save me a plate' });
    expect(comment.statusCode).toBe(201);
    expect(comment.json<PostComment>()).toMatchObject({ userId: bola, username: `bola${bola}`, name: 'Ada Obi' });

    const seen = (await file.api.get(`/api/posts/${post.id}`, bola)).json<Post>();
    expect(seen.author.name).toBe('Ada Obi');
    expect(seen.comments.map((c) => [c.userId, c.name])).toEqual([[bola, 'Ada Obi']]);
    const profile = (await file.api.get(`/api/posts?authorId=${ada}`, ada)).json<Post[]>();
    expect(profile.map((p) => p.author.name)).toEqual(['Ada Obi']);
  });

  it('falls back to the username for a member with blank names, and to member<id> for one not known yet', async () => {
    const [plain, ghost, reader] = [nextId(), nextId(), nextId()];
    await nameless(plain, `plain${plain}`);
    const post = await file.api.createPost(plain, 'no names here');
    await file.api.post(`/api/posts/${post.id}/comment`, ghost, { content: 'from a ghost' });
    const seen = (await file.api.get(`/api/posts/${post.id}`, reader)).json<Post>();
    expect(seen.author).toMatchObject({ username: `plain${plain}`, name: `plain${plain}` });
    expect(seen.comments[0]).toMatchObject({ userId: ghost, username: unknownMember(ghost).username, name: unknownMember(ghost).name });
    expect(unknownMember(ghost).name).toBe(`member${ghost}`);
  });

  it("names who mentioned the caller in the caller's pending mentions", async () => {
    const [ada, carol] = [nextId(), nextId()];
    await registerMember(file.svc, ada, `ada${ada}`);
    await registerMember(file.svc, carol, `carol${carol}`);
    await setPrivacy(file.svc, carol, { tagReview: true });
    await file.api.createPost(ada, `Thanks @carol${carol}!`);
    const pending = await file.api.get('/api/posts/mentions/pending', carol);
    expect(pending.json()).toMatchObject([{ actor: { id: ada, username: `ada${ada}`, name: 'Ada Obi' } }]);
    expect((await file.api.get('/api/posts/mentions/pending', null)).statusCode).toBe(401);
  });
});
