/**
 * Privacy settings take effect across services (decision 020), through the gateway, in whichever mode
 * the harness started: a member saves a Settings tab (the settings service announces it) and auth
 * and friends enforce it from their projections. Each rule with the callers it refuses and allows:
 * anonymous, stranger, friend, owner.
 */
import { displayName, friendTexts, type ProfileView, type Relation } from '@kora/contracts';
import { readUntil } from '@kora/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { waitForMail } from '../support/mail.js';
import { auth, befriend, json, signedInMember, signIn, type SignedIn } from './support/members.js';
import { api, body, MODE } from './support/product.js';
import { saveSettings } from './support/settings.js';

type Member = Awaited<ReturnType<typeof signedInMember>>;

const profileAs = async (who: SignedIn | null, of: SignedIn) =>
  body<ProfileView>(await api(`/api/users/${of.user.user_id}`, who ? auth(who.token) : {}));
const relation = async (who: SignedIn, of: SignedIn) =>
  body<Relation>(await api(`/api/friends/relation/${of.user.user_id}`, auth(who.token)));
const finds = async (who: SignedIn, q: string, of: SignedIn) =>
  (await body<{ id: number }[]>(await api(`/api/users/search?q=${encodeURIComponent(q)}`, auth(who.token)))).some(
    (m) => m.id === of.user.user_id,
  );

describe(`privacy settings through the gateway (${MODE})`, () => {
  let owner: Member;
  let friend: Member;
  let stranger: Member;
  let friendOfFriend: Member;

  beforeAll(async () => {
    [owner, friend, stranger, friendOfFriend] = await Promise.all([signedInMember(), signedInMember(), signedInMember(), signedInMember()]);
    await befriend(owner, friend);
    await befriend(friendOfFriend, friend);
  });

  it('profile visibility: friends sees the full profile with details, strangers and anonymous callers the card; only me keeps it to the owner', async () => {
    await saveSettings(owner, 'profile', { city: 'Lagos', country: 'Nigeria', work: 'Paystack' });
    await saveSettings(owner, 'privacy', { profileVisibility: 'friends' });
    const seen = await readUntil(
      () => profileAs(stranger, owner),
      (p) => p.visibility === 'limited',
    );
    expect(seen).toEqual({
      visibility: 'limited',
      limitedBy: 'friends',
      user_id: owner.user.user_id,
      profileId: expect.any(String),
      username: owner.member.username,
      firstname: owner.member.firstname,
      lastname: owner.member.lastname,
      name: displayName(owner.member),
      profileImage: expect.any(String),
    });
    expect(await profileAs(null, owner)).toMatchObject({ visibility: 'limited', limitedBy: 'sign_in' });
    const full = await readUntil(
      () => profileAs(friend, owner),
      (p) => p.visibility === 'full' && p.details.city === 'Lagos',
    );
    expect(full).toMatchObject({ visibility: 'full', details: { city: 'Lagos', country: 'Nigeria', work: 'Paystack' } });
    expect((await profileAs(owner, owner)).visibility).toBe('full');

    await saveSettings(owner, 'privacy', { profileVisibility: 'only_me' });
    expect(
      await readUntil(
        () => profileAs(friend, owner),
        (p) => p.visibility === 'limited',
      ),
    ).toMatchObject({ limitedBy: 'only_me' });
    expect((await profileAs(owner, owner)).visibility).toBe('full');

    await saveSettings(owner, 'privacy', { profileVisibility: 'everyone' });
    expect(
      (
        await readUntil(
          () => profileAs(stranger, owner),
          (p) => p.visibility === 'full',
        )
      ).visibility,
    ).toBe('full');
    expect((await profileAs(null, owner)).visibility).toBe('limited');
  });

  it('friend request policy friends_of_friends: the relation says why, the request is refused (403); a friend of a friend may ask', async () => {
    await saveSettings(owner, 'privacy', { friendRequestPolicy: 'friends_of_friends' });
    expect(
      await readUntil(
        () => relation(stranger, owner),
        (r) => !r.canRequest,
      ),
    ).toEqual({
      userId: owner.user.user_id,
      status: 'none',
      requestId: null,
      canRequest: false,
      reason: friendTexts.friendsOfFriendsOnly,
    });
    const refused = await api('/api/friends/requests', json({ toUserId: owner.user.user_id }, stranger.token));
    expect(refused.status).toBe(403);
    expect(await body(refused)).toEqual({
      error: friendTexts.friendsOfFriendsOnly,
      message: friendTexts.friendsOfFriendsOnly,
      code: 'FRIENDS_OF_FRIENDS_ONLY',
    });
    const suggestions = await body<{ id: number }[]>(await api('/api/friends/suggestions?limit=50', auth(stranger.token)));
    expect(suggestions.map((s) => s.id)).not.toContain(owner.user.user_id);

    expect(await relation(friendOfFriend, owner)).toMatchObject({ status: 'none', canRequest: true, reason: null });
    expect((await api('/api/friends/requests', json({ toUserId: owner.user.user_id }, friendOfFriend.token))).status).toBe(201);
  });

  it('e-mail and phone lookups find the member only for the audience they chose, and never show the address or number', async () => {
    await saveSettings(owner, 'profile', { phone: '+234 803 555 0101' });
    await saveSettings(owner, 'privacy', { lookupEmail: 'friends', lookupPhone: 'only_me' });
    const email = owner.member.email.toUpperCase();
    // The owner always finds themself: once they do, auth has the number.
    expect(await readUntil(() => finds(owner, '+234-803-555-0101', owner), Boolean)).toBe(true);
    // Strangers never find them by e-mail: friends is the default as well as the choice.
    expect(
      await readUntil(
        () => finds(stranger, email, owner),
        (found) => !found,
      ),
    ).toBe(false);
    expect(await finds(friend, email, owner)).toBe(true);
    expect(await finds(friend, '2348035550101', owner)).toBe(false);
    expect(await finds(stranger, '2348035550101', owner)).toBe(false);

    await saveSettings(owner, 'privacy', { lookupEmail: 'everyone', lookupPhone: 'everyone' });
    expect(await readUntil(() => finds(stranger, '+234 803 555 0101', owner), Boolean)).toBe(true);
    const res = await api(`/api/users/search?q=${encodeURIComponent(owner.member.email)}`, auth(stranger.token));
    const text = await res.text();
    expect(text).not.toContain(owner.member.email);
    expect(text).not.toContain('0101');
  });

  it('security e-mails (on by default): a sign-in from a new device and a password change are mailed', async () => {
    const before = new Date();
    const firefox = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
    const res = await api('/api/signin', {
      ...json({ email: owner.member.email, password: owner.member.password }),
      headers: { 'content-type': 'application/json', 'user-agent': firefox },
    });
    expect(res.status).toBe(200);
    const alarm = await waitForMail(owner.member.email, /New sign-in/, 15_000, { after: before });
    expect(alarm.text).toContain('Firefox on Windows');

    const changed = await api(
      '/api/settings/security/password',
      json({ currentPassword: owner.member.password, newPassword: 'a much better one' }, owner.token, 'PUT'),
    );
    expect(changed.status).toBe(200);
    expect((await waitForMail(owner.member.email, /password was changed/, 15_000, { after: before })).text).toContain('password');
    await signIn(owner.member.email, 'a much better one');
  });
});
