/**
 * Muting through the gateway (decision 037), in whichever mode the harness started: the settings
 * service keeps a member's mutes and announces them; posts applies them to that member's feed and
 * search only. Each route with the callers it refuses, and the inputs that try to break it.
 */
import { safetyTexts, type Mutes, type Post } from '@kora/contracts';
import { readUntil } from '@kora/testing';
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { auth, befriend, json, signedInMember, type SignedIn } from './support/members.js';
import { createPost } from './support/posts.js';
import { api, body, MODE } from './support/product.js';

type Member = Awaited<ReturnType<typeof signedInMember>>;

const mutesOf = async (who: SignedIn) => body<Mutes>(await api('/api/settings/mutes', auth(who.token)));
const feedIds = async (who: SignedIn) => (await body<Post[]>(await api('/api/posts?limit=50', auth(who.token)))).map((p) => p.id);
const searchIds = async (who: SignedIn, q: string) =>
  (await body<Post[]>(await api(`/api/search?type=posts&q=${encodeURIComponent(q)}`, auth(who.token)))).map((p) => p.id);

describe(`muting through the gateway (${MODE})`, () => {
  let ada: Member;
  let bola: Member;
  let chidi: Member;

  beforeAll(async () => {
    [ada, bola, chidi] = await Promise.all([signedInMember(), signedInMember(), signedInMember()]);
    await befriend(ada, bola);
    await befriend(ada, chidi);
  });

  it('refuses anonymous callers on every route', async () => {
    expect((await api('/api/settings/mutes')).status).toBe(401);
    expect((await api('/api/settings/mutes/members', json({ userId: bola.user.user_id }))).status).toBe(401);
    expect((await api(`/api/settings/mutes/members/${bola.user.user_id}`, { method: 'DELETE' })).status).toBe(401);
    expect((await api('/api/settings/mutes/words', json({ word: 'lagos' }))).status).toBe(401);
    expect((await api('/api/settings/mutes/words/lagos', { method: 'DELETE' })).status).toBe(401);
  });

  it('refuses yourself, unknown members, bad words and removing what is not muted, with the product texts', async () => {
    const expectRefusal = async (res: Response, status: number, text: string) => {
      expect(res.status).toBe(status);
      expect(await res.json()).toMatchObject({ error: text, message: text, code: expect.any(String) });
    };
    await expectRefusal(
      await api('/api/settings/mutes/members', json({ userId: chidi.user.user_id }, chidi.token)),
      400,
      safetyTexts.notYourselfMute,
    );
    await expectRefusal(
      await api('/api/settings/mutes/members', json({ userId: 2_000_000_000 }, chidi.token)),
      404,
      safetyTexts.userNotFound,
    );
    for (const word of ['', '#', '<b>x</b>', 'x'.repeat(101), 7]) {
      await expectRefusal(await api('/api/settings/mutes/words', json({ word }, chidi.token)), 400, safetyTexts.wordInvalid);
    }
    await expectRefusal(
      await api(`/api/settings/mutes/members/${ada.user.user_id}`, { method: 'DELETE', ...auth(chidi.token) }),
      404,
      safetyTexts.notMuted,
    );
    await expectRefusal(
      await api('/api/settings/mutes/members/abc', { method: 'DELETE', ...auth(chidi.token) }),
      404,
      safetyTexts.notMuted,
    );
    await expectRefusal(
      await api('/api/settings/mutes/words/never', { method: 'DELETE', ...auth(chidi.token) }),
      404,
      safetyTexts.wordNotMuted,
    );
    expect(await mutesOf(chidi)).toEqual({ members: [], words: [] });
  });

  it("a muted word and a muted member leave the muting member's feed and search, not their links or anyone else's feed", async () => {
    const word = `okada${randomBytes(4).toString('hex')}`;
    const carrying = await createPost(chidi, `Traffic: no ${word.toUpperCase()} on the bridge`);
    const bolas = await createPost(bola, 'Bola at the beach');
    await readUntil(
      () => feedIds(ada),
      (ids) => ids.includes(carrying.id) && ids.includes(bolas.id),
    );

    const added = await api('/api/settings/mutes/words', json({ word: `  ${word} ` }, ada.token));
    expect(added.status).toBe(200);
    expect((await body<Mutes>(added)).words).toEqual([word]);
    const feed = await readUntil(
      () => feedIds(ada),
      (ids) => !ids.includes(carrying.id),
    );
    expect(feed).not.toContain(carrying.id);
    expect(await searchIds(ada, word)).toEqual([]);
    expect((await api(`/api/posts/${carrying.id}`, auth(ada.token))).status).toBe(200);
    expect(await searchIds(chidi, word)).toEqual([carrying.id]);

    // Concurrent adds both stay.
    const other = `other${randomBytes(3).toString('hex')}`;
    const [memberAnswer, wordAnswer] = await Promise.all([
      api('/api/settings/mutes/members', json({ userId: bola.user.user_id }, ada.token)),
      api('/api/settings/mutes/words', json({ word: other }, ada.token)),
    ]);
    expect([memberAnswer.status, wordAnswer.status]).toEqual([200, 200]);
    const mutes = await mutesOf(ada);
    expect(mutes.members).toEqual([expect.objectContaining({ id: bola.user.user_id, user_name: bola.member.username })]);
    expect([...mutes.words].sort()).toEqual([word, other].sort());
    expect(
      await readUntil(
        () => feedIds(ada),
        (ids) => !ids.includes(bolas.id),
      ),
    ).not.toContain(bolas.id);
    expect((await api(`/api/posts/${bolas.id}`, auth(ada.token))).status).toBe(200);
    expect(await feedIds(bola)).toContain(bolas.id);

    // Unmuting brings them back; the muted member never learns of it (nothing in their notifications about ada).
    expect((await api(`/api/settings/mutes/members/${bola.user.user_id}`, { method: 'DELETE', ...auth(ada.token) })).status).toBe(200);
    expect(
      (await api(`/api/settings/mutes/words/${encodeURIComponent(word.toUpperCase())}`, { method: 'DELETE', ...auth(ada.token) })).status,
    ).toBe(200);
    const back = await readUntil(
      () => feedIds(ada),
      (ids) => ids.includes(bolas.id) && ids.includes(carrying.id),
    );
    expect(back).toEqual(expect.arrayContaining([bolas.id, carrying.id]));
    const told = await body<{ actorId?: number; fromUserId?: number }[]>(await api('/api/notifications', auth(bola.token)));
    expect(JSON.stringify(told)).not.toMatch(/mute/i);
  });
});
