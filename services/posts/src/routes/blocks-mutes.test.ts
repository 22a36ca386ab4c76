/**
 * The block rule (decision 036) and the mute rule (decision 037) in every posts route: a blocked pair
 * probing each other's posts, comments, likes, mentions, search and hashtags, and a member's mutes
 * thinning their own feed and search only.
 */
import { postTexts, type Post, type PostPage } from '@kora/contracts';
import { announceBlock, announceMutes, expectError } from '@kora/testing';
import { describe, expect, it } from 'vitest';
import {
  befriend,
  createGroup,
  joinGroup,
  memberIds,
  outboxEvents,
  postPage,
  postsServiceForFile,
  registerMember,
} from '../test-support.js';

describe(`blocks and mutes in posts (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  const file = postsServiceForFile();
  const nextId = memberIds();
  const block = (blocker: number, blocked: number, on = true) => announceBlock(file.svc, file.svc.tables.blocks, blocker, blocked, on);
  const mute = (userId: number, muted: { memberIds?: number[]; words?: string[] }) =>
    announceMutes(file.svc, file.svc.tables.mutes, userId, muted);

  const page = async (userId: number, path: string): Promise<PostPage> => postPage(await file.api.get(path, userId));
  const ids = async (userId: number, path: string) => (await page(userId, path)).posts.map((p) => p.id);
  const single = async (userId: number, postId: number) => file.api.get(`/api/posts/${postId}`, userId);
  /** Members announced as `<name><id>`, in order. */
  const members = async (...names: [string, string, string]): Promise<[number, number, number]> => {
    const ids: [number, number, number] = [nextId(), nextId(), nextId()];
    for (const [i, id] of ids.entries()) await registerMember(file.svc, id, `${names[i]}${id}`);
    return ids;
  };

  it('keeps a blocked pair apart on every route, whoever blocked, and an unblock brings them back', async () => {
    const [ada, bola, chidi] = await members('ada', 'bola', 'chidi');
    // Friends when the block came (the friendship's end may arrive later): still apart.
    await befriend(file.svc, ada, bola);
    await befriend(file.svc, ada, chidi);
    await befriend(file.svc, bola, chidi);
    const word = `zanzibar${ada}`;
    const adas = await file.api.createPost(ada, `Ada in ${word} #tag${ada}`);
    const bolas = await file.api.createPost(bola, `Bola in ${word} #tag${ada}`);
    const chidis = await file.api.createPost(chidi, `Chidi asks ${word}`);
    for (const who of [ada, bola]) {
      await file.api.post(`/api/posts/${chidis.id}/react`, who, { reaction: 'like' });
      expect((await file.api.post(`/api/posts/${chidis.id}/comment`, who, { content: `comment by ${who}` })).statusCode).toBe(201);
    }
    await file.api.post('/api/saves', bola, { postId: adas.id });

    await block(bola, ada);

    for (const [viewer, other, theirs] of [
      [ada, bola, bolas],
      [bola, ada, adas],
    ] as [number, number, Post][]) {
      // The other's post is missing: the same 404 as a post that never existed, for every action.
      const missing = await single(viewer, 987_654_321);
      const hidden = await single(viewer, theirs.id);
      expect([hidden.statusCode, hidden.body]).toEqual([missing.statusCode, missing.body]);
      expectError(hidden, 404, postTexts.notFound);
      expectError(await file.api.post(`/api/posts/${theirs.id}/react`, viewer, { reaction: 'like' }), 404, postTexts.notFound);
      expectError(await file.api.post(`/api/posts/${theirs.id}/comment`, viewer, { content: 'hi' }), 404, postTexts.notFound);
      expectError(await file.api.post(`/api/posts/${theirs.id}/share`, viewer), 404, postTexts.notFound);
      expectError(await file.api.post('/api/saves', viewer, { postId: theirs.id }), 404, postTexts.notFound);
      expect(await ids(viewer, '/api/posts')).not.toContain(theirs.id);
      expect(await ids(viewer, `/api/posts?authorId=${other}`)).toEqual([]);
      expect(await ids(viewer, `/api/search?q=${word}&type=posts`)).not.toContain(theirs.id);
      expect(await ids(viewer, `/api/hashtags/tag${ada}/posts`)).toEqual([viewer === ada ? adas.id : bolas.id]);
      const people = (await file.api.get(`/api/search?q=${other}&type=people`, viewer)).json<{ id: number }[]>();
      expect(people.map((p) => p.id)).not.toContain(other);
      // On a third member's post, the other's comment and like are gone; the counts stay the post's.
      const seen = (await single(viewer, chidis.id)).json<Post>();
      expect(seen.comments.map((c) => c.userId)).toEqual([viewer]);
      expect(seen.likes.map((l) => l.userId)).toEqual([viewer]);
      expect([seen.commentCount, seen.likeCount]).toEqual([2, 2]);
    }
    expect(await ids(bola, '/api/saves')).toEqual([]);
    // The third member still sees both.
    expect((await single(chidi, chidis.id)).json<Post>().comments).toHaveLength(2);
    expect(await ids(chidi, '/api/posts')).toEqual(expect.arrayContaining([adas.id, bolas.id]));

    await block(bola, ada, false);
    expect((await single(ada, bolas.id)).statusCode).toBe(200);
    expect(await ids(bola, '/api/saves')).toEqual([adas.id]);
  });

  it('links and announces no mention of or by a blocked member, in a post or a comment', async () => {
    const [ada, bola, chidi] = await members('ada', 'bola', 'chidi');
    await block(ada, bola);
    const post = await file.api.createPost(ada, `hello @bola${bola} and @chidi${chidi}`);
    expect(post.mentions.map((m) => m.userId)).toEqual([chidi]);
    const byBola = await file.api.createPost(bola, `hey @ada${ada}`);
    expect(byBola.mentions).toEqual([]);
    const chidis = await file.api.createPost(chidi, 'open post');
    const comment = (await file.api.post(`/api/posts/${chidis.id}/comment`, bola, { content: `@ada${ada} look` })).json<
      Post['comments'][number]
    >();
    expect(comment.mentions).toEqual([]);
    const told = (await outboxEvents(file.svc, 'post.mentioned')).filter((e) =>
      [post.id, byBola.id, chidis.id].includes(Number(e.payload.postId)),
    );
    expect(told.map((e) => e.payload.mentionedUserId)).toEqual([chidi]);
  });

  it('hides a blocked member in a group both belong to', async () => {
    const [owner, ada, bola] = await members('owner', 'ada', 'bola');
    const groupId = nextId();
    await createGroup(file.svc, groupId, owner, 'public');
    await joinGroup(file.svc, groupId, ada);
    await joinGroup(file.svc, groupId, bola);
    const bolas = await file.api.createGroupPost(bola, groupId, 'group hello');
    const owners = await file.api.createGroupPost(owner, groupId, 'owner hello');
    await block(ada, bola);
    expect(await ids(ada, `/api/groups/${groupId}/posts`)).toEqual([owners.id]);
    expect(await ids(ada, '/api/posts')).not.toContain(bolas.id);
    expect(await ids(owner, `/api/groups/${groupId}/posts`)).toEqual([owners.id, bolas.id]);
  });

  it("takes muted members' posts and posts with muted words out of the muting member's feed and search only", async () => {
    const [ada, bola, chidi] = await members('ada', 'bola', 'chidi');
    await befriend(file.svc, ada, bola);
    await befriend(file.svc, ada, chidi);
    const word = `jollof${ada}`;
    const bolas = await file.api.createPost(bola, 'bola says hi');
    const spicy = await file.api.createPost(chidi, `Best ${word.toUpperCase()} in town`);
    const tagged = await file.api.createPost(chidi, `tonight #${word}`);
    const compound = await file.api.createPost(chidi, `${word}s are not ${word}`);
    const plain = await file.api.createPost(chidi, `${word}rice for all`);

    await mute(ada, { memberIds: [bola], words: [word] });
    const feed = await ids(ada, '/api/posts');
    expect(feed).not.toContain(bolas.id);
    expect(feed).not.toContain(spicy.id);
    expect(feed).not.toContain(tagged.id);
    expect(feed).not.toContain(compound.id);
    expect(feed).toContain(plain.id);
    // A longer word that only starts with the muted one is not it (search matches it as a prefix).
    expect(await ids(ada, `/api/search?q=${word}&type=posts`)).toEqual([plain.id]);
    // Still there by direct link and on the authors' profiles; nobody else is affected.
    expect((await single(ada, spicy.id)).statusCode).toBe(200);
    expect((await single(ada, bolas.id)).statusCode).toBe(200);
    expect(await ids(ada, `/api/posts?authorId=${bola}`)).toEqual([bolas.id]);
    expect(await ids(bola, '/api/posts')).toEqual(expect.arrayContaining([bolas.id]));
    expect(await ids(chidi, '/api/posts')).toEqual(expect.arrayContaining([spicy.id, tagged.id]));

    // A muted #hashtag hides only that hashtag.
    await mute(ada, { words: [`#${word}`] });
    const onlyTag = await ids(ada, '/api/posts');
    expect(onlyTag).not.toContain(tagged.id);
    expect(onlyTag).toEqual(expect.arrayContaining([bolas.id, spicy.id, compound.id]));
    await mute(ada, {});
    expect(await ids(ada, '/api/posts')).toEqual(expect.arrayContaining([bolas.id, spicy.id, tagged.id, compound.id, plain.id]));
  });
});
