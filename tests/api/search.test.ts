/**
 * Search through the gateway (decision 025), in whichever mode the harness started: real members
 * (posts learns their names from auth's events), real posts, and the privacy a member saves in
 * Settings applied to what others find. Every route refuses anonymous callers.
 */
import { searchTexts, type MemberCard, type Post } from '@kora/contracts';
import { readUntil } from '@kora/testing';
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { auth, befriend, signedInMember, type SignedIn } from './support/members.js';
import { createPost } from './support/posts.js';
import { api, body, MODE } from './support/product.js';
import { saveSettings } from './support/settings.js';

const uniqueWord = () => `kw${randomBytes(5).toString('hex')}`;
const search = (who: SignedIn, query: Record<string, string>) => api(`/api/search?${new URLSearchParams(query)}`, auth(who.token));
const found = async <T>(who: SignedIn, query: Record<string, string>) => {
  const res = await search(who, query);
  expect(res.status, await res.clone().text()).toBe(200);
  return body<T[]>(res);
};

describe(`search through the gateway (${MODE})`, () => {
  let ada: SignedIn & { member: { username: string } };
  let bola: SignedIn;
  let stranger: SignedIn;

  beforeAll(async () => {
    [ada, bola, stranger] = await Promise.all([signedInMember(), signedInMember(), signedInMember()]);
    await befriend(ada, bola);
  });

  it('refuses anonymous callers on every search route', async () => {
    for (const path of [
      '/api/search?q=x',
      '/api/search?q=x&type=posts',
      '/api/hashtags/trending',
      '/api/hashtags/lagos/posts',
      '/api/members/pro',
      '/api/shares/friends',
    ]) {
      expect((await api(path)).status, path).toBe(401);
    }
  });

  it('finds a member by username, exactly that one first, as a member card', async () => {
    const people = await readUntil(
      () => found<MemberCard>(bola, { type: 'people', q: ada.member.username }),
      (list) => list.length > 0,
    );
    expect(people[0]).toMatchObject({ id: ada.user.user_id, username: ada.member.username, name: 'Ada Obi', verified: false });
    expect(people[0]!.profileImage).toEqual(expect.any(String));
  });

  it("finds posts by their words, any case and accent, as the author's audience allows", async () => {
    const w = uniqueWord();
    const post = await createPost(ada, `Jollof at the Café ${w}`);
    for (const q of [`${w} cafe`, `JOLLOF ${w}`, w.slice(0, -2)]) {
      expect(
        (await found<Post>(stranger, { type: 'posts', q })).map((p) => p.id),
        q,
      ).toContain(post.id);
    }
    await saveSettings(ada, 'privacy', { profileVisibility: 'friends' });
    try {
      await readUntil(
        () => found<Post>(stranger, { type: 'posts', q: w }),
        (list) => list.length === 0,
      );
      expect((await found<Post>(bola, { type: 'posts', q: w })).map((p) => p.id)).toEqual([post.id]);
      expect((await found<Post>(ada, { type: 'posts', q: w })).map((p) => p.id)).toEqual([post.id]);
    } finally {
      await saveSettings(ada, 'privacy', { profileVisibility: 'everyone' });
    }
  });

  it('pages with X-Next-Cursor and Link, without repeats', async () => {
    const w = uniqueWord();
    const made: number[] = [];
    for (let i = 0; i < 3; i++) made.push((await createPost(bola, `${w} ${i}`)).id);
    const first = await search(bola, { type: 'posts', q: w, limit: '2' });
    const next = first.headers.get('x-next-cursor');
    expect(next).toBe('2');
    expect(first.headers.get('link')).toContain('cursor=2');
    const second = await search(bola, { type: 'posts', q: w, limit: '2', cursor: next! });
    expect(second.headers.get('x-next-cursor')).toBeNull();
    const ids = [...(await body<Post[]>(first)), ...(await body<Post[]>(second))].map((p) => p.id);
    expect(ids).toEqual([...made].reverse());
  });

  it('answers [] for a blank query, never a 500 for what a member types, and 400 with the texts for bad parameters', async () => {
    expect(await found(ada, { q: '  ', type: 'posts' })).toEqual([]);
    for (const type of ['people', 'posts', 'groups', 'hashtags']) {
      for (const q of ["'", '"', '&|!():*\\', "x'):* & !(y", '%_', '#', '🎉 日本語 ünï'])
        expect((await search(ada, { type, q })).status, `${type} ${q}`).toBe(200);
    }
    const bad = async (query: Record<string, string>, text: string) => {
      const res = await search(ada, query);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: text, message: text });
    };
    await bad({ q: 'x', type: 'users' }, searchTexts.typeInvalid);
    await bad({ q: 'x', limit: '0' }, searchTexts.limitInvalid(50));
    await bad({ q: 'x', type: 'posts', cursor: 'nope' }, searchTexts.cursorInvalid);
    await bad({ q: 'x'.repeat(101) }, searchTexts.queryTooLong);
  });
});
