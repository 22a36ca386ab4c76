/**
 * Privacy settings that auth enforces, fed over the event path the settings and friends
 * services use: profile visibility on GET /api/users/:id, and finding a member by e-mail or phone
 * on GET /api/users/search. Each rule with the callers it must refuse and those it must allow:
 * anonymous, stranger, friend, owner; everyone / friends / only_me.
 */
import { authTexts, encodeProfileId, friendPairKey, type ProfileView } from '@kora/contracts';
import { eventually, publishEvent } from '@kora/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { befriend, seedMember, setGeneral, setPrivacy, startAuth, type AuthTestService } from '../test-support.js';

type Caller = 'anonymous' | 'stranger' | 'friend' | 'owner';

describe(`privacy: profile visibility and lookups (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  let svc: AuthTestService;
  beforeAll(async () => void (svc = await startAuth()));
  afterAll(async () => svc?.close());

  const get = (url: string, userId: number | null) =>
    svc.app.inject({ method: 'GET', url, headers: userId === null ? {} : svc.as({ userId }) });

  /** What every profile answer shows of the member. */
  const card = (member: { userId: number; username: string }) => ({
    user_id: member.userId,
    profileId: encodeProfileId(member.userId),
    username: member.username,
    firstname: 'Adaeze',
    lastname: 'Okafor',
    name: 'Adaeze Okafor',
    profileImage: expect.any(String),
  });

  /** An owner with a friend and a stranger, and the owner's details filled in. */
  async function cast() {
    const owner = await seedMember(svc, { firstname: 'Adaeze', lastname: 'Okafor' });
    const [friend, stranger] = [await seedMember(svc), await seedMember(svc)];
    await befriend(svc, owner.userId, friend.userId);
    await setGeneral(svc, owner.userId, {
      city: 'Lagos',
      country: 'Nigeria',
      work: 'Paystack',
      education: 'UNILAG',
      website: 'https://adaeze.ng',
      phone: '+234 803 555 0101',
    });
    const ids: Record<Caller, number | null> = { anonymous: null, stranger: stranger.userId, friend: friend.userId, owner: owner.userId };
    return { owner, ids };
  }

  describe('profile visibility (GET /api/users/:id)', () => {
    const cases: [visibility: 'everyone' | 'friends' | 'only_me', full: Caller[], limited: Caller[]][] = [
      ['everyone', ['stranger', 'friend', 'owner'], ['anonymous']],
      ['friends', ['friend', 'owner'], ['anonymous', 'stranger']],
      ['only_me', ['owner'], ['anonymous', 'stranger', 'friend']],
    ];

    it.each(cases)('%s: full profile for %j, the card only for %j', async (visibility, full, limited) => {
      const { owner, ids } = await cast();
      await setPrivacy(svc, owner.userId, { profileVisibility: visibility });
      for (const caller of full) {
        const res = await get(`/api/users/${owner.userId}`, ids[caller]);
        expect(res.statusCode, caller).toBe(200);
        expect(res.json(), caller).toEqual({
          visibility: 'full',
          ...card(owner),
          coverImage: null,
          bio: '',
          createdAt: expect.any(String),
          details: { city: 'Lagos', country: 'Nigeria', work: 'Paystack', education: 'UNILAG', website: 'https://adaeze.ng' },
        });
      }
      for (const caller of limited) {
        const res = await get(`/api/users/${encodeProfileId(owner.userId)}`, ids[caller]);
        expect(res.statusCode, caller).toBe(200);
        // Names and picture only: no bio, cover, join date, details (and never the phone).
        expect(res.json(), caller).toEqual({
          visibility: 'limited',
          limitedBy: caller === 'anonymous' ? 'sign_in' : visibility,
          ...card(owner),
        });
      }
    });

    it('follows the friend graph: unfriending closes a friends-only profile again', async () => {
      const { owner, ids } = await cast();
      await setPrivacy(svc, owner.userId, { profileVisibility: 'friends' });
      expect((await get(`/api/users/${owner.userId}`, ids.friend)).json<ProfileView>().visibility).toBe('full');
      await publishEvent(
        svc,
        'friendship.removed',
        { fromUserId: owner.userId, toUserId: ids.friend! },
        friendPairKey(owner.userId, ids.friend!),
        owner.userId,
      );
      await eventually(async () => (await get(`/api/users/${owner.userId}`, ids.friend)).json<ProfileView>().visibility === 'limited');
    });

    it('answers blank details until the member saves their General settings, and the owner’s edit answer carries them', async () => {
      const member = await seedMember(svc);
      expect((await get(`/api/users/${member.userId}`, member.userId)).json()).toMatchObject({
        visibility: 'full',
        details: { city: '', country: '', work: '', education: '', website: '' },
      });
      await setGeneral(svc, member.userId, { city: 'Abuja' });
      const edited = await svc.app.inject({
        method: 'PUT',
        url: `/api/users/${member.userId}`,
        payload: { bio: 'Hi' },
        headers: svc.as({ userId: member.userId }),
      });
      expect(edited.json()).toMatchObject({ visibility: 'full', bio: 'Hi', details: { city: 'Abuja' } });
    });

    it('still answers 404 for unknown and suspended members to anonymous callers', async () => {
      const suspended = await seedMember(svc, { status: 'suspended' });
      for (const id of ['999999999999', 'nope', String(suspended.userId)]) {
        const res = await get(`/api/users/${id}`, null);
        expect(res.statusCode, id).toBe(404);
        expect(res.json().message).toBe(authTexts.userNotFound);
      }
    });
  });

  describe('finding a member by e-mail or phone (GET /api/users/search)', () => {
    const search = async (q: string, userId: number | null) => get(`/api/users/search?q=${encodeURIComponent(q)}`, userId);
    const found = async (q: string, userId: number, memberId: number) => {
      const res = await search(q, userId);
      expect(res.statusCode).toBe(200);
      return res.json<{ id: number }[]>().some((item) => item.id === memberId);
    };
    const cases: ['everyone' | 'friends' | 'only_me', allowed: Caller[], refused: Caller[]][] = [
      ['everyone', ['stranger', 'friend', 'owner'], []],
      ['friends', ['friend', 'owner'], ['stranger']],
      ['only_me', ['owner'], ['stranger', 'friend']],
    ];

    it.each(cases)('lookupEmail %s: found by %j, not by %j (any letter case)', async (audience, allowed, refused) => {
      const { owner, ids } = await cast();
      await setPrivacy(svc, owner.userId, { lookupEmail: audience, lookupPhone: 'everyone' });
      const q = owner.email.toUpperCase();
      for (const caller of allowed) expect(await found(q, ids[caller]!, owner.userId), caller).toBe(true);
      for (const caller of refused) expect(await found(q, ids[caller]!, owner.userId), caller).toBe(false);
    });

    it.each(cases)('lookupPhone %s: found by %j, not by %j (digits compared, however written)', async (audience, allowed, refused) => {
      const { owner, ids } = await cast();
      await setPrivacy(svc, owner.userId, { lookupPhone: audience, lookupEmail: 'everyone' });
      for (const q of ['+234 803 555 0101', '2348035550101', '+234-803-555-0101']) {
        for (const caller of allowed) expect(await found(q, ids[caller]!, owner.userId), `${caller} ${q}`).toBe(true);
        for (const caller of refused) expect(await found(q, ids[caller]!, owner.userId), `${caller} ${q}`).toBe(false);
      }
    });

    it('finds a member who never chose by e-mail for friends only (the default), by phone for everyone', async () => {
      const { owner, ids } = await cast();
      expect(await found(owner.email, ids.friend!, owner.userId)).toBe(true);
      expect(await found(owner.email, ids.stranger!, owner.userId)).toBe(false);
      expect(await found('+234 803 555 0101', ids.stranger!, owner.userId)).toBe(true);
    });

    it('matches whole addresses and numbers only, and never answers the e-mail or phone', async () => {
      const { owner, ids } = await cast();
      await setPrivacy(svc, owner.userId, { lookupEmail: 'everyone' });
      const stranger = ids.stranger!;
      expect(await found(owner.email.slice(0, -3), stranger, owner.userId)).toBe(false);
      expect(await found('803 555 0101', stranger, owner.userId)).toBe(false);
      const res = await search(owner.email, stranger);
      const items = res.json<Record<string, unknown>[]>();
      expect(items).toHaveLength(1);
      expect(Object.keys(items[0]!).sort()).toEqual(['firstname', 'id', 'lastname', 'name', 'profileImage', 'user_id', 'user_name']);
      expect(res.body).not.toContain(owner.email);
      expect((await search('+234 803 555 0101', stranger)).body).not.toMatch(/0101|2348035550101/);
    });

    it('keeps finding only_me members by name (the card is public anyway) and refuses anonymous callers', async () => {
      const { owner, ids } = await cast();
      await setPrivacy(svc, owner.userId, { profileVisibility: 'only_me', lookupEmail: 'only_me', lookupPhone: 'only_me' });
      expect(await found(owner.username, ids.stranger!, owner.userId)).toBe(true);
      expect((await search(owner.email, null)).statusCode).toBe(401);
    });
  });
});
