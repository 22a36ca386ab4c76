import {
  NULL_CHARACTER_TEXT,
  searchLimits,
  searchTexts,
  type HashtagCount,
  type MemberCard,
  type Post,
  type SearchGroup,
} from '@kora/contracts';
import { eventually, expectError } from '@kora/testing';
import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { setShadowHidden } from '../moderation/post-state.js';
import { searchRank } from '../search/search-rank.js';
import {
  backdate,
  befriend,
  createGroup,
  grantPlan,
  joinGroup,
  memberIds,
  postsHandle,
  postsServiceForFile,
  publish,
  registerMember,
  setPrivacy,
  snapshot,
  type PostsTestService,
} from '../test-support.js';

const DAY_MS = 86_400_000;

/** A word no other test of the run writes, so each test reads only its own posts. */
const uniqueWord = (prefix = 'kw') => `${prefix}${randomInt(10 ** 9, 10 ** 10)}`;

/** A member as auth announces them, with a first and last name, activated. */
async function namedMember(svc: PostsTestService, userId: number, username: string, firstname: string, lastname: string): Promise<void> {
  await publish(
    svc,
    'user.registered',
    { ...snapshot(userId, username), firstname, lastname, email: `${userId}@example.ng`, createdAt: new Date().toISOString() },
    userId,
    userId,
  );
  await publish(svc, 'user.activated', { userId }, userId, userId);
  const m = svc.tables.members;
  await eventually(async () => (await svc.ctx.db.select().from(m)).some((r) => r.userId === userId && r.activated));
}

describe(`GET /api/search (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  const file = postsServiceForFile();
  const nextId = memberIds();

  async function search<T = Post>(viewer: number | null, query: Record<string, string>) {
    const res = await file.api.get(`/api/search?${new URLSearchParams(query)}`, viewer);
    const next = res.headers['x-next-cursor'];
    return { res, items: res.statusCode === 200 ? res.json<T[]>() : [], next: typeof next === 'string' ? next : null };
  }
  const postIds = async (viewer: number, q: string) => (await search(viewer, { type: 'posts', q })).items.map((p) => p.id);

  describe('posts', () => {
    it('finds words in any case and without accents, every word required, the last as a prefix', async () => {
      const me = nextId();
      const w = uniqueWord();
      const jollof = await file.api.createPost(me, `Jollof at the Café in Lagos ${w}`);
      const other = await file.api.createPost(me, `Suya by the lagoon ${w}`);
      expect(await postIds(me, `jollof ${w}`)).toEqual([jollof.id]);
      expect(await postIds(me, `LAGOS cafe ${w}`)).toEqual([jollof.id]);
      expect(await postIds(me, `${w} caf`)).toEqual([jollof.id]); // still typing "café"
      expect(new Set(await postIds(me, `${w} lago`))).toEqual(new Set([jollof.id, other.id])); // Lagos, lagoon
      expect(await postIds(me, `jollof suya ${w}`)).toEqual([]);
      // The answer is the feed's post, whole.
      const [found] = (await search(me, { type: 'posts', q: `jollof ${w}` })).items;
      expect(found).toMatchObject({ id: jollof.id, content: jollof.content, author: { id: me } });
    });

    it('ranks the best first: a day of freshness for every doubling of answers, then the newest', async () => {
      const { svc, api } = file;
      const me = nextId();
      const w = uniqueWord();
      const answered = await api.createPost(me, `${w} from two days ago, liked by seven`);
      await backdate(svc, answered.id, new Date(Date.now() - 2 * DAY_MS));
      for (let i = 0; i < 7; i++)
        expect((await api.post(`/api/posts/${answered.id}/react`, nextId(), { reaction: 'like' })).statusCode).toBe(200);
      const stale = await api.createPost(me, `${w} from yesterday, liked by one`);
      await backdate(svc, stale.id, new Date(Date.now() - 1.5 * DAY_MS));
      expect((await api.post(`/api/posts/${stale.id}/react`, nextId(), { reaction: 'like' })).statusCode).toBe(200);
      const fresh = await api.createPost(me, `${w} fresh`);
      const fresher = await api.createPost(me, `${w} ${w} fresher, saying it twice`);
      // Seven likes are three doublings: two days old, it stands a day above today's posts.
      expect(await postIds(me, w)).toEqual([answered.id, fresher.id, fresh.id, stale.id]);
    });

    it('keeps the rank PostgreSQL stores equal to the one other search engines compute', async () => {
      const { svc, api } = file;
      const me = nextId();
      const post = await api.createPost(me, `${uniqueWord()} ranked`);
      for (let i = 0; i < 3; i++) await api.post(`/api/posts/${post.id}/react`, nextId(), { reaction: 'like' });
      const t = svc.tables.posts;
      const [row] = await svc.ctx.db.select().from(t).where(eq(t.id, post.id));
      expect(row!.likeCount).toBe(3);
      expect(row!.searchRank).toBeCloseTo(searchRank(row!), 6);
    });

    it('applies every visibility rule of the feed', async () => {
      const { svc, api } = file;
      const [author, friend, stranger, mentioned, groupMember] = [nextId(), nextId(), nextId(), nextId(), nextId()];
      await registerMember(svc, mentioned, `mentioned${mentioned}`);
      await befriend(svc, author, friend);
      const w = uniqueWord();
      const open = await api.createPost(author, `${w} open`);
      await setPrivacy(svc, author, { profileVisibility: 'friends' });
      const friendsOnly = await api.createPost(author, `${w} friends only`);
      const mentioning = await api.createPost(author, `${w} hello @mentioned${mentioned}`);
      const groupId = randomInt(1, 2 ** 31);
      await createGroup(svc, groupId, author, 'private');
      await joinGroup(svc, groupId, groupMember);
      const inGroup = await api.createGroupPost(author, groupId, `${w} in the private group`);
      const deleted = await api.createPost(author, `${w} deleted`);
      expect((await api.delete(`/api/posts/${deleted.id}`, author)).statusCode).toBe(200);
      const hidden = await api.createPost(author, `${w} shadow hidden`);
      await setShadowHidden(postsHandle(svc), hidden.id, true);

      // friends-only: everything is open to the profile's audience (the post before the change too).
      expect(new Set(await postIds(author, w))).toEqual(new Set([open.id, friendsOnly.id, mentioning.id, inGroup.id, hidden.id]));
      expect(new Set(await postIds(friend, w))).toEqual(new Set([open.id, friendsOnly.id, mentioning.id]));
      expect(await postIds(stranger, w)).toEqual([]);
      expect(await postIds(mentioned, w)).toEqual([mentioning.id]);
      expect(await postIds(groupMember, w)).toEqual([inGroup.id]);

      await setPrivacy(svc, author, { profileVisibility: 'only_me' });
      expect(await postIds(friend, w)).toEqual([]);
      expect(await postIds(mentioned, w)).toEqual([mentioning.id]); // the mention exception holds
      await setPrivacy(svc, author, { profileVisibility: 'everyone' });
      expect(new Set(await postIds(stranger, w))).toEqual(new Set([open.id, friendsOnly.id, mentioning.id]));
    });

    it('pages by cursor with no repeats and no gaps', async () => {
      const me = nextId();
      const w = uniqueWord();
      const made: number[] = [];
      for (let i = 0; i < 7; i++) made.push((await file.api.createPost(me, `${w} number ${i}`)).id);
      const seen: number[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page: { items: Post[]; next: string | null; res: { headers: Record<string, unknown> } } = await search(me, {
          type: 'posts',
          q: w,
          limit: '3',
          ...(cursor ? { cursor } : {}),
        });
        if (page.next) expect(page.res.headers.link).toContain(`cursor=${page.next}`);
        seen.push(...page.items.map((p) => p.id));
        cursor = page.next;
        pages++;
      } while (cursor);
      expect(pages).toBe(3);
      expect(seen).toEqual([...made].reverse());
    });

    it('answers [] for a blank query and never fails on what a member types', async () => {
      const me = nextId();
      const w = uniqueWord();
      const post = await file.api.createPost(me, `${w} it's "quoted" & (odd) | !fine: *yes* \\ back — ünïcödé 日本語 🎉`);
      expect((await search(me, { type: 'posts', q: '   ' })).items).toEqual([]);
      expect((await search(me, { type: 'posts', q: '' })).res.body).toBe('[]');
      const hostile = [
        "'",
        "''",
        '"',
        '&',
        '|',
        '!',
        '(',
        ')',
        ':',
        '*',
        '\\',
        ':*',
        "a' | 'b",
        "x'):* & !(y",
        '&&||!!',
        '<->',
        '🎉',
        `${w}'`,
        `${w}:*`,
        `!${w}`,
        `(${w})`,
        `${w} & unïcödé`,
      ];
      for (const q of hostile) {
        const { res } = await search(me, { type: 'posts', q });
        expect(res.statusCode, q).toBe(200);
      }
      expect(await postIds(me, `${w}:*`)).toEqual([post.id]);
      expect(await postIds(me, `(${w})`)).toEqual([post.id]);
      expect(await postIds(me, `${w} unicode 日本語`)).toEqual([post.id]);
      expect(await postIds(me, `"${w}" it's`)).toEqual([post.id]);
      for (const type of ['people', 'groups', 'hashtags']) {
        for (const q of ["'", '%', '_', '\\', '#', '##', "a' or 1=1 --", '🎉'])
          expect((await search(me, { type, q })).res.statusCode, `${type} ${q}`).toBe(200);
      }
    });
  });

  describe('people', () => {
    it('finds activated members by name and username, unaccented, exact username first; leaves out the suspended', async () => {
      const { svc } = file;
      const w = uniqueWord('zz');
      const [exact, named, accented, suspended, pending] = [nextId(), nextId(), nextId(), nextId(), nextId()];
      await namedMember(svc, named, `${w}fan`, 'Adaeze', 'Okafor');
      await namedMember(svc, exact, w, 'Bola', 'Tinubu');
      await namedMember(svc, accented, `${w}x`, 'Chidìnmá', 'Ézè');
      await namedMember(svc, suspended, `${w}sus`, 'Sunny', 'Day');
      await publish(
        svc,
        'user.registered',
        { ...snapshot(pending, `${w}pend`), email: `${pending}@example.ng`, createdAt: new Date().toISOString() },
        pending,
        pending,
      );

      const people = async (q: string) => (await search<MemberCard>(named, { type: 'people', q })).items;
      const found = await people(w);
      expect(found[0]).toEqual({
        id: exact,
        username: w,
        name: 'Bola Tinubu',
        profileImage: `/uploads/profile/${exact}.webp`,
        verified: false,
      });
      expect(new Set(found.map((m) => m.id))).toEqual(new Set([exact, named, accented, suspended]));
      expect((await people(`chidinma eze ${w}`)).map((m) => m.id)).toEqual([accented]);
      expect((await people(`@${w}`))[0]!.id).toBe(exact);
      expect((await people(`ADAEZE ${w}`)).map((m) => m.id)).toEqual([named]);
      expect(await people('@')).toEqual([]);

      await publish(svc, 'user.status-changed', { userId: suspended, status: 'suspended', previousStatus: 'active' }, suspended, 1);
      await eventually(async () => !(await people(w)).some((m) => m.id === suspended));
      await publish(svc, 'user.status-changed', { userId: suspended, status: 'active', previousStatus: 'suspended' }, suspended, 1);
      await eventually(async () => (await people(w)).some((m) => m.id === suspended));
    });

    it('shows the exact username first, then the closest names, paging with no repeats and no gaps', async () => {
      const { svc } = file;
      const w = uniqueWord('zp');
      const [exact, short, middle, long] = [nextId(), nextId(), nextId(), nextId()];
      await namedMember(svc, long, `${w}c`, 'Oluwadamilare', 'Okonkwo-Williamson');
      await namedMember(svc, exact, w, 'Oluwaseun', 'Balogun-Adeyemi');
      await namedMember(svc, short, `${w}a`, 'Ada', 'Obi');
      await namedMember(svc, middle, `${w}b`, 'Chinonso', 'Okafor');
      const seen: number[] = [];
      let cursor: string | null = null;
      do {
        const page: { items: MemberCard[]; next: string | null } = await search<MemberCard>(short, {
          type: 'people',
          q: w,
          limit: '2',
          ...(cursor ? { cursor } : {}),
        });
        seen.push(...page.items.map((m) => m.id));
        cursor = page.next;
      } while (cursor);
      expect(seen).toEqual([exact, short, middle, long]);
    });
  });

  describe('groups', () => {
    it('finds public and private groups by title and description, with their card and member count', async () => {
      const { svc } = file;
      const w = uniqueWord('gg');
      const [owner, member] = [nextId(), nextId()];
      const [open, closed] = [randomInt(1, 2 ** 31), randomInt(1, 2 ** 31)];
      const state = (groupId: number, title: string, description: string, privacy: 'public' | 'private') => ({
        groupId,
        ownerId: owner,
        title,
        description,
        picture: privacy === 'public' ? '/uploads/images/5f0c2d9a4b7e4c1f8a3d6e2b9c0f1a7d.webp' : null,
        privacy,
        createdAt: new Date().toISOString(),
      });
      await createGroup(svc, open, owner, 'public');
      await createGroup(svc, closed, owner, 'private');
      await publish(svc, 'group.updated', state(open, `Lagos Café ${w}`, 'Where to eat', 'public'), open, owner);
      await publish(svc, 'group.updated', state(closed, `Book club ${w}`, 'We read in Lagos', 'private'), closed, owner);
      await joinGroup(svc, open, member);
      const groups = async (q: string) => (await search<SearchGroup>(member, { type: 'groups', q })).items;
      await eventually(async () => (await groups(`cafe ${w}`)).length === 1);

      expect(await groups(`cafe ${w}`)).toEqual([
        {
          group_id: open,
          group_title: `Lagos Café ${w}`,
          group_picture: '/uploads/images/5f0c2d9a4b7e4c1f8a3d6e2b9c0f1a7d.webp',
          group_members: 2,
          group_description: 'Where to eat',
          privacy: 'public',
        },
      ]);
      expect(new Set((await groups(`lagos ${w}`)).map((g) => g.group_id))).toEqual(new Set([open, closed]));
      expect((await groups(`read ${w}`))[0]).toMatchObject({ group_id: closed, privacy: 'private', group_members: 1 });
    });
  });

  describe('hashtags', () => {
    it('lists tags starting with the query (with or without #), counting public posts, most used first', async () => {
      const { svc, api } = file;
      const [a, b, closed] = [nextId(), nextId(), nextId()];
      const w = uniqueWord('tg');
      await api.createPost(a, `#${w}Rice and #${w}Stew`);
      await api.createPost(b, `more #${w}rice`);
      await setPrivacy(svc, closed, { profileVisibility: 'friends' });
      await api.createPost(closed, `#${w}stew #${w}secret`);
      const tags = async (q: string) => (await search<HashtagCount>(a, { type: 'hashtags', q })).items;
      expect(await tags(w)).toEqual([
        { tag: `${w}rice`, count: 2 },
        { tag: `${w}stew`, count: 1 },
      ]);
      expect(await tags(`#${w.toUpperCase()}R`)).toEqual([{ tag: `${w}rice`, count: 2 }]);
      expect(await tags(`${w}secret`)).toEqual([]); // only in a friends-only post
      expect(await tags(`${w} rice`)).toEqual([]); // not a tag's start
    });
  });

  describe('the query string', () => {
    it('refuses a bad type, limit, cursor or a too long query with their texts; anonymous callers get 401', async () => {
      const me = nextId();
      expectError((await search(me, { type: 'users', q: 'x' })).res, 400, searchTexts.typeInvalid);
      for (const limit of ['0', '51', 'x', '1.5'])
        expectError((await search(me, { q: 'x', limit })).res, 400, searchTexts.limitInvalid(searchLimits.maxPageSize));
      for (const cursor of ['abc', '-1', '1000', '99999999', '01'])
        expectError((await search(me, { type: 'posts', q: 'x', cursor })).res, 400, searchTexts.cursorInvalid);
      expectError((await search(me, { q: 'x'.repeat(101) })).res, 400, searchTexts.queryTooLong);
      // PostgreSQL text cannot hold U+0000: found by the fuzzer as a 500 on the groups search.
      for (const type of ['people', 'posts', 'groups', 'hashtags'])
        expectError((await search(me, { type, q: '\u0000㸀ᢍ' })).res, 400, NULL_CHARACTER_TEXT);
      expect((await search(me, { q: 'x', cursor: '0' })).res.statusCode).toBe(200);
      expect((await search(null, { q: 'x' })).res.statusCode).toBe(401);
    });

    it('defaults to people', async () => {
      const { svc } = file;
      const me = nextId();
      const w = uniqueWord('dp');
      await namedMember(svc, me, w, 'Default', 'Tab');
      expect((await search<MemberCard>(me, { q: w })).items.map((m) => m.id)).toEqual([me]);
    });
  });

  describe('GET /api/members/pro', () => {
    it('lists members with a running Pro plan, latest plan first, without the suspended or expired', async () => {
      const { svc, api } = file;
      const [older, newer, expired, suspended, viewer] = [nextId(), nextId(), nextId(), nextId(), nextId()];
      for (const id of [older, newer, expired, suspended]) await namedMember(svc, id, `pro${id}`, 'Pro', `Member${id}`);
      const day = 86_400_000;
      const inAMonth = new Date(Date.now() + 30 * day);
      await grantPlan(svc, older, { activeUntil: inAMonth, occurredAt: new Date(Date.now() - 2 * day) });
      await grantPlan(svc, newer, { activeUntil: inAMonth, occurredAt: new Date(Date.now() - day) });
      await grantPlan(svc, expired, { activeUntil: new Date(Date.now() - 1000), occurredAt: new Date(Date.now() - 1000) });
      await grantPlan(svc, suspended, { activeUntil: inAMonth });
      await publish(svc, 'user.status-changed', { userId: suspended, status: 'suspended', previousStatus: 'active' }, suspended, 1);
      const list = async () => (await api.get('/api/members/pro?limit=50', viewer)).json<MemberCard[]>();
      await eventually(async () => !(await list()).some((m) => m.id === suspended));
      const mine = (await list()).filter((m) => [older, newer, expired, suspended].includes(m.id));
      expect(mine).toEqual([
        { id: newer, username: `pro${newer}`, name: `Pro Member${newer}`, profileImage: `/uploads/profile/${newer}.webp`, verified: true },
        { id: older, username: `pro${older}`, name: `Pro Member${older}`, profileImage: `/uploads/profile/${older}.webp`, verified: true },
      ]);
      expectError(await api.get('/api/members/pro?limit=0', viewer), 400, searchTexts.limitInvalid(searchLimits.maxPageSize));
      expect((await api.get('/api/members/pro', null)).statusCode).toBe(401);
    });
  });

  describe('GET /api/shares/friends', () => {
    it("lists friends' latest shares of posts the caller may see, one entry per post", async () => {
      const { svc, api } = file;
      const [me, f1, f2, stranger, author, closedAuthor] = [nextId(), nextId(), nextId(), nextId(), nextId(), nextId()];
      for (const id of [f1, f2]) await namedMember(svc, id, `friend${id}`, 'Friend', `${id}`);
      await befriend(svc, me, f1);
      await befriend(svc, me, f2);
      await befriend(svc, closedAuthor, f1);
      const first = await api.createPost(author, 'shared by both friends');
      const second = await api.createPost(author, 'shared by a stranger only');
      const closed = await api.createPost(closedAuthor, 'friends only, not mine to see');
      await setPrivacy(svc, closedAuthor, { profileVisibility: 'friends' });
      const share = async (who: number, postId: number) => expect((await api.post(`/api/posts/${postId}/share`, who)).statusCode).toBe(200);
      await share(f1, first.id);
      await share(f1, closed.id);
      await share(stranger, second.id);
      await share(f2, first.id);

      const res = await api.get('/api/shares/friends', me);
      expect(res.statusCode).toBe(200);
      const list = res.json<{ sharedBy: MemberCard; sharedAt: string; post: Post }[]>();
      expect(list.map((s) => [s.post.id, s.sharedBy.id])).toEqual([[first.id, f2]]);
      expect(list[0]!.sharedBy).toEqual({
        id: f2,
        username: `friend${f2}`,
        name: `Friend ${f2}`,
        profileImage: `/uploads/profile/${f2}.webp`,
        verified: false,
      });
      expect(list[0]!.sharedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(list[0]!.post).toMatchObject({ id: first.id, content: 'shared by both friends', hasShared: false });
      // f2's only friend shared nothing.
      expect((await api.get('/api/shares/friends', f2)).json<unknown[]>().length).toBe(0);
      expect((await api.get('/api/shares/friends', null)).statusCode).toBe(401);
      expectError(await api.get('/api/shares/friends?limit=51', me), 400, searchTexts.limitInvalid(searchLimits.maxPageSize));
    });
  });
});
